import type { Analytics } from "@parley/contracts";
import { StatCard } from "@parley/ui/components/StatCard";
import { useTranslation } from "@parley/ui/i18n/react";
import { formatCount, formatShare } from "../numbers";

/** The headline figures, exactly as the API counted them. */
export function KpiGrid({ data }: { data: Analytics }) {
  const { t } = useTranslation("inbox");
  const { totals } = data;
  const ratings = totals.thumbsUp + totals.thumbsDown;
  return (
    <div className="kpi-grid">
      <StatCard
        label={t("analytics.kpi.conversations")}
        value={formatCount(totals.conversations)}
        detail={t("analytics.kpi.conversationsDetail")}
      />
      <StatCard
        label={t("analytics.kpi.messages")}
        value={formatCount(totals.messages)}
        detail={t("analytics.kpi.questions", { count: totals.questions })}
      />
      <StatCard
        label={t("analytics.kpi.answered")}
        value={formatShare(data.answeredShare)}
        detail={
          data.answeredShare === null
            ? t("analytics.kpi.noReplies")
            : t("analytics.kpi.answeredDetail", { n: formatCount(totals.answered) })
        }
      />
      <StatCard
        label={t("analytics.kpi.satisfaction")}
        value={formatShare(data.satisfaction)}
        detail={
          ratings === 0
            ? t("analytics.kpi.noRatings")
            : t("analytics.kpi.ratingsDetail", {
                up: formatCount(totals.thumbsUp),
                down: formatCount(totals.thumbsDown),
              })
        }
      />
      <StatCard
        label={t("analytics.kpi.leads")}
        value={formatCount(totals.leads)}
        detail={t("analytics.kpi.leadsDetail")}
      />
    </div>
  );
}
