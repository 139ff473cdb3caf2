import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { QueryCardError } from "../../components/CardError";
import { useDashboardWording, useUsage } from "../../features/billing/public";
import { usePlanText } from "../../features/pricing/public";
import { QueryDashCard } from "./DashCard";
import { usageRows } from "./dashboard";

const skeletonRows = ["chatbots", "messages", "knowledge", "team"];

export function UsageCard({ userId }: { userId: string }) {
  const { t } = useTranslation("dashboard");
  const planText = usePlanText();
  const wording = useDashboardWording();
  const { number: formatCount } = useFormat();
  const query = useUsage(userId);

  return (
    <QueryDashCard
      name="usage"
      title={t("usage.title")}
      query={query}
      aside={(data) => (
        <span className="dash-muted dash-small">
          {t("usage.planLimits", { plan: planText.name({ name: data.planName, names: data.planNames }) })}
        </span>
      )}
    >
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
        <QueryCardError what={t("cardError.usage")} query={query} />
      ) : (
        <ul className="usage-list">
          {usageRows(query.data, wording).map((row) => (
            <li key={row.key} className="usage-row" data-level={row.level}>
              <div className="usage-row-head">
                <span id={`usage-${row.key}`} className="usage-label">
                  {row.label}
                </span>
                <span className="usage-count">
                  {formatCount(row.used)}{" "}
                  <span className="dash-muted">{t("usage.of", { limit: formatCount(row.limit) })}</span>
                </span>
              </div>
              <div
                className="usage-bar"
                role="progressbar"
                aria-labelledby={`usage-${row.key}`}
                aria-valuemin={0}
                aria-valuemax={row.limit}
                aria-valuenow={Math.min(row.used, row.limit)}
                aria-valuetext={t("usage.valueText", {
                  used: formatCount(row.used),
                  limit: formatCount(row.limit),
                })}
              >
                <span className="usage-bar-fill" style={{ width: `${row.percent}%` }} />
              </div>
              {row.note ? <p className="usage-note">{row.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </QueryDashCard>
  );
}
