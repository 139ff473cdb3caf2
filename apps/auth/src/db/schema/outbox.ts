import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Events for the API (contract: `authEventSchema` in @parley/contracts), written in the same
 * transaction as the change they describe and delivered until the API acknowledges them.
 * `user.deleted` rows are written by a trigger on "user" (migration 0001), so every deletion
 * path — self-service, admin, CLI, SQL — produces exactly one event atomically with the delete.
 */
export const authEventOutbox = pgTable(
  "auth_event_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    data: jsonb().notNull(),
    occurredAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    attempts: integer().default(0).notNull(),
    /** When the row may next be tried; pushed forward while a sender holds it (a lease) and after a failure. */
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("auth_event_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
