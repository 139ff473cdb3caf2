import { eq } from "drizzle-orm";
import { type PaymentRow, payments, plans } from "../../src/db/schema";
import type { TestApp } from "../harness";

/**
 * What an operator does to the catalogue while users have it open (retire a plan, change a
 * price), and a look at the stored payments. For tests outside this app (the web client's tests
 * against the real API) that must not reach into the schema themselves.
 */
export function operator(t: TestApp) {
  return {
    async setPlanActive(planId: string, isActive: boolean) {
      await t.db.db.update(plans).set({ isActive }).where(eq(plans.id, planId));
    },
    /** Sets the price in minor units and returns the previous one. */
    async setPlanPrice(planId: string, priceMinor: number): Promise<number> {
      const [before] = await t.db.db.select().from(plans).where(eq(plans.id, planId));
      await t.db.db.update(plans).set({ priceMinor }).where(eq(plans.id, planId));
      return before?.priceMinor ?? priceMinor;
    },
    payments(userId: string): Promise<PaymentRow[]> {
      return t.db.db.select().from(payments).where(eq(payments.userId, userId));
    },
  };
}
