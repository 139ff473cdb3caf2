import type { BillingInterval, Plan, PlanFeature, PlanFeatureObject } from "@parley/contracts";

/** Plans offered for one billing interval: active only, cheapest tier first, one per name. */
export function plansForInterval(plans: readonly Plan[], interval: BillingInterval): Plan[] {
  const byName = new Map<string, Plan>();
  for (const plan of plans) {
    if (!plan.isActive || plan.billingInterval !== interval) continue;
    // Names match case-insensitively (spec); keep the first of any duplicates.
    const key = plan.name.trim().toLowerCase();
    if (!byName.has(key)) byName.set(key, plan);
  }
  return [...byName.values()].sort((a, b) => a.tier - b.tier || a.name.localeCompare(b.name));
}

export function isNumericFeature(feature: PlanFeature): feature is PlanFeatureObject {
  return typeof feature !== "string";
}

/**
 * "3 chatbots", "2,000 messages/month", "50 knowledge sources", "1 team member".
 * The unit reads on its own unless the feature name is a longer phrase ending in it
 * ("Knowledge sources" + "sources"), in which case the name is the clearer label.
 */
export function formatFeature(feature: PlanFeature): string {
  if (typeof feature === "string") return feature;
  const name = feature.name.trim().toLowerCase();
  const unit = feature.unit.trim();
  let label = name.length > unit.length && name.endsWith(unit.toLowerCase()) ? name : unit;
  if (!label) label = name;
  if (feature.value === 1) label = label.replace(/s(?=\/|$)/, "");
  return `${feature.value.toLocaleString("en-US")} ${label}`;
}

export function intervalSuffix(interval: BillingInterval): string {
  return interval === "monthly" ? "/month" : "/year";
}

/** "Start free" for a free plan, "Choose Starter" otherwise. */
export function planCta(plan: Plan): string {
  return plan.price.amount === 0 ? "Start free" : `Choose ${plan.name}`;
}

/**
 * Where a signed-in visitor's plan button goes: the billing page opens the upgrade dialog for a
 * paid plan (`?upgrade=Pro&interval=monthly`); Free needs no payment, so it just shows billing.
 */
export function choosePlanHref(plan: Pick<Plan, "name" | "price" | "billingInterval">): string {
  if (plan.price.amount === 0) return "/billing";
  const params = new URLSearchParams({ upgrade: plan.name, interval: plan.billingInterval });
  return `/billing?${params.toString()}`;
}

/** The plan the page highlights as "Most popular". */
export const HIGHLIGHTED_PLAN = "pro";

export function isHighlighted(plan: Plan): boolean {
  return plan.name.trim().toLowerCase() === HIGHLIGHTED_PLAN;
}
