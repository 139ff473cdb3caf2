import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, eq, sql } from "drizzle-orm";
import { usageCounters } from "../../db/schema";

/** The first day of `at`'s calendar month (UTC), as the counter's key. */
export const monthOf = (at: Date) =>
  `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}-01`;

/**
 * Messages answered per workspace per month. `reserve` takes one unit only while the count is
 * under the limit, in one statement: the row lock serialises concurrent reservations, so N
 * messages sent at once at limit − 1 let exactly one through, on Postgres as on PGlite.
 */
export function createUsageRepo(db: Database) {
  return {
    async messagesIn(ownerId: string, month: string): Promise<number> {
      const [row] = await db
        .select({ n: usageCounters.messages })
        .from(usageCounters)
        .where(and(eq(usageCounters.ownerId, ownerId), eq(usageCounters.month, month)));
      return row?.n ?? 0;
    },

    /** Takes one message of the month's allowance; false when `limit` is already used. */
    async reserveMessage(ownerId: string, month: string, limit: number): Promise<boolean> {
      if (limit < 1) return false;
      const result = await db.execute(sql`
        insert into ${usageCounters} (owner_id, month, messages) values (${ownerId}, ${month}::date, 1)
        on conflict (owner_id, month) do update set messages = ${usageCounters}.messages + 1
        where ${usageCounters}.messages < ${limit}::int
        returning messages`);
      return rowsOf(result).length > 0;
    },

    /** Deletes a deleted account's counters. */
    async forget(ownerId: string) {
      await db.delete(usageCounters).where(eq(usageCounters.ownerId, ownerId));
    },

    /** Gives back a reservation whose answer was never stored (it failed before any text). */
    async releaseMessage(ownerId: string, month: string) {
      await db
        .update(usageCounters)
        .set({ messages: sql`greatest(${usageCounters.messages} - 1, 0)` })
        .where(and(eq(usageCounters.ownerId, ownerId), eq(usageCounters.month, month)));
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
