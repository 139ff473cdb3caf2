import { PLAN_CHANGE_KINDS } from "@parley/contracts";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadeTo, timestamps } from "./_columns";
import { plans } from "./plans";

/** One subscription per user; every user has one (Free until they pay). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text().primaryKey(),
    userId: text().notNull().unique(),
    planId: text()
      .notNull()
      .references(() => plans.id),
    status: text({ enum: ["active", "past_due"] }).notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    /** null on Free. */
    currentPeriodEnd: timestamp({ withTimezone: true }),
    /** While past_due: access continues until then, then the subscription falls back to Free. */
    graceEndsAt: timestamp({ withTimezone: true }),
    /** A scheduled downgrade, applied by the period-end job at `pendingChangeAt`. */
    pendingPlanId: text().references(() => plans.id),
    pendingChangeAt: timestamp({ withTimezone: true }),
    lastPaymentTrackId: text(),
    ...timestamps,
  },
  (t) => [
    check("subscriptions_status_valid", sql`${t.status} in ('active', 'past_due')`),
    check(
      "subscriptions_pending_complete",
      sql`(${t.pendingPlanId} is null) = (${t.pendingChangeAt} is null)`,
    ),
    index("subscriptions_period_end_idx").on(t.currentPeriodEnd),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Audit trail of every plan change. The unique key makes each period-end transition happen once
 * even when two API processes race for the same subscription.
 */
export const subscriptionChanges = pgTable(
  "subscription_changes",
  {
    id: text().primaryKey(),
    subscriptionId: cascadeTo(() => subscriptions.id),
    userId: text().notNull(),
    kind: text({ enum: PLAN_CHANGE_KINDS }).notNull(),
    fromPlanId: text(),
    toPlanId: text(),
    /** For period-end transitions: the period end they belong to. */
    effectiveAt: timestamp({ withTimezone: true }),
    reference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_changes_user_idx").on(t.userId),
    uniqueIndex("subscription_changes_once_idx")
      .on(t.subscriptionId, t.kind, t.effectiveAt)
      .where(sql`${t.kind} in ('downgrade_applied', 'past_due', 'expired')`),
  ],
);
