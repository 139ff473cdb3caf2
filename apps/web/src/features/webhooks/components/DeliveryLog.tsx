import type { WebhookDelivery } from "@parley/contracts";
import { buttonClass } from "@parley/ui/components/Button";
import { useErrorText, useFormat, useServerText, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useState } from "react";
import { LoadStatus } from "../../../components/LoadStatus";
import { useWebhookActions, useWebhookDeliveries } from "../api";

/**
 * One endpoint's deliveries, newest first: what was sent, how it went (each attempt's status,
 * latency, the answer's first bytes, the error), and Redeliver. Pending deliveries refresh.
 */
export function DeliveryLog({ workspaceId, endpointId }: { workspaceId: string; endpointId: string }) {
  const { t } = useTranslation("webhooks");
  const query = useWebhookDeliveries(workspaceId, endpointId);
  const deliveries = query.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <div className="webhook-log">
      <div className="webhook-log-head">
        <h4>{t("log.title")}</h4>
        <LogButton variant="ghost" onClick={() => void query.refetch()} busy={query.isFetching}>
          {t("log.refresh")}
        </LogButton>
      </div>
      <LoadStatus query={query} loading={t("log.loading")} failure={t("log.failed")} />
      {query.isSuccess && deliveries.length === 0 ? <p className="muted">{t("log.empty")}</p> : null}
      <ul className="webhook-deliveries">
        {deliveries.map((d) => (
          <DeliveryRow key={d.id} delivery={d} workspaceId={workspaceId} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <LogButton
          variant="secondary"
          onClick={() => void query.fetchNextPage()}
          busy={query.isFetchingNextPage}
        >
          {t("log.more")}
        </LogButton>
      ) : null}
    </div>
  );
}

/** A small button of the log that reloads part of it, disabled and marked busy while it loads. */
function LogButton({
  variant,
  busy,
  onClick,
  children,
}: {
  variant: "ghost" | "secondary";
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={buttonClass({ variant, size: "sm" })}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
    >
      {children}
    </button>
  );
}

function DeliveryRow({ delivery: d, workspaceId }: { delivery: WebhookDelivery; workspaceId: string }) {
  const { t } = useTranslation("webhooks");
  const format = useFormat();
  const serverText = useServerText();
  const errorText = useErrorText();
  const { redeliver } = useWebhookActions(workspaceId);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const last = d.log[0];
  async function onRedeliver() {
    setNotice(null);
    try {
      await redeliver.mutateAsync(d.id);
      setNotice({ tone: "success", text: t("log.redelivered") });
    } catch (error) {
      setNotice({ tone: "error", text: errorText(error as { code?: string; message?: string }) });
    }
  }
  return (
    <li className="webhook-delivery" data-status={d.status}>
      <div className="webhook-delivery-summary">
        <span className={`badge webhook-status webhook-status-${d.status}`}>
          {t(`log.status.${d.status}`)}
        </span>
        <span className="webhook-delivery-type">
          {t(`events.${d.type}`)}{" "}
          <code dir="ltr" className="muted">
            {d.type}
          </code>
        </span>
        <time dateTime={d.createdAt} className="muted">
          {format.date(d.createdAt, "dateTime")}
        </time>
        {last ? (
          <span className="muted">
            <bdi dir="ltr">{last.statusCode ?? "—"}</bdi> · {t("log.latency", { ms: last.latencyMs })} ·{" "}
            {t("log.attempts", { count: d.attempts })}
          </span>
        ) : null}
        {d.nextAttemptAt ? (
          <span className="muted">
            {t("log.nextAttempt", { time: format.date(d.nextAttemptAt, "dateTime") })}
          </span>
        ) : null}
      </div>
      {d.log.length ? (
        <details className="webhook-attempts">
          <summary>{t("log.details")}</summary>
          <ol>
            {d.log.map((a) => (
              <li key={a.attempt}>
                <div>
                  <strong>{t("log.attempt", { n: a.attempt })}</strong> ·{" "}
                  {a.statusCode === null ? (
                    t("log.noAnswer")
                  ) : (
                    <bdi dir="ltr">{t("log.httpStatus", { status: a.statusCode })}</bdi>
                  )}{" "}
                  · {t("log.latency", { ms: a.latencyMs })} ·{" "}
                  <time dateTime={a.at}>{format.date(a.at, "dateTime")}</time>
                </div>
                {a.error ? (
                  <div className="webhook-attempt-error">{serverText(a.error, "INTERNAL")}</div>
                ) : null}
                <div className="muted">{t("log.response")}</div>
                <pre className="webhook-response" dir="ltr">
                  {a.responseBody || t("log.emptyResponse")}
                </pre>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {d.status !== "pending" ? (
        <div className="webhook-delivery-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void onRedeliver()}
            disabled={redeliver.isPending}
            aria-busy={redeliver.isPending}
          >
            {redeliver.isPending ? t("log.redelivering") : t("log.redeliver")}
          </button>
        </div>
      ) : null}
      {notice ? (
        <div className={`alert alert-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </div>
      ) : null}
    </li>
  );
}
