import type { Plan } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";
import { FilledCheckIcon } from "../../../components/icons";
import { usePlanText } from "../../pricing/public";
import { perIntervalKey } from "../billing";

type PlanShown = Pick<Plan, "name" | "description" | "price" | "billingInterval" | "features" | "texts">;

export function CheckIcon() {
  return <FilledCheckIcon className="billing-check" size={16} />;
}

/** "BHD 25.000" large, "/month" small: the price with its currency and billing interval. */
export function PlanPrice({
  plan,
  size = "md",
}: {
  plan: Pick<Plan, "price" | "billingInterval">;
  size?: "md" | "lg";
}) {
  const { t } = useTranslation("billing");
  return (
    <p className={`billing-price billing-price-${size}`}>
      <span className="billing-price-amount" data-testid="plan-price">
        {formatMoney(plan.price.amount, plan.price.currency)}
      </span>
      <span className="billing-price-interval">{t(perIntervalKey(plan.billingInterval))}</span>
    </p>
  );
}

interface PlanSummaryProps {
  plan: PlanShown;
  /** A small label above the name ("Current plan", "New plan"). */
  label?: ReactNode;
  tone?: "default" | "accent";
  headingLevel?: 3 | 4;
}

/** A plan's name, price, description and feature list, as the upgrade and downgrade modals show it. */
export function PlanSummary({ plan, label, tone = "default", headingLevel = 3 }: PlanSummaryProps) {
  const { t } = useTranslation("billing");
  const planText = usePlanText();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <section
      className={`plan-summary plan-summary-${tone}`}
      aria-label={t("planLabel", { plan: planText.name(plan) })}
    >
      {label ? <p className="plan-summary-label">{label}</p> : null}
      <Heading className="plan-summary-name">{planText.name(plan)}</Heading>
      <PlanPrice plan={plan} />
      {plan.description ? <p className="plan-summary-description">{planText.description(plan)}</p> : null}
      {plan.features.length > 0 ? (
        <ul className="plan-summary-features">
          {planText.features(plan).map((text) => (
            <li key={text}>
              <CheckIcon />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
