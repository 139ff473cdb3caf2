import { z } from "zod";
import { nameText } from "../common/names";
import { safeText, withoutNul } from "../common/text";

/**
 * Outgoing webhooks (issue #24): a workspace's endpoints, the events they receive and the log of
 * deliveries. Signed with Standard Webhooks (./standard-webhooks.ts), a secret per endpoint.
 *
 * Every delivery's body is one JSON envelope:
 *   { "type": "<event>", "timestamp": "<ISO time>", "workspaceId": "…", "data": { … } }
 * and the `webhook-id` header is the message id, the same on every retry and redelivery of that
 * message (receivers deduplicate on it).
 */
export const WEBHOOK_EVENT_TYPES = [
  "lead.created",
  "conversation.created",
  "conversation.handoff_requested",
  "conversation.closed",
  "source.ready",
  "source.failed",
  "source.synced",
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/**
 * `source.synced`'s data: a website source's sync finished, with its counts. `held`: a scheduled
 * sync would have removed more than a third of the pages, so nothing was removed; `failed`: the
 * source kept what it knew.
 */
export const sourceSyncedEventDataSchema = z.object({
  source: z.object({
    id: z.string(),
    chatbotId: z.string(),
    kind: z.string(),
    title: z.string(),
    url: z.string().nullable(),
  }),
  sync: z.object({
    trigger: z.enum(["manual", "scheduled"]),
    status: z.enum(["running", "succeeded", "failed", "held"]),
    startedAt: z.string(),
    finishedAt: z.string(),
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
    error: z.string().nullable(),
  }),
});
export type SourceSyncedEventData = z.infer<typeof sourceSyncedEventDataSchema>;

/** "Send test event" delivers this type to one endpoint, whatever events it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export const webhookDeliveryTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);
export type WebhookDeliveryType = z.infer<typeof webhookDeliveryTypeSchema>;

/** Endpoints per workspace. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Longest overlap a rotation may keep the previous secret signing (hours). */
export const WEBHOOK_ROTATION_OVERLAP_MAX_HOURS = 72;
/** Bytes of a receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_SNIPPET_BYTES = 1024;

export const webhookUrlSchema = withoutNul(
  z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX, `An address can be at most ${WEBHOOK_URL_MAX} characters`)
    .pipe(z.url("Enter a full address such as https://example.com")),
).refine((u) => /^https?:\/\//i.test(u), "Only http and https addresses can receive webhooks");

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

/** Optional; the one rule for names people see, a blank one stored empty (`nameText`). */
const descriptionSchema = nameText({
  max: WEBHOOK_DESCRIPTION_MAX,
  tooLong: `A description can be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  line: "A description is one line",
});

export const webhookEndpointCreateSchema = z.object({
  url: webhookUrlSchema,
  description: descriptionSchema.default(""),
  events: eventsSchema,
  enabled: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .object({
    url: webhookUrlSchema,
    description: descriptionSchema,
    events: eventsSchema,
    enabled: z.boolean(),
  })
  .partial();
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it was switched off by Parley (every delivery failing for a day); null otherwise. */
  disabledReason: z.enum(["failing"]).nullable(),
  disabledAt: z.string().nullable(),
  /** Until when the previous secret still signs too (after a rotation); null when none does. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The answer that holds a secret: creation and rotation. The only time the secret is shown. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  /** `whsec_<base64>` (Standard Webhooks' form). */
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookRotateSecretSchema = z.object({
  /** How long the previous secret keeps signing beside the new one; 0 ends it at once. */
  overlapHours: z.number().int().min(0).max(WEBHOOK_ROTATION_OVERLAP_MAX_HOURS).default(24),
});
export type WebhookRotateSecret = z.input<typeof webhookRotateSecretSchema>;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status; null when there was no answer (timeout, refused, blocked). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The first bytes of the answer (at most WEBHOOK_RESPONSE_SNIPPET_BYTES), as text. */
  responseBody: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryStatusSchema = z.enum(["pending", "succeeded", "failed"]);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  type: webhookDeliveryTypeSchema,
  /** The `webhook-id` header: one per message, kept by retries and redeliveries. */
  messageId: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** Newest first. */
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Pass as `before` for older deliveries; null at the end. */
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export const webhookDeliveryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  before: safeText().max(200).optional(),
});

/** The envelope every delivery's body is. */
export interface WebhookEnvelope {
  type: WebhookDeliveryType;
  timestamp: string;
  workspaceId: string;
  data: Record<string, unknown>;
}
