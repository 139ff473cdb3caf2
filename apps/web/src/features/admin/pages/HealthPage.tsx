import { type AdminHealth, formatMoney } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { StatCard } from "@parley/ui/components/StatCard";
import { Table } from "@parley/ui/components/Table";
import { Ltr, useFormat, useTranslation } from "@parley/ui/i18n/react";
import type en from "@parley/ui/locales/en/admin";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useHealth } from "../api";
import { useRecordedText } from "../components/form";
import { Badge, Empty, LoadError, Loading, Section } from "../components/Status";
import { messagesTable } from "../console";

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
  useDocumentTitle(t("health.title"));
  const health = useHealth();
  return (
    <>
      <header className="app-page-head admin-head-row">
        <div>
          <h1>{t("health.title")}</h1>
          <p className="app-page-lead">{t("health.lead")}</p>
        </div>
        {health.data ? (
          <Button
            variant="secondary"
            size="sm"
            busy={health.isFetching}
            busyLabel={t("common.loading")}
            onClick={() => void health.refetch()}
          >
            {t("health.refresh")}
          </Button>
        ) : null}
      </header>
      {health.isPending ? <Loading label={t("health.loading")} /> : null}
      {health.isError && !health.data ? (
        <LoadError
          what={t("health.failed")}
          error={health.error}
          onRetry={() => void health.refetch()}
          retrying={health.isFetching}
        />
      ) : null}
      {health.data ? <HealthView health={health.data} /> : null}
    </>
  );
}

function HealthView({ health }: { health: AdminHealth }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const recorded = useRecordedText();
  const queued = health.jobs.reduce((sum, j) => sum + j.queued, 0);
  const failed = health.jobs.reduce((sum, j) => sum + j.failed, 0);
  const messages = messagesTable(health.messagesByHour);
  const peak = Math.max(1, ...messages.hours.map((h) => h.total));
  const channelName = (c: string) => (CHANNELS.has(c) ? t(`health.messages.channels.${c as ChannelKey}`) : c);
  const n = (value: number) => format.number(value);
  return (
    <div className="admin-stack">
      <div className="admin-figures">
        <StatCard className="card kpi admin-figure" label={t("health.figures.queued")} value={n(queued)} />
        <StatCard
          className={`card kpi admin-figure${failed > 0 ? " admin-figure-alert" : ""}`}
          label={t("health.figures.failedJobs")}
          value={n(failed)}
        />
        <StatCard
          className={`card kpi admin-figure${health.payments.pendingOlderThan15m > 0 ? " admin-figure-alert" : ""}`}
          label={t("health.figures.stalePayments")}
          value={n(health.payments.pendingOlderThan15m)}
          detail={
            health.payments.pendingOlderThan15m > 0 ? (
              <Link to="/admin/payments?state=pending">{t("health.figures.review")}</Link>
            ) : undefined
          }
        />
        <StatCard
          className={`card kpi admin-figure${health.payments.heldForReview > 0 ? " admin-figure-alert" : ""}`}
          label={t("health.figures.held")}
          value={n(health.payments.heldForReview)}
          detail={
            health.payments.heldForReview > 0 ? (
              <Link to="/admin/payments?state=amount_mismatch">{t("health.figures.review")}</Link>
            ) : undefined
          }
        />
        <StatCard
          className="card kpi admin-figure"
          label={t("health.figures.ingestion")}
          value={n(health.ingestionFailures.last24h)}
        />
        <StatCard
          className="card kpi admin-figure"
          label={t("health.figures.suspended")}
          value={n(health.suspendedChatbots)}
        />
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

      <Section title={t("health.jobs.title")}>
        {health.jobs.length === 0 ? (
          <Empty>{t("health.jobs.empty")}</Empty>
        ) : (
          <div className="admin-table-wrap">
            <Table
              className="admin-table"
              caption={t("health.jobs.caption")}
              rows={health.jobs}
              rowKey={(j) => j.kind}
              columns={[
                {
                  key: "kind",
                  header: t("health.jobs.kind"),
                  cell: (j) => <Ltr className="admin-id">{j.kind}</Ltr>,
                },
                {
                  key: "queued",
                  header: t("health.jobs.queued"),
                  className: "admin-numeric",
                  cell: (j) => n(j.queued),
                },
                {
                  key: "running",
                  header: t("health.jobs.running"),
                  className: "admin-numeric",
                  cell: (j) => n(j.running),
                },
                {
                  key: "failed",
                  header: t("health.jobs.failed"),
                  className: "admin-numeric",
                  cell: (j) =>
                    j.failed > 0 ? <span className="admin-danger-text">{n(j.failed)}</span> : n(0),
                },
                {
                  key: "oldest",
                  header: t("health.jobs.oldest"),
                  cell: (j) =>
                    j.oldestQueuedAt ? format.date(j.oldestQueuedAt, "dateTime") : t("common.none"),
                },
              ]}
            />
          </div>
        )}
      </Section>

      <Section title={t("health.webhooks.title")}>
        {health.failingWebhooks.length === 0 ? (
          <Empty>{t("health.webhooks.empty")}</Empty>
        ) : (
          <div className="admin-table-wrap">
            <Table
              className="admin-table"
              caption={t("health.webhooks.caption")}
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
                  cell: (w) =>
                    w.failingSince ? format.date(w.failingSince, "dateTime") : t("common.notSet"),
                },
                {
                  key: "state",
                  header: t("health.webhooks.state"),
                  cell: (w) => (
                    <Badge tone={w.enabled ? "warning" : "neutral"}>
                      {t(w.enabled ? "workspace.webhooks.on" : "workspace.webhooks.off")}
                    </Badge>
                  ),
                },
              ]}
            />
          </div>
        )}
      </Section>

      <Section title={t("health.ingestion.title")}>
        {health.ingestionFailures.last24h > 0 ? (
          <p className="admin-count">
            {t("health.ingestion.count", { count: health.ingestionFailures.last24h })}
          </p>
        ) : null}
        {health.ingestionFailures.recent.length === 0 ? (
          <Empty>{t("health.ingestion.empty")}</Empty>
        ) : (
          <div className="admin-table-wrap">
            <Table
              className="admin-table"
              caption={t("health.ingestion.caption")}
              rows={health.ingestionFailures.recent}
              rowKey={(f) => `${f.chatbotId}|${f.title}|${f.at}`}
              columns={[
                {
                  key: "when",
                  header: t("health.ingestion.when"),
                  className: "admin-nowrap",
                  cell: (f) => format.date(f.at, "dateTime"),
                },
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
                  cell: (f) =>
                    f.error ? <bdi className="admin-reason-text">{recorded(f.error)}</bdi> : null,
                },
              ]}
            />
          </div>
        )}
      </Section>

      <Section title={t("health.messages.title")}>
        {messages.total > 0 ? (
          <p className="admin-count">{t("health.messages.sum", { count: messages.total })}</p>
        ) : null}
        {messages.hours.length === 0 ? (
          <Empty>{t("health.messages.empty")}</Empty>
        ) : (
          <div className="admin-table-wrap">
            <Table
              className="admin-table admin-hours"
              caption={t("health.messages.caption")}
              rows={messages.hours}
              rowKey={(h) => h.hour}
              columns={[
                {
                  key: "hour",
                  header: t("health.messages.hour"),
                  className: "admin-nowrap",
                  cell: (h) => format.date(h.hour, "dateTime"),
                },
                ...messages.channels.map((c) => ({
                  key: c,
                  header: channelName(c),
                  className: "admin-numeric",
                  cell: (h: (typeof messages.hours)[number]) => n(h.byChannel[c] ?? 0),
                })),
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
          </div>
        )}
      </Section>

      <Section title={t("health.revenue.title")}>
        {health.revenue.length === 0 ? (
          <Empty>{t("health.revenue.empty")}</Empty>
        ) : (
          <div className="admin-table-wrap">
            <Table
              className="admin-table"
              caption={t("health.revenue.caption")}
              rows={[...health.revenue].sort((a, b) => b.month.localeCompare(a.month))}
              rowKey={(r) => `${r.month}|${r.currency}`}
              columns={[
                {
                  key: "month",
                  header: t("health.revenue.month"),
                  cell: (r) => format.date(`${r.month}-15T12:00:00.000Z`, "monthYear"),
                },
                {
                  key: "captured",
                  header: t("health.revenue.captured"),
                  className: "admin-numeric",
                  cell: (r) => formatMoney(r.captured, r.currency),
                },
                {
                  key: "refunded",
                  header: t("health.revenue.refunded"),
                  className: "admin-numeric",
                  cell: (r) => formatMoney(r.refunded, r.currency),
                },
                {
                  key: "new",
                  header: t("health.revenue.newWorkspaces"),
                  className: "admin-numeric",
                  cell: (r) => n(r.newWorkspaces),
                },
                {
                  key: "churned",
                  header: t("health.revenue.churned"),
                  className: "admin-numeric",
                  cell: (r) => n(r.churned),
                },
              ]}
            />
          </div>
        )}
      </Section>
    </div>
  );
}
