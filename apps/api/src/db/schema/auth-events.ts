import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Auth events already handled; delivery is at-least-once, so a repeated id is acknowledged and skipped. */
export const processedAuthEvents = pgTable("processed_auth_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
