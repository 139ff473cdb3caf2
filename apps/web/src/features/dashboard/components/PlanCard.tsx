import type { SubscriptionDetails } from "@parley/contracts";
import { Link } from "react-router-dom";
import { PlanUnavailable } from "../../billing/components/PlanUnavailable";
import { useSubscriptionDetails } from "../api";
import { formatDate, periodLine, planPriceLabel } from "../dashboard";
import "../../billing/styles/billing-base.css";

export function PlanCard({ userId }: { userId: string }) {
  const query = useSubscriptionDetails(userId);

  return (
    <section
      className="card dash-card dash-plan"
      aria-labelledby="dash-plan-title"
      aria-busy={query.isPending}
    >
      <div className="dash-card-head">
        <h2 id="dash-plan-title" className="dash-card-title">
          Current plan
        </h2>
        {query.data ? (
          <span className={`status-pill status-${query.data.status}`}>
            {query.data.status === "past_due" ? "Payment due" : "Active"}
          </span>
        ) : null}
      </div>

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
          Manage billing
        </Link>
      </div>
    </section>
  );
}

function PlanBody({ details }: { details: SubscriptionDetails }) {
  const price = planPriceLabel(details.plan);
  return (
    <div className="dash-plan-body">
      <p className="dash-plan-name">{details.plan.name}</p>
      <p className="dash-plan-price">
        <span className="dash-plan-amount">{price.amount}</span>
        <span className="dash-plan-interval"> / {price.interval}</span>
      </p>
      <p className="dash-muted">{periodLine(details)}</p>
      {details.pendingChange ? (
        <p className="dash-pending">
          Scheduled change: your plan becomes <strong>{details.pendingChange.plan.name}</strong> on{" "}
          {formatDate(details.pendingChange.effectiveAt) ?? "the next billing date"}.
        </p>
      ) : null}
    </div>
  );
}
