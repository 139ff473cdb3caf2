import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./database";
import { rowsOf } from "./rows";

/**
 * The one row-claiming primitive of both services (the API's job queue, the auth service's event
 * outbox). One statement picks due rows with `FOR UPDATE SKIP LOCKED` and stamps them as taken
 * (a lease, an owner, an attempt) in the same update, so two replicas never claim one row and a
 * claim is never half made. It runs the same on PGlite and Postgres.
 *
 * Hand-written loops each had their own copy of this SQL; what they keep is what differs: which
 * rows are due, the order, and what a claim writes. Every later write by the claimer should be
 * conditional on what the claim stamped (the job queue's owner token), so a claimer that lost its
 * lease cannot overwrite the next one's outcome.
 */
export interface ClaimSpec {
  /** A table whose key column is `id`. */
  table: PgTable;
  /** Condition for a row to be claimable (due, not leased, attempts left…). */
  due: SQL;
  /** Claim order (oldest first, usually). */
  orderBy: SQL;
  /** At most this many rows per claim. */
  limit: number;
  /** The SET list that marks a row as taken, e.g. sql`locked_until = …, locked_by = …`. */
  set: SQL;
  /** The RETURNING list. Rows come back in no particular order; sort them if order matters. */
  returning: SQL;
}

export async function claimRows<T>(db: Pick<Database, "execute">, spec: ClaimSpec): Promise<T[]> {
  const result = await db.execute(sql`
    update ${spec.table} set ${spec.set}
     where id in (
       select id from ${spec.table}
        where ${spec.due}
        order by ${spec.orderBy}
        limit ${spec.limit}
        for update skip locked)
    returning ${spec.returning}`);
  return rowsOf<T>(result);
}

/**
 * Runs `batch` (claim up to `batchSize` rows and handle them) until one comes back short: the
 * drain step of every claim loop (the outbox's pass, the period-end job). Returns the rows handled.
 */
export async function drainBatches(batchSize: number, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < batchSize) return total;
  }
}
