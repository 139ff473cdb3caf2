import type {
  BillingInterval,
  Plan,
  PlanFeature,
  PlanFeatureObject,
  PlanLanguage,
  PlanNames,
} from "@parley/contracts";
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

/**
 * The seeded plans by their English name, for a name with nothing beside it (a `?upgrade=` link
 * while the plans are still loading) and for the "Choose …" buttons' own wording: plans bring their
 * words in every language (`texts`), replies that name one its `planNames`.
 */
const planNames: Record<string, keyof Plans["names"]> = {
  free: "free",
  starter: "starter",
  pro: "pro",
  business: "business",
};

function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * A plan as a reply names it: a whole plan brings its words in every language (`texts`), a reply
 * that only names it its name in every language (`names`).
 */
type NamedPlan = Pick<Plan, "name"> & { texts?: Plan["texts"]; names?: PlanNames };

/**
 * A plan's texts in the reader's language. A plan's name, description and marketing features are
 * stored with it per language (`plan.texts`); limits are worded by their key with their plural
 * forms. `number` formats the limits (`useFormat().number`).
 */
export function planText(t: SiteT, number: (value: number) => string, language: PlanLanguage) {
  const name = (plan: NamedPlan): string => {
    if (plan.texts) return plan.texts[language].name;
    if (plan.names) return plan.names[language];
    const key = own(planNames, plan.name.trim().toLowerCase());
    return key ? t(`plans.names.${key}`) : plan.name;
  };
  const limit = (feature: PlanFeatureObject): string =>
    feature.key
      ? t(`plans.limits.${feature.key}`, { count: feature.value, value: number(feature.value) })
      : formatFeature(feature);
  return {
    name,
    description: (plan: Pick<Plan, "texts">): string => plan.texts[language].description,
    /** The plan's numeric limits, worded. */
    limits: (plan: Pick<Plan, "features">): string[] => plan.features.filter(isNumericFeature).map(limit),
    /** The plan's marketing features (after its limits). */
    extras: (plan: Pick<Plan, "texts">): string[] => plan.texts[language].extras,
    /** Limits, then marketing features. */
    features(plan: Pick<Plan, "features" | "texts">): string[] {
      return [...this.limits(plan), ...this.extras(plan)];
    },
    /** "/month" or "/year". */
    interval(interval: BillingInterval): string {
      return interval === "monthly" ? t("plans.interval.perMonth") : t("plans.interval.perYear");
    },
    /** "Start free" for a free plan, "Choose Starter" otherwise. */
    cta(plan: NamedPlan & Pick<Plan, "price">): string {
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
