import type { WebhookEndpoint } from "@parley/contracts";
import { ConfirmDialog } from "@parley/ui/components/Dialog";
import { useErrorText, useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { LoadStatus } from "../../../components/LoadStatus";
import { useConfirmAction } from "../../../components/use-confirm-action";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api";
import { useSignedInUser } from "../../session/public";
import { ConfirmActionDialog, useAccess } from "../../workspaces/public";
import { useWebhookActions, useWebhookEndpoints } from "../api";
import "../styles/webhooks.css";
import { DeliveryLog } from "./DeliveryLog";
import { EndpointForm } from "./EndpointForm";
import { SecretReveal } from "./SecretReveal";

const OVERLAPS = [0, 1, 24, 72] as const;

/**
 * The active workspace's outgoing webhooks (owners and admins), a section of the Developers area
 * (`/developers/webhooks`): endpoints, their events, a secret shown once at creation and rotation,
 * test events, and each endpoint's delivery log with Redeliver.
 */
export function WebhooksSection() {
  const { t } = useTranslation("webhooks");
  useDocumentTitle(t("page.title"));
  const { workspace } = useSignedInUser();
  const access = useAccess("webhooks:manage");
  if (!workspace || access === "unknown") return <p aria-busy="true">{t("page.loading")}</p>;
  return (
    <div className="webhooks-section">
      <p className="app-page-lead">{t("page.lead")}</p>
      {access === "no" ? (
        <div className="alert alert-info" role="status">
          {t("page.notAllowed")}
        </div>
      ) : (
        <Endpoints workspaceId={workspace.id} />
      )}
    </div>
  );
}

function Endpoints({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("webhooks");
  const query = useWebhookEndpoints(workspaceId, true);
  const actions = useWebhookActions(workspaceId);
  const [secret, setSecret] = useState<string | null>(null);
  const [planNeeded, setPlanNeeded] = useState(false);
  const headingId = useId();

  return (
    <div className="settings-stack">
      {secret ? <SecretReveal secret={secret} onDone={() => setSecret(null)} /> : null}
      <section className="card settings-card" aria-labelledby={`${headingId}-add`}>
        <div className="settings-card-intro">
          <h2 id={`${headingId}-add`}>{t("form.addTitle")}</h2>
          <div className="settings-card-description">{t("page.docsHint")}</div>
        </div>
        <div className="settings-card-body">
          {planNeeded ? (
            <div className="alert alert-info" role="status">
              {t("page.planNeeded")} <Link to="/billing">{t("page.seePlans")}</Link>
            </div>
          ) : null}
          <EndpointForm
            key={secret ?? "new"}
            submitLabel={t("form.add")}
            busyLabel={t("form.adding")}
            onSubmit={async (values) => {
              try {
                const created = await actions.create.mutateAsync(values);
                setPlanNeeded(false);
                setSecret(created.secret);
              } catch (error) {
                if (isApiError(error) && error.code === "PLAN_LIMIT_REACHED") setPlanNeeded(true);
                throw error;
              }
            }}
          />
        </div>
      </section>
      <section className="card settings-card" aria-labelledby={`${headingId}-list`}>
        <div className="settings-card-intro">
          <h2 id={`${headingId}-list`}>{t("page.title")}</h2>
        </div>
        <div className="settings-card-body">
          <LoadStatus
            query={query}
            loading={t("page.loading")}
            failure={t("page.failed")}
            retryLabel={t("page.retry")}
          />
          {query.data && query.data.length === 0 ? <p className="muted">{t("page.empty")}</p> : null}
          <ul className="webhook-endpoints">
            {query.data?.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                workspaceId={workspaceId}
                onSecret={(s) => setSecret(s)}
              />
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}

function EndpointItem({
  endpoint,
  workspaceId,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  workspaceId: string;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation("webhooks");
  const format = useFormat();
  const errorText = useErrorText();
  const actions = useWebhookActions(workspaceId);
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const logId = useId();

  const fail = (error: unknown) =>
    setNotice({ tone: "error", text: errorText(error as { code?: string; message?: string }) });

  async function sendTest() {
    setNotice(null);
    try {
      await actions.test.mutateAsync(endpoint.id);
      setNotice({ tone: "success", text: t("endpoint.testQueued") });
      setShowLog(true);
    } catch (error) {
      fail(error);
    }
  }

  async function toggle() {
    setNotice(null);
    try {
      await actions.update.mutateAsync({ id: endpoint.id, patch: { enabled: !endpoint.enabled } });
    } catch (error) {
      fail(error);
    }
  }

  return (
    <li className="webhook-endpoint">
      <div className="webhook-endpoint-head">
        <div className="webhook-endpoint-who">
          <bdi dir="ltr" className="webhook-url">
            {endpoint.url}
          </bdi>
          {endpoint.description ? <span dir="auto">{endpoint.description}</span> : null}
          <span className="muted">
            {t("endpoint.eventsCount", { count: endpoint.events.length })}:{" "}
            {endpoint.events.map((e) => t(`events.${e}`)).join(" · ")}
          </span>
          {endpoint.previousSecretUntil ? (
            <span className="muted">
              {t("secret.overlapUntil", { time: format.date(endpoint.previousSecretUntil, "dateTime") })}
            </span>
          ) : null}
        </div>
        <span className={`badge ${endpoint.enabled ? "webhook-on" : "webhook-off"}`}>
          {endpoint.enabled ? t("endpoint.enabled") : t("endpoint.disabled")}
        </span>
      </div>
      {endpoint.disabledReason === "failing" ? (
        <div className="alert alert-error" role="status">
          {t("endpoint.failing")}
        </div>
      ) : null}
      {editing ? (
        <EndpointForm
          initial={endpoint}
          submitLabel={t("form.save")}
          busyLabel={t("form.saving")}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await actions.update.mutateAsync({ id: endpoint.id, patch: values });
            setEditing(false);
            setNotice({ tone: "success", text: t("form.saved") });
          }}
        />
      ) : (
        <div className="webhook-endpoint-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
            {t("endpoint.edit")}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void sendTest()}
            disabled={actions.test.isPending || !endpoint.enabled}
            aria-busy={actions.test.isPending}
          >
            {actions.test.isPending ? t("endpoint.testing") : t("endpoint.test")}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void toggle()}
            disabled={actions.update.isPending}
          >
            {endpoint.enabled ? t("endpoint.turnOff") : t("endpoint.turnOn")}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRotating(true)}>
            {t("secret.rotate")}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((v) => !v)}
          >
            {showLog ? t("endpoint.hideLog") : t("endpoint.showLog")}
          </button>
          <button type="button" className="btn btn-danger btn-sm" onClick={() => setDeleting(true)}>
            {t("endpoint.delete")}
          </button>
        </div>
      )}
      {notice ? (
        <div className={`alert alert-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </div>
      ) : null}
      <div id={logId}>
        {showLog ? <DeliveryLog workspaceId={workspaceId} endpointId={endpoint.id} /> : null}
      </div>
      <ConfirmActionDialog
        open={deleting}
        title={t("endpoint.deleteTitle")}
        body={t("endpoint.deleteBody", { url: endpoint.url })}
        confirmLabel={t("endpoint.deleteConfirm")}
        busyLabel={t("endpoint.deleting")}
        onConfirm={() => actions.remove.mutateAsync(endpoint.id)}
        onClose={() => setDeleting(false)}
      />
      <RotateDialog
        open={rotating}
        onClose={() => setRotating(false)}
        onRotate={async (overlapHours) => {
          const rotated = await actions.rotate.mutateAsync({ id: endpoint.id, overlapHours });
          onSecret(rotated.secret);
        }}
      />
    </li>
  );
}

function RotateDialog({
  open,
  onClose,
  onRotate,
}: {
  open: boolean;
  onClose: () => void;
  onRotate: (overlapHours: number) => Promise<void>;
}) {
  const { t } = useTranslation("webhooks");
  const errorText = useErrorText();
  const [overlap, setOverlap] = useState<number>(24);
  const { busy, failure, close, run } = useConfirmAction(onClose);
  const selectId = useId();
  return (
    <ConfirmDialog
      open={open}
      onCancel={close}
      onConfirm={() => void run(() => onRotate(overlap))}
      busy={busy}
      tone="primary"
      title={t("secret.rotateTitle")}
      description={t("secret.rotateBody")}
      confirmLabel={t("secret.rotateConfirm")}
      busyLabel={t("secret.rotating")}
      error={failure ? errorText(failure.error as { code?: string; message?: string }) : null}
    >
      <div className="field">
        <label htmlFor={selectId}>{t("secret.overlap")}</label>
        <select id={selectId} value={overlap} onChange={(e) => setOverlap(Number(e.target.value))}>
          {OVERLAPS.map((h) => (
            <option key={h} value={h}>
              {h === 0 ? t("secret.overlapNone") : t("secret.overlapHours", { count: h })}
            </option>
          ))}
        </select>
      </div>
    </ConfirmDialog>
  );
}
