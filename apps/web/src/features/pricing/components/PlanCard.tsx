import type { Plan } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { FilledCheckIcon } from "../../../components/icons";
import { signInUrl } from "../../../lib/config";
import { choosePlanHref, isHighlighted } from "../pricing";
import { usePlanText } from "../use-plan-text";

/** `signedIn`: the button goes to billing (which opens the upgrade dialog) instead of signing in. */
export function PlanCard({ plan, signedIn = false }: { plan: Plan; signedIn?: boolean }) {
  const headingId = useId();
  const { t } = useTranslation("site");
  const text = usePlanText();
  const highlighted = isHighlighted(plan);
  const limits = text.limits(plan);
  const extras = text.extras(plan);
  return (
    <article
      className={`plan-card${highlighted ? " plan-card-highlighted" : ""}`}
      aria-labelledby={headingId}
      data-plan={plan.name.toLowerCase()}
    >
      <div className="plan-head">
        <h2 id={headingId} className="plan-name">
          {text.name(plan)}
        </h2>
        {highlighted ? <span className="badge badge-accent">{t("plans.mostPopular")}</span> : null}
      </div>
      <p className="plan-description">{text.description(plan)}</p>
      <p className="plan-price">
        <span className="plan-amount" data-testid="plan-price">
          {formatMoney(plan.price.amount, plan.price.currency)}
        </span>
        <span className="plan-interval" data-testid="plan-interval">
          {text.interval(plan.billingInterval)}
        </span>
      </p>
      <p className="plan-billing-note">
        {plan.price.amount === 0
          ? t("plans.noCard")
          : plan.billingInterval === "yearly"
            ? t("plans.billedYearly")
            : t("plans.billedMonthly")}
      </p>
      {signedIn ? (
        <Link
          className={`btn btn-block ${highlighted ? "btn-primary" : "btn-secondary"}`}
          to={choosePlanHref(plan)}
        >
          {text.cta(plan)}
        </Link>
      ) : (
        <a className={`btn btn-block ${highlighted ? "btn-primary" : "btn-secondary"}`} href={signInUrl}>
          {text.cta(plan)}
        </a>
      )}
      <div className="plan-features">
        <p className="plan-features-title">{t("plans.includes")}</p>
        <ul>
          {[...limits, ...extras].map((feature) => (
            <li key={feature}>
              <FilledCheckIcon className="feature-icon" size={18} />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** Feature rows in the skeleton; `true` marks one that wraps onto a second line in the narrow four-column cards. */
const SKELETON_FEATURES: [string, boolean][] = [
  ["a", false],
  ["b", false],
  ["c", false],
  ["d", false],
  ["e", true],
  ["f", true],
  ["g", false],
];

/**
 * Same box model and line count as a real PlanCard (in the four-column layout: three description
 * lines and seven features of which two wrap), so the page barely moves when the plans arrive.
 */
export function PlanCardSkeleton() {
  return (
    <div className="plan-card plan-card-skeleton" aria-hidden="true">
      <div className="plan-head">
        <span className="skeleton skeleton-title" />
      </div>
      <p className="plan-description">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line skeleton-short skeleton-wide-only" />
      </p>
      <p className="plan-price">
        <span className="skeleton skeleton-price" />
      </p>
      <p className="plan-billing-note">
        <span className="skeleton skeleton-line skeleton-short" />
      </p>
      <span className="skeleton skeleton-button" />
      <div className="plan-features">
        <p className="plan-features-title">
          <span className="skeleton skeleton-line skeleton-tiny" />
        </p>
        <ul>
          {SKELETON_FEATURES.map(([key, wraps]) => (
            <li key={key} className="skeleton-item">
              <span className="skeleton skeleton-line" />
              {wraps ? <span className="skeleton skeleton-line skeleton-short skeleton-wide-only" /> : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
