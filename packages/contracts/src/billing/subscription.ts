import { z } from "zod";
import { idText } from "../common/text";
import { planNamesSchema, planSchema } from "../plans/plan";

/** The spec's subscription details carry "a plan object with id". */
export const planWithIdSchema = planSchema.extend({ id: z.string() });
export type PlanWithId = z.infer<typeof planWithIdSchema>;

/**
 * active: paid period running (or Free). past_due: the period ended and renewal is awaited; access
 * continues until `graceEndsAt`. Payments are manual renewals (no card on file at BENEFIT/MPGS).
 */
export const subscriptionStatusSchema = z.enum(["active", "past_due"]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionDetailsSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  status: subscriptionStatusSchema,
  plan: planWithIdSchema,
  currentPeriodStart: z.string(),
  /** null on Free: nothing to renew. */
  currentPeriodEnd: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  pendingChange: z.object({ plan: planWithIdSchema, effectiveAt: z.string() }).nullable(),
  /** Track id of the payment that started the current period (the downgrade modal sends it). */
  lastPaymentTrackId: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const downgradeRequestSchema = z.object({
  track_id: idText().min(1, "Missing required downgrade information"),
  userId: idText().min(1, "Missing required downgrade information"),
  /** The target plan object (only its `_id` is trusted; the server reloads the plan). */
  newPlanExists: z.object({ _id: idText() }).loose(),
  isYearly: z.boolean(),
});
export type DowngradeRequest = z.infer<typeof downgradeRequestSchema>;

export const downgradeResponseSchema = z.object({
  message: z.string(),
  effectiveAt: z.string(),
  plan: planWithIdSchema,
});
export type DowngradeResponse = z.infer<typeof downgradeResponseSchema>;

export const checkAndCancelRequestSchema = z.object({ userId: idText() });
export const checkAndCancelResponseSchema = z.object({ message: z.string(), cancelled: z.boolean() });
export type CheckAndCancelResponse = z.infer<typeof checkAndCancelResponseSchema>;

/** Usage against the plan's numeric limits, for the dashboard and billing page. */
export const usageSchema = z.object({
  planName: z.string(),
  planNames: planNamesSchema,
  limits: z.object({
    chatbots: z.number(),
    messagesPerMonth: z.number(),
    knowledgeSources: z.number(),
    teamMembers: z.number(),
  }),
  used: z.object({
    chatbots: z.number(),
    messagesThisMonth: z.number(),
    knowledgeSources: z.number(),
    teamMembers: z.number(),
  }),
});
export type Usage = z.infer<typeof usageSchema>;

/** What a plan change was (the subscription's history, stored and shown). */
export const PLAN_CHANGE_KINDS = [
  "created",
  "upgrade",
  "downgrade_scheduled",
  "downgrade_cancelled",
  "downgrade_applied",
  "past_due",
  "expired",
  /** Platform staff granted or extended a plan (the operator's console). */
  "granted",
  /** A refund ended the paid period at once (the operator's console). */
  "refunded",
] as const;

/**
 * `GET /api/subscription/changes` (owners): the workspace's plan changes, newest first, for the
 * billing page's history beside its payments. `byParley`: Parley's team made it (the operator's
 * console: a plan granted, a refund, a downgrade scheduled for the customer).
 */
export const planChangeSchema = z.object({
  kind: z.enum(PLAN_CHANGE_KINDS),
  from: planNamesSchema.nullable(),
  to: planNamesSchema.nullable(),
  at: z.string(),
  /** Until when a plan was granted, or when a transition took effect. */
  effectiveAt: z.string().nullable(),
  byParley: z.boolean(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;
export const planChangeListSchema = z.array(planChangeSchema);
