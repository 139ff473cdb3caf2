import type { SubscriptionDetails } from "@parley/contracts";
import { Trans, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
// By path, not through billing's public.ts: it brings its own styles (see DashboardPage).
import { PlanUnavailable } from "../../features/billing/components/PlanUnavailable";
import { useDashboardWording, useSubscriptionDetails } from "../../features/billing/public";
import { usePlanText } from "../../features/pricing/public";
import { QueryDashCard } from "./DashCard";
import { formatDate, periodLine, planPriceLabel } from "./dashboard";

export function PlanCard({ userId }: { userId: string }) {
  const { t } = useTranslation("dashboard");
  const query = useSubscriptionDetails(userId);

  return (
    <QueryDashCard
      name="plan"
      title={t("plan.title")}
      query={query}
      aside={(data) => (
        <span className={`status-pill status-${data.status}`}>
          {data.status === "past_due" ? t("plan.paymentDue") : t("plan.active")}
        </span>
      )}
    >
      {query.data ? (
        <PlanBody details={query.data} />
      ) : query.isError ? (
        <div className="dash-plan-body">
          <PlanUnavailable onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </div>
      ) : (
        <div className="dash-plan-body" aria-hidden="true">
          <span className="skeleton" style={{ width: "40%", height: 28 }} />
          <span className="skeleton" style={{ width: "55%", height: 20 }} />
          <span className="skeleton" style={{ width: "80%", height: 16 }} />
        </div>
      )}

      <div className="dash-card-foot">
        <Link className="btn btn-secondary btn-sm" to="/billing">
          {t("plan.manage")}
        </Link>
      </div>
    </QueryDashCard>
  );
}

function PlanBody({ details }: { details: SubscriptionDetails }) {
  const { t } = useTranslation("dashboard");
  const planText = usePlanText();
  const wording = useDashboardWording();
  const { language } = useLanguage();
  const price = planPriceLabel(details.plan);
  return (
    <div className="dash-plan-body">
      <p className="dash-plan-name">{planText.name(details.plan)}</p>
      <p className="dash-plan-price">
        <span className="dash-plan-amount">{price.amount}</span>
        <span className="dash-plan-interval">
          {price.interval === "year" ? t("plan.perYear") : t("plan.perMonth")}
        </span>
      </p>
      <p className="dash-muted">{periodLine(details, wording, language)}</p>
      {details.pendingChange ? (
        <p className="dash-pending">
          <Trans
            t={t}
            i18nKey="plan.scheduledChange"
            values={{
              plan: planText.name(details.pendingChange.plan),
              date: formatDate(details.pendingChange.effectiveAt, language) ?? t("plan.nextBillingDate"),
            }}
            components={{ b: <strong /> }}
          />
        </p>
      ) : null}
    </div>
  );
}
