import type { SubscriptionDetails } from "@parley/contracts";
import { formatDate } from "../billing";
import { PlanPrice } from "./PlanSummary";

interface CurrentPlanProps {
  subscription: SubscriptionDetails;
  onRenew: () => void;
  onCancelDowngrade: () => void;
  cancelling: boolean;
  /** The answer to the last "Cancel scheduled downgrade" (success or error). */
  cancelMessage: { tone: "success" | "error"; text: string } | null;
}

/** The plan the user is on now, its period, and what is due or scheduled. */
export function CurrentPlan({
  subscription,
  onRenew,
  onCancelDowngrade,
  cancelling,
  cancelMessage,
}: CurrentPlanProps) {
  const { plan, status, currentPeriodStart, currentPeriodEnd, graceEndsAt, pendingChange } = subscription;
  const isFree = plan.price.amount === 0;
  const pastDue = status === "past_due";
  return (
    <section className="billing-card current-plan" aria-labelledby="current-plan-name">
      <div className="current-plan-head">
        <div>
          <p className="billing-eyebrow">Current plan</p>
          <h2 id="current-plan-name" className="current-plan-name" data-testid="current-plan-name">
            {plan.name}
          </h2>
        </div>
        <span
          className={`status-badge ${pastDue ? "status-badge-warning" : "status-badge-success"}`}
          data-testid="subscription-status"
        >
          {pastDue ? "Past due" : "Active"}
        </span>
      </div>
      <div className="current-plan-body">
        {isFree ? <p className="current-plan-free">No charge</p> : <PlanPrice plan={plan} size="lg" />}
        <p className="current-plan-description">{plan.description}</p>
        <dl className="current-plan-dates">
          {isFree ? (
            <div>
              <dt>Billing period</dt>
              <dd>None: Free never expires</dd>
            </div>
          ) : (
            <>
              <div>
                <dt>Period started</dt>
                <dd>{formatDate(currentPeriodStart)}</dd>
              </div>
              <div>
                <dt>{pastDue ? "Period ended" : "Period ends"}</dt>
                <dd data-testid="period-end">{currentPeriodEnd ? formatDate(currentPeriodEnd) : "—"}</dd>
              </div>
            </>
          )}
        </dl>
      </div>

      {pastDue ? (
        <div className="billing-banner billing-banner-warning" role="status">
          <div>
            <p className="billing-banner-title">Your renewal is due</p>
            <p>
              Pay for the next period{graceEndsAt ? ` by ${formatDate(graceEndsAt)}` : ""} to keep {plan.name}
              . After that your account moves to the Free plan.
            </p>
          </div>
          <button type="button" className="btn btn-primary" onClick={onRenew}>
            Renew now
          </button>
        </div>
      ) : null}

      {pendingChange ? (
        <div className="billing-banner billing-banner-info" data-testid="pending-change">
          <div>
            <p className="billing-banner-title">
              Your plan changes to {pendingChange.plan.name} on {formatDate(pendingChange.effectiveAt)}
            </p>
            <p>Until then you keep everything in {plan.name}.</p>
          </div>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onCancelDowngrade}
            disabled={cancelling}
            aria-busy={cancelling}
          >
            {cancelling ? <span className="spinner" aria-hidden="true" /> : null}
            Cancel scheduled downgrade
          </button>
        </div>
      ) : null}

      <div className="current-plan-feedback" aria-live="polite">
        {cancelMessage ? (
          <p className={cancelMessage.tone === "error" ? "alert alert-error" : "alert alert-success"}>
            {cancelMessage.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}

export function CurrentPlanSkeleton() {
  return (
    <div className="billing-card current-plan" aria-hidden="true">
      <div className="current-plan-head">
        <div className="skeleton-stack">
          <span className="skeleton skeleton-line skeleton-tiny" />
          <span className="skeleton skeleton-title" />
        </div>
      </div>
      <div className="current-plan-body skeleton-stack">
        <span className="skeleton skeleton-price" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line skeleton-short" />
      </div>
    </div>
  );
}
