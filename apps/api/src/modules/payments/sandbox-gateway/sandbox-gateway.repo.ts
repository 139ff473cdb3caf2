import type { Database } from "@parley/db";
import { and, eq, isNull } from "drizzle-orm";
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
