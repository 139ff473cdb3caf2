import { type AdminHealth, formatMoney } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { StatCard } from "@parley/ui/components/StatCard";
import type { TableColumn } from "@parley/ui/components/Table";
import { Ltr, useFormat, useTranslation } from "@parley/ui/i18n/react";
import type en from "@parley/ui/locales/en/admin";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useHealth } from "../api";
import { TableSection, useTableTexts, useWhenColumn } from "../components/AdminTable";
import { useRecordedText } from "../components/form";
import { LoadStatus, PageHead } from "../components/Status";
import { WebhookState } from "../components/WorkspaceSections";
import { messagesTable } from "../console";

type Job = AdminHealth["jobs"][number];
type Month = AdminHealth["revenue"][number];
type ChannelKey = keyof (typeof en)["health"]["messages"]["channels"];
const CHANNELS = new Set<string>(["widget", "api", "whatsapp", "playground"] satisfies ChannelKey[]);

const workspaceLink = (id: string) => (
  <Link to={`/admin/customers/${encodeURIComponent(id)}`}>
    <Ltr className="admin-id">{id}</Ltr>
  </Link>
);

/** The platform now: figures first, then the tables behind them. Plain tables, no chart library. */
export function HealthPage() {
  const { t } = useTranslation("admin");
  const health = useHealth();
  return (
    <>
      <PageHead
        page="health"
        action={
          health.data ? (
            <Button
              variant="secondary"
              size="sm"
              busy={health.isFetching}
              busyLabel={t("common.loading")}
              onClick={() => void health.refetch()}
            >
              {t("health.refresh")}
            </Button>
          ) : null
        }
      />
      <LoadStatus
        query={health}
        loading={t("health.loading")}
        failed={t("health.failed")}
        quiet={health.data !== undefined}
      />
      {health.data ? <HealthView health={health.data} /> : null}
    </>
  );
}

/**
 * One count of the platform now. With `alert`, a count above zero stands out; with `review`, it
 * links to the payments to look at.
 */
function Figure({
  label,
  value,
  alert = false,
  review,
}: {
  label: string;
  value: number;
  alert?: boolean;
  review?: string;
}) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const raised = alert && value > 0;
  return (
    <StatCard
      className={`card kpi admin-figure${raised ? " admin-figure-alert" : ""}`}
      label={label}
      value={format.number(value)}
      detail={review && value > 0 ? <Link to={review}>{t("health.figures.review")}</Link> : undefined}
    />
  );
}

function HealthView({ health }: { health: AdminHealth }) {
  const { t } = useTranslation("admin");
  const texts = useTableTexts();
  const format = useFormat();
  const when = useWhenColumn();
  const recorded = useRecordedText();
  const queued = health.jobs.reduce((sum, j) => sum + j.queued, 0);
  const failed = health.jobs.reduce((sum, j) => sum + j.failed, 0);
  const messages = messagesTable(health.messagesByHour);
  const peak = Math.max(1, ...messages.hours.map((h) => h.total));
  const channelName = (c: string) => (CHANNELS.has(c) ? t(`health.messages.channels.${c as ChannelKey}`) : c);
  const n = (value: number) => format.number(value);
  /** A column of figures, aligned as numbers. */
  const numeric = <Row,>(key: string, header: string, cell: (row: Row) => ReactNode): TableColumn<Row> => ({
    key,
    header,
    className: "admin-numeric",
    cell,
  });
  const count = <Row,>(key: string, header: string, value: (row: Row) => number) =>
    numeric(key, header, (row: Row) => n(value(row)));
  return (
    <div className="admin-stack">
      <div className="admin-figures">
        <Figure label={t("health.figures.queued")} value={queued} />
        <Figure label={t("health.figures.failedJobs")} value={failed} alert />
        <Figure
          label={t("health.figures.stalePayments")}
          value={health.payments.pendingOlderThan15m}
          alert
          review="/admin/payments?state=pending"
        />
        <Figure
          label={t("health.figures.held")}
          value={health.payments.heldForReview}
          alert
          review="/admin/payments?state=amount_mismatch"
        />
        <Figure label={t("health.figures.ingestion")} value={health.ingestionFailures.last24h} />
        <Figure label={t("health.figures.suspended")} value={health.suspendedChatbots} />
        {health.mrr.map((m) => (
          <StatCard
            key={m.currency}
            className="card kpi admin-figure admin-figure-wide"
            label={t("health.figures.mrr")}
            value={formatMoney(m.amount, m.currency)}
            detail={t("health.figures.mrrDetail", { count: m.workspaces, n: n(m.workspaces) })}
          />
        ))}
      </div>

      <TableSection
        {...texts("health.jobs")}
        rows={health.jobs}
        rowKey={(j) => j.kind}
        columns={[
          {
            key: "kind",
            header: t("health.jobs.kind"),
            cell: (j) => <Ltr className="admin-id">{j.kind}</Ltr>,
          },
          count("queued", t("health.jobs.queued"), (j: Job) => j.queued),
          count("running", t("health.jobs.running"), (j: Job) => j.running),
          {
            key: "failed",
            header: t("health.jobs.failed"),
            className: "admin-numeric",
            cell: (j) => (j.failed > 0 ? <span className="admin-danger-text">{n(j.failed)}</span> : n(0)),
          },
          {
            key: "oldest",
            header: t("health.jobs.oldest"),
            cell: (j) => (j.oldestQueuedAt ? format.date(j.oldestQueuedAt, "dateTime") : t("common.none")),
          },
        ]}
      />

      <TableSection
        {...texts("health.webhooks")}
        rows={health.failingWebhooks}
        rowKey={(w) => `${w.workspaceId}|${w.url}`}
        columns={[
          {
            key: "workspace",
            header: t("health.webhooks.workspace"),
            cell: (w) => workspaceLink(w.workspaceId),
          },
          {
            key: "url",
            header: t("health.webhooks.url"),
            cell: (w) => <Ltr className="admin-url">{w.url}</Ltr>,
          },
          {
            key: "since",
            header: t("health.webhooks.since"),
            cell: (w) => (w.failingSince ? format.date(w.failingSince, "dateTime") : t("common.notSet")),
          },
          {
            key: "state",
            header: t("health.webhooks.state"),
            cell: (w) => <WebhookState enabled={w.enabled} onTone="warning" />,
          },
        ]}
      />

      <TableSection
        title={t("health.ingestion.title")}
        emptyText={t("health.ingestion.empty")}
        intro={
          health.ingestionFailures.last24h > 0 ? (
            <p className="admin-count">
              {t("health.ingestion.count", { count: health.ingestionFailures.last24h })}
            </p>
          ) : null
        }
        caption={t("health.ingestion.caption")}
        rows={health.ingestionFailures.recent}
        rowKey={(f) => `${f.chatbotId}|${f.title}|${f.at}`}
        columns={[
          when(
            "when",
            t("health.ingestion.when"),
            (f: AdminHealth["ingestionFailures"]["recent"][number]) => f.at,
          ),
          {
            key: "source",
            header: t("health.ingestion.source"),
            cell: (f) => (
              <>
                <bdi className="admin-strong">{f.title}</bdi>
                <span className="admin-sub">{workspaceLink(f.workspaceId)}</span>
              </>
            ),
          },
          {
            key: "error",
            header: t("health.ingestion.error"),
            cell: (f) => (f.error ? <bdi className="admin-reason-text">{recorded(f.error)}</bdi> : null),
          },
        ]}
      />

      <TableSection
        title={t("health.messages.title")}
        emptyText={t("health.messages.empty")}
        className="admin-hours"
        intro={
          messages.total > 0 ? (
            <p className="admin-count">{t("health.messages.sum", { count: messages.total })}</p>
          ) : null
        }
        caption={t("health.messages.caption")}
        rows={messages.hours}
        rowKey={(h) => h.hour}
        columns={[
          when("hour", t("health.messages.hour"), (h: (typeof messages.hours)[number]) => h.hour),
          ...messages.channels.map((c) =>
            count(c, channelName(c), (h: (typeof messages.hours)[number]) => h.byChannel[c] ?? 0),
          ),
          {
            key: "total",
            header: t("health.messages.total"),
            cell: (h) => (
              <span className="admin-bar-cell">
                <span className="admin-numeric-text">{n(h.total)}</span>
                <span className="admin-meter-track" aria-hidden="true">
                  <span
                    className="admin-meter-fill"
                    style={{ inlineSize: `${Math.round((h.total / peak) * 100)}%` }}
                  />
                </span>
              </span>
            ),
          },
        ]}
      />

      <TableSection
        {...texts("health.revenue")}
        rows={[...health.revenue].sort((a, b) => b.month.localeCompare(a.month))}
        rowKey={(r) => `${r.month}|${r.currency}`}
        columns={[
          {
            key: "month",
            header: t("health.revenue.month"),
            cell: (r) => format.date(`${r.month}-15T12:00:00.000Z`, "monthYear"),
          },
          numeric("captured", t("health.revenue.captured"), (r: Month) =>
            formatMoney(r.captured, r.currency),
          ),
          numeric("refunded", t("health.revenue.refunded"), (r: Month) =>
            formatMoney(r.refunded, r.currency),
          ),
          count("new", t("health.revenue.newWorkspaces"), (r: Month) => r.newWorkspaces),
          count("churned", t("health.revenue.churned"), (r: Month) => r.churned),
        ]}
      />
    </div>
  );
}
