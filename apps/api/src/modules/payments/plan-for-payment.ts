import { majorToMinor, type PaymentInitiateRequest } from "@parley/contracts";
import type { PlanRow } from "../../db/schema";
import { AppError } from "../../lib/errors";

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const amountMismatch = (what: string) =>
  new AppError("PAYMENT_AMOUNT_MISMATCH", `The amount does not match the price of ${what}`);

/**
 * Which plan a payment buys. The server always prices the payment from the plan; the client's
 * amount is only ever compared with that price, never charged as such.
 *
 * - With `planId` (what our web app sends): that active plan, and the amount must be its price.
 * - Without it (the spec's payload is `payment_provider` and `amount` only): the one active plan
 *   whose price is `amount`, narrowed by `planName` (case-insensitive, as spec §5 matches plans)
 *   when given. Several plans at that price is refused with a 400 naming `planId`: guessing
 *   could sell a plan the user did not choose.
 */
export function planForPayment(
  activePlans: readonly PlanRow[],
  input: Pick<PaymentInitiateRequest, "amount" | "planId" | "planName">,
): PlanRow {
  const { planId, planName, amount } = input;
  const costs = (plan: PlanRow) => majorToMinor(amount, plan.currency) === plan.priceMinor;

  if (planId !== undefined) {
    const plan = activePlans.find((p) => p.id === planId);
    if (!plan) throw AppError.of("NOT_FOUND", "payment.userOrPlanNotFound");
    if (planName !== undefined && !sameName(plan.name, planName)) {
      throw AppError.of("BAD_REQUEST", "payment.planNameDoesNotMatch");
    }
    if (plan.priceMinor === 0) throw AppError.of("BAD_REQUEST", "payment.freePlanNeedsNoPayment");
    if (!costs(plan)) throw amountMismatch("the selected plan");
    return plan;
  }

  const named = planName === undefined ? activePlans : activePlans.filter((p) => sameName(p.name, planName));
  if (named.length === 0) throw AppError.of("NOT_FOUND", "payment.userOrPlanNotFound");
  const priced = named.filter(costs);
  if (priced.length === 0) throw amountMismatch(planName === undefined ? "any plan" : "the selected plan");
  if (priced.every((p) => p.priceMinor === 0)) {
    throw AppError.of("BAD_REQUEST", "payment.freePlanNeedsNoPayment");
  }
  const [only, ...others] = priced;
  if (!only || others.length > 0) {
    const message = "Several plans cost this amount: send planId to choose one";
    throw new AppError("VALIDATION_FAILED", message, [{ path: "planId", message }]);
  }
  return only;
}
