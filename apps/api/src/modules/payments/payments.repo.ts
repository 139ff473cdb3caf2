import type { Database } from "@parley/db";
import { and, asc, count, desc, eq, lt } from "drizzle-orm";
import { type PaymentRow, paymentEvents, payments, plans } from "../../db/schema";
import type { Tx } from "../../db/tx";

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
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
