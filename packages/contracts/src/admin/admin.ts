import { z } from "zod";
import { paymentMethodSchema, paymentStatusSchema } from "../billing/payment";
import { idText, safeText } from "../common/text";
import { pageOf } from "../paging/page";
import { billingIntervalSchema, moneySchema, planNamesSchema } from "../plans/plan";

/**
 * The operator's console (issue #33): `/api/admin/*`, for platform staff only. `admin` may read
 * and act; `support` may only read. Every action needs a sign-in within the last
 * ADMIN_STEP_UP_SECONDS (the token's `authTime`) and a reason, and is written to the platform
 * audit log.
 */
export const PLATFORM_STAFF_ROLES = ["admin", "support"] as const;
export type PlatformStaffRole = (typeof PLATFORM_STAFF_ROLES)[number];
export const ADMIN_STEP_UP_SECONDS = 10 * 60;
export const ADMIN_PAGE_SIZE = 25;

/** What an operator types to say why: kept with the action in the platform audit log. */
export const adminReasonSchema = safeText()
  .trim()
  .min(3, "Say why, in a few words")
  .max(500, "Keep the reason under 500 characters");

export const adminSearchQuerySchema = z.object({
  /** An e-mail address or part of one, a name, a workspace id or a payment reference. */
  q: safeText().trim().min(2, "Type at least 2 characters to search").max(200),
});

export const adminWorkspaceHitSchema = z.object({
  id: z.string(),
  /** The workspace's name on the auth service; null when it could not be asked. */
  name: z.string().nullable(),
  personal: z.boolean(),
  owners: z.array(z.object({ email: z.string(), name: z.string() })),
  plan: z.object({ id: z.string(), name: z.string(), names: planNamesSchema, tier: z.number().int() }),
  status: z.enum(["active", "past_due"]),
  /** What the search matched: `email`, `name`, `workspace`, `payment`. */
  matched: z.array(z.enum(["email", "name", "workspace", "payment"])),
});
export const adminWorkspaceSearchSchema = z.object({
  items: z.array(adminWorkspaceHitSchema),
  /** The auth service could not be asked: names and members are missing, the API's own data is not. */
  partial: z.boolean(),
});
export type AdminWorkspaceHit = z.infer<typeof adminWorkspaceHitSchema>;
export type AdminWorkspaceSearch = z.infer<typeof adminWorkspaceSearchSchema>;

const iso = z.string();

export const adminPaymentSchema = z.object({
  trackId: z.string(),
  workspaceId: z.string(),
  provider: z.enum(["sandbox", "benefit", "mpgs"]),
  method: paymentMethodSchema,
  state: paymentStatusSchema,
  amount: moneySchema,
  plan: z.object({ id: z.string(), names: planNamesSchema }),
  gatewayReference: z.string().nullable(),
  resultCode: z.string().nullable(),
  resultMessage: z.string().nullable(),
  createdAt: iso,
  capturedAt: iso.nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  outcome: z.enum(["applied", "ignored", "rejected"]),
  reason: z.string().nullable(),
  receivedAt: iso,
});
export const adminRefundSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  status: z.enum(["requested", "refunded", "failed"]),
  planConsequence: z.enum(["keep", "free_now", "end_of_period"]),
  reason: z.string(),
  requestedBy: z.string(),
  resultMessage: z.string().nullable(),
  createdAt: iso,
});
export const adminPaymentDetailSchema = adminPaymentSchema.extend({
  events: z.array(adminPaymentEventSchema),
  refunds: z.array(adminRefundSchema),
  /** Whether its gateway takes refunds from Parley (BENEFIT: only in its own console). */
  refundable: z.boolean(),
});

/** Money back through the gateway, with what happens to the plan said explicitly. */
export const adminRefundRequestSchema = z.object({
  amount: z.number().positive().max(100_000),
  planConsequence: z.enum(["keep", "free_now", "end_of_period"]),
  reason: adminReasonSchema,
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

export const adminPaymentStateSchema = adminPaymentSchema.shape.state;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isDayOrMoment(v);
export const adminPaymentsQuerySchema = z.object({
  q: safeText().trim().max(200).optional(),
  state: adminPaymentStateSchema.optional(),
  provider: adminPaymentSchema.shape.provider.optional(),
  /** The amount exactly, in major units (`9.5` for BHD 9.500). */
  amount: z.coerce.number().positive().max(100_000).optional(),
  /** Started on or after this day (UTC), and on or before `to`. */
  from: safeText().refine(isDay, "Use a date like 2026-11-21").optional(),
  to: safeText().refine(isDay, "Use a date like 2026-11-21").optional(),
  cursor: safeText().max(300).optional(),
});
export const adminPaymentListSchema = pageOf(adminPaymentSchema);
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: iso,
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

const limitsSchema = z.object({
  chatbots: z.number().int(),
  messagesPerMonth: z.number().int(),
  knowledgeSources: z.number().int(),
  teamMembers: z.number().int(),
});

export const adminWorkspaceDetailSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  personal: z.boolean(),
  /** False when the auth service could not be asked: members and the name are missing. */
  membersKnown: z.boolean(),
  /** Suspended by platform staff: every bot answers "unavailable". */
  suspension: z.object({ at: iso, reason: z.string(), by: z.string() }).nullable(),
  members: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(["owner", "admin", "agent"]),
    }),
  ),
  subscription: z.object({
    status: z.enum(["active", "past_due"]),
    plan: z.object({
      id: z.string(),
      names: planNamesSchema,
      tier: z.number().int(),
      billingInterval: billingIntervalSchema,
    }),
    currentPeriodStart: iso,
    currentPeriodEnd: iso.nullable(),
    graceEndsAt: iso.nullable(),
    pendingChange: z.object({ planNames: planNamesSchema, effectiveAt: iso }).nullable(),
  }),
  usage: z.object({ used: limitsSchema, limits: limitsSchema, month: z.string() }),
  chatbots: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      published: z.boolean(),
      suspendedAt: iso.nullable(),
      suspendedReason: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  payments: z.array(adminPaymentSchema),
  subscriptionChanges: z.array(
    z.object({
      kind: z.string(),
      from: planNamesSchema.nullable(),
      to: planNamesSchema.nullable(),
      reference: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  apiKeys: z.array(
    z.object({ name: z.string(), createdAt: iso, lastUsedAt: iso.nullable(), revoked: z.boolean() }),
  ),
  webhooks: z.array(
    z.object({
      url: z.string(),
      enabled: z.boolean(),
      failingSince: iso.nullable(),
      disabledReason: z.string().nullable(),
    }),
  ),
  channels: z.array(
    z.object({
      kind: z.string(),
      chatbotId: z.string(),
      displayNumber: z.string().nullable(),
      status: z.string(),
    }),
  ),
  recentErrors: z.array(z.object({ what: z.string(), message: z.string(), at: iso })),
  audit: z.array(adminAuditEntrySchema),
});
export type AdminWorkspaceDetail = z.infer<typeof adminWorkspaceDetailSchema>;

/**
 * A day (`2026-11-21`) or a moment (`2026-11-21T09:00:00Z`, an offset or `Z` required) that exists:
 * no 30 February, no bare numbers or words that `Date.parse` would read as some date.
 */
export function isDayOrMoment(value: string): boolean {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const moment = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  const parts = day ?? moment;
  if (!parts) return false;
  const at = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at.getTime())) return false;
  // The calendar day as written must exist (Date rolls 2026-02-30 over to 2 March).
  const probe = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return probe.getUTCMonth() === Number(parts[2]) - 1 && probe.getUTCDate() === Number(parts[3]);
}
const dayOrMoment = () => safeText().trim().max(40).refine(isDayOrMoment, "Use a date like 2026-11-21");

/** Grant or extend a plan without a payment: through the subscriptions module's own rules. */
export const adminGrantSchema = z.object({
  planId: idText(),
  /** The last day of the granted period (a date, or a date and time), in the future. */
  until: dayOrMoment(),
  reason: adminReasonSchema,
});
export type AdminGrant = z.infer<typeof adminGrantSchema>;

export const adminSuspendSchema = z.object({ reason: adminReasonSchema });

/** A payment held for review: `grant` treats it as paid, `decline` closes it without a plan. */
export const adminResolveSchema = z.object({
  decision: z.enum(["grant", "decline"]),
  reason: adminReasonSchema,
});

/** A downgrade at the end of the paid period (a lower plan), or `planId: null` to cancel the scheduled one. */
export const adminDowngradeSchema = z.object({ planId: idText().nullable(), reason: adminReasonSchema });

const planWords = (max: number) => safeText().trim().max(max);
const bothLanguages = <T extends z.ZodType>(schema: T) => z.object({ en: schema, ar: schema });

/**
 * A plan edit: `version` is the one the operator read (a newer one answers 409 with it). Only the
 * fields sent change. A price applies to payments started from `price.from` (default now): a
 * period already paid never changes.
 */
export const adminPlanPatchSchema = z
  .object({
    version: z.number().int().positive(),
    reason: adminReasonSchema,
    price: z
      .object({
        amount: z.number().nonnegative().max(100_000),
        from: dayOrMoment().optional(),
      })
      .optional(),
    limits: limitsSchema
      .extend({
        chatbots: z.number().int().min(0).max(100_000),
        messagesPerMonth: z.number().int().min(0).max(100_000_000),
        knowledgeSources: z.number().int().min(0).max(1_000_000),
        teamMembers: z.number().int().min(1).max(10_000),
      })
      .partial()
      .optional(),
    features: bothLanguages(z.array(planWords(200).min(1)).max(20)).optional(),
    name: bothLanguages(planWords(60).min(1, "Give the plan a name in both languages")).optional(),
    description: bothLanguages(planWords(500)).optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type AdminPlanPatch = z.infer<typeof adminPlanPatchSchema>;

export const adminPlanSchema = z.object({
  id: z.string(),
  code: z.string(),
  version: z.number().int(),
  isActive: z.boolean(),
  tier: z.number().int(),
  billingInterval: billingIntervalSchema,
  price: moneySchema,
  nextPrice: z.object({ amount: moneySchema, from: iso }).nullable(),
  limits: limitsSchema,
  texts: z.object({
    en: z.object({ name: z.string(), description: z.string(), extras: z.array(z.string()) }),
    ar: z.object({ name: z.string(), description: z.string(), extras: z.array(z.string()) }),
  }),
  editedAt: iso.nullable(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.object({ items: z.array(adminPlanSchema) });

export const adminHealthSchema = z.object({
  jobs: z.array(
    z.object({
      kind: z.string(),
      queued: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
      oldestQueuedAt: iso.nullable(),
    }),
  ),
  failingWebhooks: z.array(
    z.object({
      workspaceId: z.string(),
      url: z.string(),
      failingSince: iso.nullable(),
      enabled: z.boolean(),
    }),
  ),
  ingestionFailures: z.object({
    last24h: z.number().int(),
    recent: z.array(
      z.object({
        workspaceId: z.string(),
        chatbotId: z.string(),
        title: z.string(),
        error: z.string().nullable(),
        at: iso,
      }),
    ),
  }),
  payments: z.object({ pendingOlderThan15m: z.number().int(), heldForReview: z.number().int() }),
  messagesByHour: z.array(z.object({ hour: iso, channel: z.string(), messages: z.number().int() })),
  /** By month: money captured and refunded, workspaces paying for the first time, and those that fell back to Free. */
  revenue: z.array(
    z.object({
      month: z.string(),
      currency: z.string(),
      captured: z.number(),
      refunded: z.number(),
      newWorkspaces: z.number().int(),
      churned: z.number().int(),
    }),
  ),
  /** Monthly recurring revenue now (a yearly plan counts a twelfth), with the paying workspaces. */
  mrr: z.array(z.object({ currency: z.string(), amount: z.number(), workspaces: z.number().int() })),
  suspendedChatbots: z.number().int(),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;

/** `GET /api/admin/me`: who is signed in to the console, and until when changes are allowed. */
export const adminMeSchema = z.object({
  role: z.enum(PLATFORM_STAFF_ROLES),
  email: z.string(),
  /** For an admin: the end of the step-up window (null for support, who never change anything). */
  changesUntil: z.string().nullable(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** A bot's suspension as `…/chatbots/:id/suspend` and `…/unsuspend` answer it. */
export const adminBotSuspensionSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
/** A workspace's suspension as `…/workspaces/:id/suspend` and `…/unsuspend` answer it. */
export const adminWorkspaceSuspensionSchema = z.object({
  workspaceId: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
/** `GET /api/admin/actions`: the platform audit log, newest first. */
export const adminActionListSchema = z.object({ items: z.array(adminAuditEntrySchema) });
/** An action whose answer is a sentence for the operator (a downgrade scheduled or cancelled). */
export const adminMessageSchema = z.object({ message: z.string() });
