import type { BillingInterval, Plan, PlanFeature, PlanFeatureObject } from "@parley/contracts";
import type { useTranslation } from "@parley/ui/i18n/react";

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
 * English only (kept for callers not yet translated): prefer `planText(t, number).feature`.
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

/** The `site` catalog's translate function (`useTranslation("site").t`). */
export type SiteT = ReturnType<typeof useTranslation<"site">>["t"];

type Plans = typeof import("@parley/ui/locales/en/site").default.plans;

/** The seeded plans' texts by their English wording (the API's catalogue); others show as sent. */
const planNames: Record<string, keyof Plans["names"]> = {
  free: "free",
  starter: "starter",
  pro: "pro",
  business: "business",
};
const planDescriptions: Record<string, keyof Plans["descriptions"]> = {
  "Try Parley on one website with the built-in answer engine.": "free",
  "For a small business answering its customers around the clock.": "starter",
  "For growing teams that bring their own AI model and learn from every chat.": "pro",
  "For companies running support at scale across many sites and brands.": "business",
};
const extraFeatures: Record<string, keyof Plans["extras"]> = {
  "Built-in answer engine (no AI key needed)": "builtInEngine",
  "Embeddable widget": "widget",
  "Community support": "communitySupport",
  "Remove Parley branding": "removeBranding",
  "Lead capture": "leadCapture",
  "Email support": "emailSupport",
  "Bring your own model (OpenAI-compatible)": "ownModel",
  "Conversation inbox and analytics": "inboxAnalytics",
  "Priority support": "prioritySupport",
  "REST API and webhooks": "apiWebhooks",
  "Allowed domains and rate-limit policies": "domainPolicies",
  "Data export and retention controls": "dataControls",
  "Dedicated success manager": "successManager",
};

function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * A plan's texts in the reader's language: names, descriptions and features the catalog knows
 * are translated (limits with their plural forms); anything else is shown as the server sent it.
 * `number` formats the limits (`useFormat().number`).
 */
export function planText(t: SiteT, number: (value: number) => string) {
  const name = (plan: Pick<Plan, "name">): string => {
    const key = own(planNames, plan.name.trim().toLowerCase());
    return key ? t(`plans.names.${key}`) : plan.name;
  };
  return {
    name,
    description(plan: Pick<Plan, "description">): string {
      const key = own(planDescriptions, plan.description.trim());
      return key ? t(`plans.descriptions.${key}`) : plan.description;
    },
    feature(feature: PlanFeature): string {
      if (typeof feature === "string") {
        const key = own(extraFeatures, feature.trim());
        return key ? t(`plans.extras.${key}`) : feature;
      }
      if (!feature.key) return formatFeature(feature);
      return t(`plans.limits.${feature.key}`, { count: feature.value, value: number(feature.value) });
    },
    /** "/month" or "/year". */
    interval(interval: BillingInterval): string {
      return interval === "monthly" ? t("plans.interval.perMonth") : t("plans.interval.perYear");
    },
    /** "Start free" for a free plan, "Choose Starter" otherwise. */
    cta(plan: Pick<Plan, "name" | "price">): string {
      if (plan.price.amount === 0) return t("plans.startFree");
      const key = own(planNames, plan.name.trim().toLowerCase());
      return key && key !== "free" ? t(`plans.chooseKnown.${key}`) : t("plans.choose", { plan: name(plan) });
    },
  };
}
export type PlanText = ReturnType<typeof planText>;

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
