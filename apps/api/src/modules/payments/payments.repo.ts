import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, count, desc, eq, lt, or, sql } from "drizzle-orm";
import {
  type PaymentRefundRow,
  type PaymentRow,
  paymentEvents,
  paymentRefunds,
  payments,
  plans,
} from "../../db/schema";
import type { Tx } from "../../db/tx";
import { stampOf } from "../../lib/page-cursor";

export type PaymentColumns = Partial<typeof payments.$inferInsert>;

/** The payments and payment_events tables' one owner. */
export function createPaymentsRepo(db: Database) {
  return {
    async owned(userId: string, trackId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.trackId, trackId), eq(payments.userId, userId)))
        .limit(1);
      return row;
    },
    async byTrackId(trackId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.trackId, trackId));
      return row;
    },
    /** The payment, locked until the transaction ends (one callback settles it at a time). */
    async lockByTrackId(tx: Tx, trackId: string): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.trackId, trackId))
        .limit(1)
        .for("update");
      return row;
    },
    async insert(row: typeof payments.$inferInsert): Promise<void> {
      await db.insert(payments).values(row);
    },
    async update(trackId: string, set: PaymentColumns, tx: Tx = db): Promise<void> {
      await tx.update(payments).set(set).where(eq(payments.trackId, trackId));
    },
    /** Changes the payment only while it is still pending; the updated row, or undefined. */
    async updateIfPending(trackId: string, set: PaymentColumns): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set(set)
        .where(and(eq(payments.trackId, trackId), eq(payments.status, "pending")))
        .returning();
      return row;
    },
    /** Pending payments started before `cutoff`, those due first first (a backlog drains in order). */
    pendingSince(cutoff: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, "pending"), lt(payments.createdAt, cutoff)))
        .orderBy(asc(payments.expiresAt))
        .limit(limit);
    },
    countByState(): Promise<{ status: string; n: number }[]> {
      return db.select({ status: payments.status, n: count() }).from(payments).groupBy(payments.status);
    },
    listWithPlans(userId: string, limit: number) {
      return db
        .select({
          payment: payments,
          plan: { name: plans.name, billingInterval: plans.billingInterval, texts: plans.texts },
        })
        .from(payments)
        .innerJoin(plans, eq(plans.id, payments.planId))
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(limit);
    },
    listForUser(userId: string): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.userId, userId));
    },
    /**
     * Records a gateway event once: its id, or undefined when this event id was seen before (a
     * duplicate delivery changes nothing).
     */
    async recordEvent(tx: Tx, row: typeof paymentEvents.$inferInsert): Promise<string | undefined> {
      const recorded = await tx
        .insert(paymentEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return recorded[0]?.id;
    },
    async settleEvent(
      tx: Tx,
      id: string,
      outcome: (typeof paymentEvents.$inferInsert)["outcome"],
      reason: string | null,
    ): Promise<void> {
      await tx.update(paymentEvents).set({ outcome, reason }).where(eq(paymentEvents.id, id));
    },
    /** Account deletion: payments stay for accounting, detached from the person. */
    async detachUser(tx: Tx, userId: string, placeholder: string): Promise<void> {
      await tx.update(payments).set({ userId: placeholder }).where(eq(payments.userId, userId));
    },
    /**
     * The operator's console: payments newest first, one page after `after` (keyset on created
     * time and reference), filtered by state and provider; `q` is a merchant reference, the
     * gateway's reference or a workspace id, matched exactly (each is indexed or the key).
     */
    adminPage(opts: {
      q?: string | undefined;
      state?: PaymentRow["status"] | undefined;
      provider?: PaymentRow["provider"] | undefined;
      amountMinor?: number | undefined;
      /** Started at or after `since` and before `until`. */
      since?: Date | undefined;
      until?: Date | undefined;
      after?: { at: string; id: string } | undefined;
      limit: number;
    }) {
      const { q, state, provider, amountMinor, since, until, after, limit } = opts;
      return db
        .select({
          payment: payments,
          stamp: stampOf(payments.createdAt),
          plan: { name: plans.name, texts: plans.texts },
        })
        .from(payments)
        .innerJoin(plans, eq(plans.id, payments.planId))
        .where(
          and(
            q ? or(eq(payments.trackId, q), eq(payments.providerRef, q), eq(payments.userId, q)) : undefined,
            state ? eq(payments.status, state) : undefined,
            provider ? eq(payments.provider, provider) : undefined,
            amountMinor !== undefined ? eq(payments.amountMinor, amountMinor) : undefined,
            since ? sql`${payments.createdAt} >= ${since.toISOString()}::timestamptz` : undefined,
            until ? sql`${payments.createdAt} < ${until.toISOString()}::timestamptz` : undefined,
            after
              ? sql`(${payments.createdAt}, ${payments.trackId}) < (${after.at}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.trackId))
        .limit(limit);
    },
    /** The workspaces a payment reference (ours or the gateway's) belongs to. */
    async workspacesByReference(ref: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: payments.userId })
        .from(payments)
        .where(or(eq(payments.trackId, ref), eq(payments.providerRef, ref)))
        .limit(10);
      return rows.map((r) => r.userId);
    },
    /** Every gateway event recorded for a payment, oldest first. */
    eventsFor(trackId: string) {
      return db
        .select({
          id: paymentEvents.id,
          provider: paymentEvents.provider,
          outcome: paymentEvents.outcome,
          reason: paymentEvents.reason,
          receivedAt: paymentEvents.receivedAt,
        })
        .from(paymentEvents)
        .where(eq(paymentEvents.trackId, trackId))
        .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
    },
    /** Captured money and first payments by month (UTC), for the console's revenue. */
    async revenueByMonth(since: Date) {
      const rows = await db.execute(sql`
        with captured as (
          select user_id, currency, amount_minor, captured_at,
                 min(captured_at) over (partition by user_id) as first_at
            from payments where status = 'captured' and captured_at is not null
        )
        select to_char(date_trunc('month', captured_at at time zone 'UTC'), 'YYYY-MM') as month,
               currency,
               sum(amount_minor)::bigint as minor,
               count(distinct user_id) filter (where captured_at = first_at)::int as first_payments
          from captured
         where captured_at >= ${since}
         group by 1, 2
         order by 1, 2`);
      return rowsOf<{ month: string; currency: string; minor: string | number; first_payments: number }>(
        rows,
      );
    },
    /** Money refunded by month (UTC) of the refund, per currency. */
    async refundsByMonth(since: Date) {
      return db
        .select({
          month: sql<string>`to_char(date_trunc('month', ${paymentRefunds.settledAt} at time zone 'UTC'), 'YYYY-MM')`,
          currency: paymentRefunds.currency,
          minor: sql<number>`sum(${paymentRefunds.amountMinor})::int`,
        })
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.status, "refunded"),
            sql`${paymentRefunds.settledAt} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(sql`1`, paymentRefunds.currency);
    },
    /** Pending payments older than `before`, and payments held for review (amount mismatch). */
    async backlog(before: Date) {
      const [row] = await db
        .select({
          stale: sql<number>`count(*) filter (where ${payments.status} = 'pending' and ${payments.createdAt} < ${before})::int`,
          held: sql<number>`count(*) filter (where ${payments.status} = 'amount_mismatch')::int`,
        })
        .from(payments);
      return { stale: row?.stale ?? 0, held: row?.held ?? 0 };
    },
    /** A payment's refunds, oldest first. */
    refundsOf(trackId: string, tx: Tx = db): Promise<PaymentRefundRow[]> {
      return tx
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.trackId, trackId))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
    },
    async insertRefund(tx: Tx, row: typeof paymentRefunds.$inferInsert): Promise<void> {
      await tx.insert(paymentRefunds).values(row);
    },
    async settleRefund(
      tx: Tx,
      id: string,
      set: Pick<PaymentRefundRow, "status" | "providerRef" | "resultMessage" | "settledAt">,
    ): Promise<PaymentRefundRow | undefined> {
      const [row] = await tx.update(paymentRefunds).set(set).where(eq(paymentRefunds.id, id)).returning();
      return row;
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
