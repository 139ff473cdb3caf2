import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Visitor messages answered per workspace per calendar month (UTC): the plan's monthly quota.
 * Reserved atomically before answering (insert … on conflict do update … where under the limit),
 * so concurrent messages at the limit cannot overshoot it; given back when no answer was stored.
 */
export const usageCounters = pgTable(
  "usage_counters",
  {
    workspaceId: text("owner_id").notNull(),
    /** The first day of the month (UTC). */
    month: date({ mode: "string" }).notNull(),
    messages: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month] })],
);
