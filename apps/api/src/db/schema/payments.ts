import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./_columns";
import { plans } from "./plans";

/** One row per payment attempt; `trackId` is our merchant reference sent to the gateway. */
export const payments = pgTable(
  "payments",
  {
    trackId: text().primaryKey(),
    /** The workspace that pays (its id; a personal workspace's id is its owner's user id). */
    userId: text().notNull(),
    /** The member who started the payment, named in the audit log when it changes the plan. */
    initiatedById: text(),
    initiatedByEmail: text(),
    planId: text()
      .notNull()
      .references(() => plans.id),
    method: text({ enum: ["mastercard", "benefit"] }).notNull(),
    provider: text({ enum: ["sandbox", "benefit", "mpgs"] }).notNull(),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    status: text({ enum: ["pending", "captured", "failed", "canceled", "expired", "amount_mismatch"] })
      .notNull()
      .default("pending"),
    providerRef: text(),
    /** e.g. MPGS successIndicator; never sent to the browser. */
    providerSecret: text(),
    resultCode: text(),
    resultMessage: text(),
    /** Set by POST /api/payments/create (the client's record call); idempotent. */
    recordedAt: timestamp({ withTimezone: true }),
    capturedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.createdAt),
    index("payments_pending_idx").on(t.status, t.createdAt),
    // The operator's console: newest first across everyone, and a gateway's reference.
    index("payments_created_idx").on(t.createdAt, t.trackId),
    index("payments_provider_ref_idx").on(t.providerRef),
    check("payments_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Gateway callbacks as received (the inbox): deduplicated by (provider, eventId). */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    eventId: text().notNull(),
    trackId: text(),
    outcome: text({ enum: ["applied", "ignored", "rejected"] }).notNull(),
    reason: text(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_dedupe_idx").on(t.provider, t.eventId)],
);

/**
 * State of the built-in sandbox gateway. It stands in for an external system, so it keeps its own
 * table and talks to the payments module only over HTTP, like BENEFIT or MPGS would.
 */
export const sandboxGatewayOrders = pgTable("sandbox_gateway_orders", {
  trackId: text().primaryKey(),
  method: text().notNull(),
  amountMinor: integer().notNull(),
  currency: text().notNull(),
  description: text().notNull(),
  callbackUrl: text().notNull(),
  returnUrl: text().notNull(),
  decision: text({ enum: ["approved", "declined", "canceled"] }),
  decidedAt: timestamp({ withTimezone: true }),
  /** Refunds the merchant asked for: each id once, their sum never above the amount. */
  refunds: jsonb().$type<{ id: string; amountMinor: number; at: string }[]>().notNull().default([]),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds platform staff asked a gateway for (the operator's console): recorded before the gateway
 * is asked (so two at once cannot both pass the amount check), then marked with its answer.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: text().primaryKey(),
    trackId: text()
      .notNull()
      .references(() => payments.trackId),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    status: text({ enum: ["requested", "refunded", "failed"] }).notNull(),
    /** What happens to the plan: kept, back to Free now, or Free at the end of the paid period. */
    planConsequence: text({ enum: ["keep", "free_now", "end_of_period"] }).notNull(),
    reason: text().notNull(),
    requestedBy: text().notNull(),
    providerRef: text(),
    resultMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("payment_refunds_track_idx").on(t.trackId, t.createdAt),
    check("payment_refunds_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
