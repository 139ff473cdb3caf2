import type { BillingInterval, Money, Plan, SubscriptionDetails } from "@parley/contracts";
import { formatMoney, majorToMinor, minorToMajor } from "@parley/contracts";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** "Dec 21, 2026". Invalid input gives an empty string rather than "Invalid Date". */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

export function intervalNoun(interval: BillingInterval): "month" | "year" {
  return interval === "monthly" ? "month" : "year";
}

/** "BHD 25.000/month": the price with its currency and billing interval. */
export function formatPlanPrice(plan: Pick<Plan, "price" | "billingInterval">): string {
  return `${formatMoney(plan.price.amount, plan.price.currency)}/${intervalNoun(plan.billingInterval)}`;
}

/** Matches the spec: only active plans are offered, names match case-insensitively. */
export function findPlan(
  plans: readonly Plan[] | undefined,
  name: string,
  interval?: BillingInterval,
): Plan | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  return plans?.find(
    (plan) =>
      plan.isActive &&
      plan.name.trim().toLowerCase() === wanted &&
      (interval === undefined || plan.billingInterval === interval),
  );
}

/**
 * What a downgrade saves, per the target plan's interval. Prices are compared in integer minor
 * units (never floating-point major units); a monthly price counts twelve times against a yearly
 * one. Null when the plans are in different currencies or nothing is saved.
 */
export function downgradeSavings(
  current: Pick<Plan, "price" | "billingInterval">,
  target: Pick<Plan, "price" | "billingInterval">,
): { money: Money; interval: BillingInterval } | null {
  const currency = current.price.currency;
  if (target.price.currency !== currency) return null;
  const perYear = (plan: Pick<Plan, "price" | "billingInterval">) =>
    majorToMinor(plan.price.amount, currency) * (plan.billingInterval === "monthly" ? 12 : 1);
  let saved: number;
  let interval: BillingInterval;
  if (current.billingInterval === target.billingInterval) {
    saved = majorToMinor(current.price.amount, currency) - majorToMinor(target.price.amount, currency);
    interval = target.billingInterval;
  } else {
    saved = perYear(current) - perYear(target);
    interval = "yearly";
  }
  if (saved <= 0) return null;
  return { money: { amount: minorToMajor(saved, currency), currency }, interval };
}

export type PlanAction =
  | { kind: "current" }
  /** The current plan while its renewal is due: pay for it again. */
  | { kind: "renew" }
  /** The plan a scheduled downgrade moves to. */
  | { kind: "scheduled" }
  /** Pay now; the new period starts when the payment is captured. */
  | { kind: "upgrade" }
  /** Schedule a change at the end of the current period. */
  | { kind: "downgrade" }
  /** Pay now for a plan that is not a higher tier (another interval, or a new plan while renewal is due). */
  | { kind: "switch"; label: string }
  | { kind: "none"; reason: string };

/** What the plan chooser offers for `plan`, given the user's subscription. */
export function planAction(plan: Plan, subscription: SubscriptionDetails): PlanAction {
  const current = subscription.plan;
  const pastDue = subscription.status === "past_due";
  const isFree = plan.price.amount === 0;
  // Free monthly and Free yearly are the same thing.
  const samePlan =
    plan._id === current.id || (isFree && current.price.amount === 0 && plan.tier === current.tier);
  if (samePlan) return pastDue ? { kind: "renew" } : { kind: "current" };
  if (subscription.pendingChange?.plan.id === plan._id) return { kind: "scheduled" };
  if (plan.tier > current.tier) return { kind: "upgrade" };
  if (pastDue) {
    // The period is over, so there is nothing to schedule against: a new plan starts when paid.
    return isFree
      ? { kind: "none", reason: "Your account moves to Free if the renewal is not paid" }
      : { kind: "switch", label: `Choose ${plan.name}` };
  }
  if (plan.tier === current.tier) {
    return plan.billingInterval === "yearly"
      ? { kind: "switch", label: "Switch to yearly" }
      : { kind: "none", reason: "Available when your yearly period ends" };
  }
  if (!subscription.currentPeriodEnd) return { kind: "none", reason: "Not available on your plan" };
  return { kind: "downgrade" };
}

export const PAYMENT_STATUS_LABEL = {
  pending: "Pending",
  captured: "Paid",
  failed: "Declined",
  canceled: "Cancelled",
  expired: "Expired",
  amount_mismatch: "Under review",
} as const;

export const PAYMENT_METHOD_LABEL = { mastercard: "Card (Mastercard)", benefit: "BENEFIT" } as const;
