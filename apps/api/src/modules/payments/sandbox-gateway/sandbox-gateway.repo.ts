import type { Database } from "@parley/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import { sandboxGatewayOrders } from "../../../db/schema";

type Order = typeof sandboxGatewayOrders.$inferSelect;

/** The sandbox_gateway_orders table's one owner: the built-in gateway's own bookkeeping. */
export function createSandboxOrdersRepo(db: Database) {
  return {
    async find(trackId: string): Promise<Order | undefined> {
      const [order] = await db
        .select()
        .from(sandboxGatewayOrders)
        .where(eq(sandboxGatewayOrders.trackId, trackId));
      return order;
    },
    /** Idempotent on the track id, as a gateway's order API is. */
    async insert(order: typeof sandboxGatewayOrders.$inferInsert): Promise<void> {
      await db.insert(sandboxGatewayOrders).values(order).onConflictDoNothing();
    },
    /**
     * A refund of an approved order, once per refund id, never past the order's amount (one
     * statement, so two at once cannot both pass). "done" also for a refund id seen before.
     */
    async refund(
      trackId: string,
      refundId: string,
      amountMinor: number,
      at: Date,
    ): Promise<"done" | "too_much" | "not_paid"> {
      const entry = JSON.stringify([{ id: refundId, amountMinor, at: at.toISOString() }]);
      const seen = JSON.stringify([{ id: refundId }]);
      const rows = await db
        .update(sandboxGatewayOrders)
        .set({ refunds: sql`${sandboxGatewayOrders.refunds} || ${entry}::jsonb` })
        .where(
          and(
            eq(sandboxGatewayOrders.trackId, trackId),
            eq(sandboxGatewayOrders.decision, "approved"),
            sql`not (${sandboxGatewayOrders.refunds} @> ${seen}::jsonb)`,
            sql`(select coalesce(sum((r->>'amountMinor')::int), 0) from jsonb_array_elements(${sandboxGatewayOrders.refunds}) r) + ${amountMinor} <= ${sandboxGatewayOrders.amountMinor}`,
          ),
        )
        .returning({ trackId: sandboxGatewayOrders.trackId });
      if (rows.length > 0) return "done";
      const order = await this.find(trackId);
      if (order?.decision !== "approved") return "not_paid";
      return order.refunds.some((r) => r.id === refundId) ? "done" : "too_much";
    },
    /** Records the first decision only; the decided order, or undefined when it was decided before. */
    async decide(
      trackId: string,
      decision: NonNullable<Order["decision"]>,
      at: Date,
    ): Promise<Order | undefined> {
      const [order] = await db
        .update(sandboxGatewayOrders)
        .set({ decision, decidedAt: at })
        .where(and(eq(sandboxGatewayOrders.trackId, trackId), isNull(sandboxGatewayOrders.decision)))
        .returning();
      return order;
    },
  };
}
export type SandboxOrdersRepo = ReturnType<typeof createSandboxOrdersRepo>;
