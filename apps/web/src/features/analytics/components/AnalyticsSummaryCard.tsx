import { useState } from "react";
import { Link } from "react-router-dom";
import { isApiError } from "../../../app/api";
import { CardError } from "../../dashboard/components/CardError";
import { useAnalytics } from "../api";
import { presetRange, utcDay } from "../date-range";
import { formatCount, formatShare, usageView } from "../numbers";
import { UsageMeter } from "./UsageMeter";
import "../styles/summary.css";

/** The dashboard's glance at the last 7 days, linking to the full analytics and the inbox. */
export function AnalyticsSummaryCard() {
  const [range] = useState(() => presetRange(7, utcDay(new Date())));
  const query = useAnalytics(range);
  const data = query.data;
  const stats = [
    { label: "Conversations", value: data && formatCount(data.totals.conversations) },
    { label: "Answered", value: data && formatShare(data.answeredShare) },
    { label: "Satisfaction", value: data && formatShare(data.satisfaction) },
    { label: "Leads", value: data && formatCount(data.totals.leads) },
  ];

  return (
    <section
      className="card dash-card dash-analytics"
      aria-labelledby="dash-analytics-title"
      aria-busy={query.isPending}
    >
      <div className="dash-card-head">
        <h2 id="dash-analytics-title" className="dash-card-title">
          Last 7 days
        </h2>
        <span className="dash-muted dash-small">Widget conversations, UTC days</span>
      </div>
      {query.isError && !data ? (
        <CardError
          what="your analytics"
          requestId={isApiError(query.error) ? query.error.requestId : undefined}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <dl className="dash-stats">
            {stats.map((stat) => (
              <div key={stat.label} className="dash-stat">
                <dt>{stat.label}</dt>
                <dd>
                  {stat.value ?? (
                    <span className="skeleton" style={{ width: 56, height: 28 }} aria-hidden="true" />
                  )}
                </dd>
              </div>
            ))}
          </dl>
          {data && usageView(data.usage.messagesThisMonth, data.usage.limit).level !== "ok" ? (
            <UsageMeter usage={data.usage} compact />
          ) : null}
        </>
      )}
      <div className="dash-card-foot dash-analytics-foot">
        <Link to="/analytics" className="btn btn-secondary btn-sm">
          See analytics
        </Link>
        <Link to="/inbox" className="btn btn-ghost btn-sm">
          Open the inbox
        </Link>
      </div>
    </section>
  );
}
