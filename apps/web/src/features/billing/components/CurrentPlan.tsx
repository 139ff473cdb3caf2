import type { SubscriptionDetails } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { usePlanText } from "../../pricing/public";
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
  const { t } = useTranslation("billing");
  const { date: formatDate } = useFormat();
  const planName = usePlanText().name;
  const planDescription = usePlanText().description;
  const { plan, status, currentPeriodStart, currentPeriodEnd, graceEndsAt, pendingChange } = subscription;
  const isFree = plan.price.amount === 0;
  const pastDue = status === "past_due";
  return (
    <section className="billing-card current-plan" aria-labelledby="current-plan-name">
      <div className="current-plan-head">
        <div>
          <p className="billing-eyebrow">{t("currentPlan.eyebrow")}</p>
          <h2 id="current-plan-name" className="current-plan-name" data-testid="current-plan-name">
            {planName(plan)}
          </h2>
        </div>
        <span
          className={`status-badge ${pastDue ? "status-badge-warning" : "status-badge-success"}`}
          data-testid="subscription-status"
        >
          {pastDue ? t("currentPlan.pastDue") : t("currentPlan.active")}
        </span>
      </div>
      <div className="current-plan-body">
        {isFree ? (
          <p className="current-plan-free">{t("currentPlan.noCharge")}</p>
        ) : (
          <PlanPrice plan={plan} size="lg" />
        )}
        <p className="current-plan-description">{planDescription(plan)}</p>
        <dl className="current-plan-dates">
          {isFree ? (
            <div>
              <dt>{t("currentPlan.billingPeriod")}</dt>
              <dd>{t("currentPlan.freeNeverExpires")}</dd>
            </div>
          ) : (
            <>
              <div>
                <dt>{t("currentPlan.periodStarted")}</dt>
                <dd>{formatDate(currentPeriodStart)}</dd>
              </div>
              <div>
                <dt>{pastDue ? t("currentPlan.periodEnded") : t("currentPlan.periodEnds")}</dt>
                <dd data-testid="period-end">{currentPeriodEnd ? formatDate(currentPeriodEnd) : "—"}</dd>
              </div>
            </>
          )}
        </dl>
      </div>

      {pastDue ? (
        <div className="billing-banner billing-banner-warning" role="status">
          <div>
            <p className="billing-banner-title">{t("currentPlan.renewalDue")}</p>
            <p>
              {graceEndsAt
                ? t("currentPlan.payByDate", { date: formatDate(graceEndsAt), plan: planName(plan) })
                : t("currentPlan.pay", { plan: planName(plan) })}
            </p>
          </div>
          <button type="button" className="btn btn-primary" onClick={onRenew}>
            {t("currentPlan.renewNow")}
          </button>
        </div>
      ) : null}

      {pendingChange ? (
        <div className="billing-banner billing-banner-info" data-testid="pending-change">
          <div>
            <p className="billing-banner-title">
              {t("currentPlan.pendingChange", {
                plan: planName(pendingChange.plan),
                date: formatDate(pendingChange.effectiveAt),
              })}
            </p>
            <p>{t("currentPlan.keepUntilThen", { plan: planName(plan) })}</p>
          </div>
          <Button variant="secondary" onClick={onCancelDowngrade} busy={cancelling}>
            {t("currentPlan.cancelScheduled")}
          </Button>
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
