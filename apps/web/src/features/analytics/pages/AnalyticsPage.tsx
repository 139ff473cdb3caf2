import type { Analytics } from "@parley/contracts";
import { useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { DownloadIcon } from "../../../components/icons";
import { LoadingPlaceholder } from "../../../components/LoadingPlaceholder";
import { useDocumentTitle } from "../../../components/use-document-title";
import { BotSelect } from "../../chatbots/public";
import { downloadAnalyticsCsv, useAnalytics } from "../api";
import { DAY_LABEL_STEPS, HOUR_LABEL_STEPS, hourLabel, hourRangeLabel } from "../chart";
import { BarChart, type BarChartProps, type BarDatum } from "../components/BarChart";
import { ChannelsBreakdown } from "../components/ChannelsBreakdown";
import { KpiGrid } from "../components/KpiGrid";
import { LiveChatCard } from "../components/LiveChatCard";
import { RangePicker } from "../components/RangePicker";
import { TopQuestions } from "../components/TopQuestions";
import { UsageMeter } from "../components/UsageMeter";
import {
  type DateRange,
  describeRange,
  formatDay,
  formatDayLong,
  rangeFromSearch,
  rangeToSearch,
  utcDay,
} from "../date-range";
import { usageView } from "../numbers";
import "../styles/analytics.css";
import "../styles/charts.css";

export function AnalyticsPage() {
  const { t } = useTranslation("inbox");
  const { language } = useLanguage();
  useDocumentTitle(t("analytics.title"));
  const [searchParams, setSearchParams] = useSearchParams();
  // Fixed for the visit, so "last 7 days" doesn't shift under the owner at midnight UTC.
  const [today] = useState(() => utcDay(new Date()));
  const range = rangeFromSearch(searchParams, today);
  const chatbotId = searchParams.get("chatbotId") || undefined;
  const shown = { from: range.from, to: range.to, ...(chatbotId ? { chatbotId } : {}) };
  const query = useAnalytics(shown);
  // The figures shown, for the same range and bot, as a CSV file.
  const exportCsv = useMutation({ mutationFn: downloadAnalyticsCsv });

  const setRange = (next: DateRange) =>
    setSearchParams(rangeToSearch(next, searchParams), { replace: true, preventScrollReset: true });
  const setBot = (id?: string) => {
    const params = new URLSearchParams(searchParams);
    if (id) params.set("chatbotId", id);
    else params.delete("chatbotId");
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="container app-page analytics-page">
      <header className="app-page-head an-head">
        <div>
          <h1>{t("analytics.title")}</h1>
          <p className="app-page-lead">{t("analytics.lead")}</p>
        </div>
      </header>

      <div className="an-toolbar">
        <RangePicker
          key={`${range.preset}:${range.from}:${range.to}`}
          range={range}
          onChange={setRange}
          today={today}
        />
        <div className="an-toolbar-end">
          <BotSelect value={chatbotId} onChange={setBot} />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => exportCsv.mutate(shown)}
            disabled={exportCsv.isPending}
          >
            <DownloadIcon size={16} />
            {exportCsv.isPending ? t("analytics.export.preparing") : t("analytics.export.button")}
          </button>
        </div>
      </div>
      {exportCsv.isError ? <ErrorNotice error={exportCsv.error} /> : null}
      <p className="an-range" aria-live="polite">
        {describeRange(language, range.from, range.to)}
        {query.isFetching && query.data ? <span className="an-muted">{t("analytics.updating")}</span> : null}
      </p>

      {query.isPending ? (
        <LoadingPlaceholder label={t("analytics.loading")}>
          <div className="kpi-grid" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((n) => (
              <span key={n} className="skeleton" style={{ height: 112, borderRadius: 14 }} />
            ))}
          </div>
          <span
            className="skeleton"
            style={{ height: 280, marginTop: 24, borderRadius: 14 }}
            aria-hidden="true"
          />
        </LoadingPlaceholder>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <AnalyticsBody data={query.data} />
      )}
    </div>
  );
}

function AnalyticsBody({ data }: { data: Analytics }) {
  const { t } = useTranslation("inbox");
  const { language } = useLanguage();
  // Near or at the quota, the usage comes first: visitors may already be going without answers.
  const nearQuota = usageView(data.usage.messagesThisMonth, data.usage.limit).level !== "ok";
  const usageCard = (
    <section className="card an-card an-usage" aria-labelledby="an-usage-title">
      <h2 id="an-usage-title" className="an-card-title">
        {t("analytics.usage.card")}
      </h2>
      <UsageMeter usage={data.usage} />
    </section>
  );
  return (
    <div className="an-body">
      {nearQuota ? usageCard : null}
      <KpiGrid data={data} />
      <div className="an-grid">
        <PerDayChart
          title={t("analytics.charts.conversationsPerDay")}
          unit="conversations"
          days={data.days}
          pick={(day) => day.conversations}
        />
        <PerDayChart
          title={t("analytics.charts.messagesPerDay")}
          unit="messages"
          tone="violet"
          days={data.days}
          pick={(day) => day.messages}
        />
        <ChartCard title={t("analytics.charts.busiestHours")} note={t("analytics.charts.busiestHoursNote")}>
          <BarChart
            title={t("analytics.charts.byHour")}
            unit="questions"
            categoryHeader={t("analytics.charts.hour")}
            labelSteps={HOUR_LABEL_STEPS}
            labelWidth={48}
            tone="teal"
            data={data.busiestHours.map((h) => ({
              key: String(h.hour),
              value: h.messages,
              axisLabel: hourLabel(h.hour, language),
              fullLabel: hourRangeLabel(h.hour, language),
            }))}
          />
        </ChartCard>
        <ChartCard title={t("analytics.charts.topQuestions")} note={t("analytics.charts.topQuestionsNote")}>
          <TopQuestions questions={data.topQuestions} />
          {data.topQuestions.length > 0 ? (
            <Link to="/inbox/unanswered" className="an-card-link">
              {t("analytics.charts.seeUnanswered")}
            </Link>
          ) : null}
        </ChartCard>
        <ChartCard title={t("analytics.channels.title")} note={t("analytics.channels.note")}>
          <ChannelsBreakdown channels={data.channels} />
        </ChartCard>
      </div>
      <LiveChatCard live={data.live} />
      {nearQuota ? null : usageCard}
    </div>
  );
}

/** A bar a day of the range (conversations or messages), in a card titled as its chart. */
function PerDayChart({
  title,
  unit,
  tone,
  days,
  pick,
}: Pick<BarChartProps, "title" | "unit" | "tone"> & {
  days: Analytics["days"];
  pick: (day: Analytics["days"][number]) => number;
}) {
  const { t } = useTranslation("inbox");
  const { language } = useLanguage();
  const data: BarDatum[] = days.map((day) => ({
    key: day.date,
    value: pick(day),
    axisLabel: formatDay(language, day.date),
    fullLabel: formatDayLong(language, day.date),
  }));
  return (
    <ChartCard title={title}>
      <BarChart
        title={title}
        unit={unit}
        categoryHeader={t("analytics.charts.day")}
        labelSteps={DAY_LABEL_STEPS}
        tone={tone}
        data={data}
      />
    </ChartCard>
  );
}

function ChartCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card an-card" aria-labelledby={id}>
      <div className="an-card-head">
        <h2 id={id} className="an-card-title">
          {title}
        </h2>
        {note ? <p className="an-muted an-small">{note}</p> : null}
      </div>
      {children}
    </section>
  );
}
