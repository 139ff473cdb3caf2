import type { Database } from "@parley/db";
import { and, asc, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import { plans, type SubscriptionRow, subscriptionChanges, subscriptions } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { newId } from "../../lib/ids";

export type { Tx };

export function createSubscriptionsRepo(db: Database) {
  return {
    db,
    async byUser(tx: Tx, userId: string, forUpdate = false): Promise<SubscriptionRow | undefined> {
      const q = tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      const [row] = forUpdate ? await q.for("update") : await q;
      return row;
    },
    async freePlanId(tx: Tx): Promise<string> {
      const [row] = await tx
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.tier, 0), eq(plans.billingInterval, "monthly")))
        .limit(1);
      if (!row) throw new Error("The Free plan is missing: plans were not seeded");
      return row.id;
    },
    /** Creates the Free subscription when the user has none; safe under concurrent first requests. */
    async ensure(tx: Tx, userId: string, now: Date): Promise<SubscriptionRow> {
      const existing = await this.byUser(tx, userId);
      if (existing) return existing;
      const planId = await this.freePlanId(tx);
      const id = newId("sub");
      const inserted = await tx
        .insert(subscriptions)
        .values({ id, userId, planId, status: "active", currentPeriodStart: now })
        .onConflictDoNothing({ target: subscriptions.userId })
        .returning();
      if (inserted[0]) {
        await this.logChange(tx, { subscriptionId: id, userId, kind: "created", toPlanId: planId });
        return inserted[0];
      }
      const row = await this.byUser(tx, userId);
      if (!row) throw new Error("subscription vanished during ensure");
      return row;
    },
    async update(tx: Tx, id: string, set: Partial<typeof subscriptions.$inferInsert>) {
      const [row] = await tx.update(subscriptions).set(set).where(eq(subscriptions.id, id)).returning();
      return row;
    },
    /**
     * Records a change. Period-end kinds are unique per (subscription, kind, effectiveAt): returns
     * false when another process already recorded (and so applied) the same transition.
     */
    async logChange(
      tx: Tx,
      change: {
        subscriptionId: string;
        userId: string;
        kind: (typeof subscriptionChanges.$inferInsert)["kind"];
        fromPlanId?: string | null;
        toPlanId?: string | null;
        effectiveAt?: Date | null;
        reference?: string | null;
      },
    ): Promise<boolean> {
      const rows = await tx
        .insert(subscriptionChanges)
        .values({ id: newId("chg"), ...change })
        .onConflictDoNothing()
        .returning({ id: subscriptionChanges.id });
      return rows.length > 0;
    },
    /** Due rows, locked for this transaction; rows another process holds are skipped, not waited on. */
    async lockDue(tx: Tx, now: Date, limit: number): Promise<SubscriptionRow[]> {
      return tx
        .select()
        .from(subscriptions)
        .where(
          or(
            and(
              eq(subscriptions.status, "active"),
              isNotNull(subscriptions.currentPeriodEnd),
              lte(subscriptions.currentPeriodEnd, now),
            ),
            and(eq(subscriptions.status, "past_due"), lte(subscriptions.graceEndsAt, now)),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(limit)
        .for("update", { skipLocked: true });
    },
    async changesFor(tx: Tx, userId: string) {
      return tx
        .select()
        .from(subscriptionChanges)
        .where(eq(subscriptionChanges.userId, userId))
        .orderBy(asc(subscriptionChanges.createdAt), sql`${subscriptionChanges.id}`);
    },
    /** Account deletion: the user's subscription (its change history goes with it). */
    async removeForUser(tx: Tx, userId: string): Promise<void> {
      await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    },
    /** Workspaces that fell back to Free, by month (UTC): grace ran out, or a downgrade to Free applied. */
    async churnByMonth(tx: Tx, since: Date): Promise<Map<string, number>> {
      const rows = await tx
        .select({
          month: sql<string>`to_char(date_trunc('month', ${subscriptionChanges.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
          n: sql<number>`count(distinct ${subscriptionChanges.userId})::int`,
        })
        .from(subscriptionChanges)
        .innerJoin(plans, eq(plans.id, subscriptionChanges.toPlanId))
        .where(
          and(
            sql`${subscriptionChanges.kind} in ('expired', 'downgrade_applied')`,
            eq(plans.tier, 0),
            sql`${subscriptionChanges.createdAt} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(sql`1`);
      return new Map(rows.map((r) => [r.month, Number(r.n)]));
    },
    /**
     * Monthly recurring revenue now: every paid period running, a yearly plan as a twelfth of its
     * price, per currency (minor units).
     */
    async mrr(tx: Tx, at: Date) {
      return tx
        .select({
          currency: plans.currency,
          minor: sql<number>`coalesce(sum(case when ${plans.billingInterval} = 'yearly' then ${plans.priceMinor} / 12.0 else ${plans.priceMinor} end), 0)::float8`,
          workspaces: sql<number>`count(*)::int`,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(
          and(
            sql`${plans.priceMinor} > 0`,
            sql`${subscriptions.currentPeriodEnd} > ${at.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(plans.currency);
    },
  };
}
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
