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
  const look = (() => {
    switch (action.kind) {
      case "current":
        return { label: t("chooser.current"), disabled: true };
      case "scheduled":
        return { label: t("chooser.scheduled"), disabled: true };
      case "renew":
        return { label: t("chooser.renew", { plan: planName }), primary: true };
      case "upgrade":
        return {
          label: t("chooser.upgrade"),
          ariaLabel: t("chooser.upgradeTo", { plan: planName }),
          primary: true,
        };
      case "downgrade":
        return { label: t("chooser.downgrade"), ariaLabel: t("chooser.downgradeTo", { plan: planName }) };
      case "switch":
        return { label: action.label };
      case "none":
        return { label: t("chooser.notAvailable"), disabled: true, title: action.reason };
    }
  })();
  // What cannot be done is a disabled button (it says why in its title), with nothing to run.
  return (
    <button
      type="button"
      className={`btn ${look.primary ? "btn-primary" : "btn-secondary"} btn-block`}
      onClick={look.disabled ? undefined : run}
      disabled={look.disabled}
      title={look.title}
      aria-label={look.ariaLabel}
    >
      {look.label}
    </button>
  );
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
