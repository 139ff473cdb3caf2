import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadeTo } from "./_columns";

/**
 * Outgoing webhooks (issue #24). An endpoint belongs to a workspace; its signing secret is stored
 * sealed (AES-256-GCM, bound to the endpoint's id), never in plain text. After a rotation the
 * previous secret stays (sealed) until `previousSecretUntil`, and both sign meanwhile.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text().primaryKey(),
    workspaceId: text().notNull(),
    url: text().notNull(),
    description: text().notNull().default(""),
    events: jsonb().$type<string[]>().notNull(),
    enabled: boolean().notNull().default(true),
    /** `failing`: switched off by Parley after a day of failed deliveries (the owner was e-mailed). */
    disabledReason: text({ enum: ["failing"] }),
    disabledAt: timestamp({ withTimezone: true }),
    secretSealed: text().notNull(),
    previousSecretSealed: text(),
    previousSecretUntil: timestamp({ withTimezone: true }),
    /** The first failed attempt since the last successful one (null: the last attempt succeeded). */
    failingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.createdAt)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One message to one endpoint. `messageId` is the `webhook-id` header (one per event, the same on
 * every retry and redelivery); (endpoint, message, redelivery) is unique, so the fan-out job can
 * run again after a crash without delivering twice. `body` is the exact JSON sent.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text().primaryKey(),
    endpointId: cascadeTo(() => webhookEndpoints.id),
    workspaceId: text().notNull(),
    type: text().notNull(),
    messageId: text().notNull(),
    /** 0 for the first delivery of the message; 1, 2… for each "redeliver". */
    redelivery: integer().notNull().default(0),
    body: text().notNull(),
    status: text({ enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_message_idx").on(t.endpointId, t.messageId, t.redelivery),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every HTTP attempt of a delivery: what the receiver answered (its first bytes), or the error. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text().primaryKey(),
    deliveryId: cascadeTo(() => webhookDeliveries.id),
    attempt: integer().notNull(),
    statusCode: integer(),
    latencyMs: integer().notNull(),
    responseBody: text().notNull().default(""),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
