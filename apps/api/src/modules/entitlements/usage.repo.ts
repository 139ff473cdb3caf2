import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, eq, sql } from "drizzle-orm";
import { usageCounters } from "../../db/schema";
import { createBatcher } from "../../lib/batch";

/** The first day of `at`'s calendar month (UTC), as the counter's key. */
export const monthOf = (at: Date) =>
  `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}-01`;

/**
 * Messages answered per workspace per month. `reserve` takes one unit only while the count is
 * under the limit, in one statement: the row lock serialises concurrent reservations, so N
 * messages sent at once at limit − 1 let exactly one through, on Postgres as on PGlite.
 */
export function createUsageRepo(db: Database) {
  /** `n` units at once, only if all of them fit under `limit`: true when taken. */
  const reserve = async (workspaceId: string, month: string, limit: number, n: number) => {
    const result = await db.execute(sql`
      insert into ${usageCounters} (owner_id, month, messages)
      select ${workspaceId}, ${month}::date, ${n}::int where ${n}::int <= ${limit}::int
      on conflict (owner_id, month) do update set messages = ${usageCounters}.messages + ${n}::int
      where ${usageCounters}.messages + ${n}::int <= ${limit}::int
      returning messages`);
    return rowsOf(result).length > 0;
  };

  /**
   * A burst of reservations for one workspace: all of them in one statement when they all fit;
   * otherwise (the limit is near) one by one, in order, so exactly as many as fit are granted.
   */
  const reserveBatched = createBatcher<{ workspaceId: string; month: string; limit: number }, boolean>(
    async (inputs) => {
      const groups = new Map<string, { input: (typeof inputs)[number]; i: number }[]>();
      inputs.forEach((input, i) => {
        const key = [input.workspaceId, input.month, input.limit].join("\u0000");
        const group = groups.get(key) ?? [];
        group.push({ input, i });
        groups.set(key, group);
      });
      const granted: boolean[] = inputs.map(() => false);
      await Promise.all(
        [...groups.values()].map(async (group) => {
          const { workspaceId, month, limit } = (group[0] as (typeof group)[number]).input;
          if (group.length > 1 && (await reserve(workspaceId, month, limit, group.length))) {
            for (const { i } of group) granted[i] = true;
            return;
          }
          for (const { i } of group) granted[i] = await reserve(workspaceId, month, limit, 1);
        }),
      );
      return granted;
    },
  );

  return {
    async messagesIn(workspaceId: string, month: string): Promise<number> {
      const [row] = await db
        .select({ n: usageCounters.messages })
        .from(usageCounters)
        .where(and(eq(usageCounters.workspaceId, workspaceId), eq(usageCounters.month, month)));
      return row?.n ?? 0;
    },

    /**
     * Takes one message of the month's allowance; false when `limit` is already used.
     * Reservations made at the same moment are taken together (see `reserveMany`).
     */
    reserveMessage(workspaceId: string, month: string, limit: number): Promise<boolean> {
      if (limit < 1) return Promise.resolve(false);
      return reserveBatched({ workspaceId, month, limit });
    },

    /** Deletes a deleted account's counters. */
    async forget(workspaceId: string) {
      await db.delete(usageCounters).where(eq(usageCounters.workspaceId, workspaceId));
    },

    /** Gives back a reservation whose answer was never stored (it failed before any text). */
    async releaseMessage(workspaceId: string, month: string) {
      await db
        .update(usageCounters)
        .set({ messages: sql`greatest(${usageCounters.messages} - 1, 0)` })
        .where(and(eq(usageCounters.workspaceId, workspaceId), eq(usageCounters.month, month)));
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
