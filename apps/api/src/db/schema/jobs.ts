import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A small durable job queue: rows survive restarts; workers claim with FOR UPDATE SKIP LOCKED, so
 * several API processes never run the same job; a crashed worker's claim expires and is retried.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("jobs_due_idx").on(t.status, t.runAt)],
);
