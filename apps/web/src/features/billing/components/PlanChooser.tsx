import type { BillingInterval, Plan, SubscriptionDetails } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";
import { BillingIntervalToggle, plansForInterval, usePlanText } from "../../pricing/public";
import { type PlanAction, planAction } from "../billing";
import { useBillingWording } from "../use-wording";
import { CheckIcon, PlanPrice } from "./PlanSummary";

interface PlanChooserProps {
  plans: readonly Plan[];
  /** Null when the current plan could not be loaded: the plans show, without actions. */
  subscription: SubscriptionDetails | null;
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  onAction: (plan: Plan, action: PlanAction) => void;
}

function ActionButton({
  plan,
  action,
  onAction,
}: {
  plan: Plan;
  action: PlanAction;
  onAction: PlanChooserProps["onAction"];
}) {
  const { t } = useTranslation("billing");
  const planName = usePlanText().name(plan);
  const run = () => onAction(plan, action);
  switch (action.kind) {
    case "current":
      return (
        <button type="button" className="btn btn-secondary btn-block" disabled>
          {t("chooser.current")}
        </button>
      );
    case "scheduled":
      return (
        <button type="button" className="btn btn-secondary btn-block" disabled>
          {t("chooser.scheduled")}
        </button>
      );
    case "renew":
      return (
        <button type="button" className="btn btn-primary btn-block" onClick={run}>
          {t("chooser.renew", { plan: planName })}
        </button>
      );
    case "upgrade":
      return (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={run}
          aria-label={t("chooser.upgradeTo", { plan: planName })}
        >
          {t("chooser.upgrade")}
        </button>
      );
    case "downgrade":
      return (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={run}
          aria-label={t("chooser.downgradeTo", { plan: planName })}
        >
          {t("chooser.downgrade")}
        </button>
      );
    case "switch":
      return (
        <button type="button" className="btn btn-secondary btn-block" onClick={run}>
          {action.label}
        </button>
      );
    case "none":
      return (
        <button type="button" className="btn btn-secondary btn-block" disabled title={action.reason}>
          {t("chooser.notAvailable")}
        </button>
      );
  }
}

function ChooserCard({
  plan,
  subscription,
  onAction,
}: {
  plan: Plan;
  subscription: SubscriptionDetails | null;
  onAction: PlanChooserProps["onAction"];
}) {
  const { t } = useTranslation("billing");
  const wording = useBillingWording();
  const format = useFormat();
  const planText = usePlanText();
  const headingId = useId();
  // What the user can do depends on their current plan; without it there is nothing to offer.
  const action = subscription ? planAction(plan, subscription, wording) : null;
  const scheduledAt = subscription?.pendingChange?.effectiveAt;
  const isCurrent = action?.kind === "current" || action?.kind === "renew";
  const limits = planText.limits(plan);
  return (
    <article
      className={`chooser-card${isCurrent ? " chooser-card-current" : ""}`}
      aria-labelledby={headingId}
      data-plan={plan.name.toLowerCase()}
    >
      <div className="chooser-head">
        <h3 id={headingId}>{planText.name(plan)}</h3>
        {isCurrent ? <span className="badge">{t("chooser.yourPlan")}</span> : null}
        {action?.kind === "scheduled" ? (
          <span className="badge">
            {t("chooser.from", { date: scheduledAt ? format.date(scheduledAt, "monthDay") : "" })}
          </span>
        ) : null}
      </div>
      <PlanPrice plan={plan} />
      <p className="chooser-description">{planText.description(plan)}</p>
      <ul className="chooser-features">
        {limits.map((limit) => (
          <li key={limit}>
            <CheckIcon />
            <span>{limit}</span>
          </li>
        ))}
      </ul>
      {action ? (
        <div className="chooser-action">
          {action.kind === "none" ? <p className="chooser-reason">{action.reason}</p> : null}
          <ActionButton plan={plan} action={action} onAction={onAction} />
        </div>
      ) : null}
    </article>
  );
}

/** Every active plan for the chosen interval, each with what the user can do about it. */
export function PlanChooser({ plans, subscription, interval, onIntervalChange, onAction }: PlanChooserProps) {
  const { t } = useTranslation("billing");
  const visible = plansForInterval(plans, interval);
  return (
    <section className="billing-section" aria-labelledby="plan-chooser-title">
      <div className="billing-section-head">
        <div>
          <h2 id="plan-chooser-title">{t("chooser.title")}</h2>
          <p>{t("chooser.lead")}</p>
        </div>
        <BillingIntervalToggle value={interval} onChange={onIntervalChange} />
      </div>
      {subscription ? null : (
        <p className="chooser-waiting" data-testid="chooser-waiting">
          {t("chooser.waitingForPlan")}
        </p>
      )}
      {visible.length === 0 ? (
        <p className="billing-empty">{t("chooser.empty")}</p>
      ) : (
        <div className="chooser-grid">
          {visible.map((plan) => (
            <ChooserCard key={plan._id} plan={plan} subscription={subscription} onAction={onAction} />
          ))}
        </div>
      )}
    </section>
  );
}

export function PlanChooserSkeleton() {
  return (
    <div className="chooser-grid" aria-hidden="true">
      {["a", "b", "c", "d"].map((key) => (
        <div key={key} className="chooser-card skeleton-stack">
          <span className="skeleton skeleton-title" />
          <span className="skeleton skeleton-price" />
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line skeleton-short" />
          <span className="skeleton skeleton-button" />
        </div>
      ))}
    </div>
  );
}
