import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A small durable job queue: rows survive restarts; workers claim with FOR UPDATE SKIP LOCKED, so
 * several API processes never run the same job. A claim is a lease held by `locked_by` (the owner
 * token of one queue instance) until `locked_until`, kept alive by the owner's heartbeat; a dead
 * owner's lease runs out (or is released at once by a restarted process on the same host) and the
 * job is retried until `max_attempts`, then it ends `failed`.
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
    /** Owner token of the queue instance holding the lease: `host:pid:random`. */
    lockedBy: text(),
    lastError: text(),
    /**
     * Jobs of one group (a webhook endpoint) share a limit of how many run at once (the queue
     * instance's `groupLimit`): one slow receiver holds at most its own slots.
     */
    groupKey: text(),
    /**
     * Jobs of one tenant (a workspace) share a wider limit (`tenantLimit`): however many groups a
     * tenant has, the instances left over take the other tenants' jobs.
     */
    tenantKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.status, t.runAt),
    index("jobs_group_running_idx").on(t.groupKey).where(sql`status = 'running' and group_key is not null`),
    index("jobs_tenant_running_idx")
      .on(t.tenantKey)
      .where(sql`status = 'running' and tenant_key is not null`),
  ],
);
