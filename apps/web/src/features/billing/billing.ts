import type { BillingInterval, Money, Plan, SubscriptionDetails } from "@parley/contracts";
import { formatMoney, majorToMinor, minorToMajor } from "@parley/contracts";
import { formatDate as formatIn } from "@parley/ui/i18n/format";
import type { Language } from "@parley/ui/i18n/languages";
import { type BillingKey, englishBilling, type Wording } from "./wording";

/** "Dec 21, 2026" ("21 ديسمبر 2026" in Arabic). Invalid input gives "" rather than "Invalid Date". */
export function formatDate(value: string | Date, language: Language = "en"): string {
  return formatIn(language, value, "date");
}

export function intervalNoun(interval: BillingInterval): "month" | "year" {
  return interval === "monthly" ? "month" : "year";
}

/** The catalog key of "/month" or "/year", written after a price. */
export function perIntervalKey(interval: BillingInterval): "interval.perMonth" | "interval.perYear" {
  return interval === "monthly" ? "interval.perMonth" : "interval.perYear";
}

/** "BHD 25.000/month": the price with its currency (en-US in every language) and billing interval. */
export function formatPlanPrice(
  plan: Pick<Plan, "price" | "billingInterval">,
  t: Wording<BillingKey> = englishBilling,
): string {
  return `${formatMoney(plan.price.amount, plan.price.currency)}${t(perIntervalKey(plan.billingInterval))}`;
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

/** What the plan chooser offers for `plan`, given the user's subscription (labels worded by `t`). */
export function planAction(
  plan: Plan,
  subscription: SubscriptionDetails,
  t: Wording<BillingKey> = englishBilling,
): PlanAction {
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
      ? { kind: "none", reason: t("chooser.reasons.movesToFree") }
      : { kind: "switch", label: t("chooser.choose", { plan: plan.name }) };
  }
  if (plan.tier === current.tier) {
    return plan.billingInterval === "yearly"
      ? { kind: "switch", label: t("chooser.switchToYearly") }
      : { kind: "none", reason: t("chooser.reasons.yearlyPeriod") };
  }
  if (!subscription.currentPeriodEnd) return { kind: "none", reason: t("chooser.reasons.notOnYourPlan") };
  return { kind: "downgrade" };
}

/** The catalog key of each payment status's label. */
export const PAYMENT_STATUS_LABEL = {
  pending: "payments.statuses.pending",
  captured: "payments.statuses.captured",
  failed: "payments.statuses.failed",
  canceled: "payments.statuses.canceled",
  expired: "payments.statuses.expired",
  amount_mismatch: "payments.statuses.amount_mismatch",
} as const satisfies Record<string, BillingKey>;

/** The catalog key of each payment method's name. */
export const PAYMENT_METHOD_LABEL = {
  mastercard: "payments.methods.mastercard",
  benefit: "payments.methods.benefit",
} as const satisfies Record<string, BillingKey>;
