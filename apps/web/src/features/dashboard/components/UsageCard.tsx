import { isApiError } from "../../../app/api";
import { useUsage } from "../api";
import { formatCount, usageRows } from "../dashboard";
import { CardError } from "./CardError";

const skeletonRows = ["chatbots", "messages", "knowledge", "team"];

export function UsageCard({ userId }: { userId: string }) {
  const query = useUsage(userId);

  return (
    <section
      className="card dash-card dash-usage"
      aria-labelledby="dash-usage-title"
      aria-busy={query.isPending}
    >
      <div className="dash-card-head">
        <h2 id="dash-usage-title" className="dash-card-title">
          Usage
        </h2>
        {query.data ? <span className="dash-muted dash-small">{query.data.planName} plan limits</span> : null}
      </div>

      {query.isPending ? (
        <ul className="usage-list" aria-hidden="true">
          {skeletonRows.map((key) => (
            <li key={key} className="usage-row">
              <span className="skeleton" style={{ width: "45%", height: 16 }} />
              <span className="skeleton" style={{ width: "100%", height: 8 }} />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <CardError
          what="your usage"
          requestId={isApiError(query.error) ? query.error.requestId : undefined}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <ul className="usage-list">
          {usageRows(query.data).map((row) => (
            <li key={row.key} className="usage-row" data-level={row.level}>
              <div className="usage-row-head">
                <span id={`usage-${row.key}`} className="usage-label">
                  {row.label}
                </span>
                <span className="usage-count">
                  {formatCount(row.used)} <span className="dash-muted">of {formatCount(row.limit)}</span>
                </span>
              </div>
              <div
                className="usage-bar"
                role="progressbar"
                aria-labelledby={`usage-${row.key}`}
                aria-valuemin={0}
                aria-valuemax={row.limit}
                aria-valuenow={Math.min(row.used, row.limit)}
                aria-valuetext={`${formatCount(row.used)} of ${formatCount(row.limit)}`}
              >
                <span className="usage-bar-fill" style={{ width: `${row.percent}%` }} />
              </div>
              {row.note ? <p className="usage-note">{row.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
