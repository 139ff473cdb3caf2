import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";

import { QueryCardError } from "../../../components/CardError";
import { HeadedCard } from "../../../components/HeadedCard";
import { ActionLinks } from "../../../components/SitePageParts";
import { useAnalytics } from "../api";
import { presetRange, utcDay } from "../date-range";
import { formatCount, formatShare, usageView } from "../numbers";
import { UsageMeter } from "./UsageMeter";
import "../styles/summary.css";

/** The dashboard's glance at the last 7 days, linking to the full analytics and the inbox. */
export function AnalyticsSummaryCard() {
  const { t } = useTranslation("inbox");
  const [range] = useState(() => presetRange(7, utcDay(new Date())));
  const query = useAnalytics(range);
  const data = query.data;
  const stats = [
    {
      key: "conversations",
      label: t("analytics.kpi.conversations"),
      value: data && formatCount(data.totals.conversations),
    },
    { key: "answered", label: t("analytics.kpi.answered"), value: data && formatShare(data.answeredShare) },
    {
      key: "satisfaction",
      label: t("analytics.kpi.satisfaction"),
      value: data && formatShare(data.satisfaction),
    },
    { key: "leads", label: t("analytics.kpi.leads"), value: data && formatCount(data.totals.leads) },
  ];

  return (
    <HeadedCard
      kind="dash"
      className="dash-analytics"
      titleId="dash-analytics-title"
      busy={query.isPending}
      title={t("analytics.summary.title")}
      aside={<span className="dash-muted dash-small">{t("analytics.summary.note")}</span>}
    >
      {query.isError && !data ? (
        <QueryCardError what={t("analytics.summary.what")} query={query} />
      ) : (
        <>
          <dl className="dash-stats">
            {stats.map((stat) => (
              <div key={stat.key} className="dash-stat">
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
      <ActionLinks
        className="dash-card-foot dash-analytics-foot"
        size="sm"
        links={[
          { label: t("analytics.summary.seeAnalytics"), variant: "secondary", to: "/analytics" },
          { label: t("analytics.summary.openInbox"), variant: "ghost", to: "/inbox" },
        ]}
      />
    </HeadedCard>
  );
}
