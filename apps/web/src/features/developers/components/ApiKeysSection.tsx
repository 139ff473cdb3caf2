import type { ApiKey } from "@parley/contracts";
import { Trans, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { LoadStatus } from "../../../components/LoadStatus";
import { useSignedInUser } from "../../session/public";
import { ConfirmActionDialog, useCan } from "../../workspaces/public";
import { useApiKeyActions, useApiKeys } from "../api";
import { CreateApiKeyDialog } from "./CreateApiKeyDialog";

/** The workspace's API keys: create (shown once), list, revoke. Owners and admins only. */
export function ApiKeysSection() {
  const { t } = useTranslation("developers");
  const { language } = useLanguage();
  const format = useFormat();
  const { workspaceId } = useSignedInUser();
  const manage = useCan("apiKeys:manage");
  const query = useApiKeys(workspaceId, manage);
  const { create, revoke } = useApiKeyActions(workspaceId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  /** The key just revoked (its notice is put in words when shown, in the current language). */
  const [notice, setNotice] = useState<string | null>(null);
  const canBilling = useCan("billing");

  if (!manage) {
    return (
      <div className="alert alert-info" role="status">
        {t("page.readOnly")}
      </div>
    );
  }
  const data = query.data;
  const planBlocked = data ? !data.planIncludesApi : false;
  return (
    <section className="card settings-card" aria-labelledby="api-keys-h">
      <div className="settings-card-intro">
        <h2 id="api-keys-h">{t("keys.title")}</h2>
        <div className="settings-card-description">{t("keys.description")}</div>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!data || planBlocked}
          onClick={() => {
            setNotice(null);
            setCreating(true);
          }}
        >
          {t("keys.create")}
        </button>
      </div>
      <div className="settings-card-body">
        {notice ? (
          <div className="alert alert-success" role="status">
            {t("keys.revoked", { name: notice })}
          </div>
        ) : null}
        {planBlocked && data ? (
          <div className="alert alert-info" role="status">
            {t("keys.planRequired", { plan: data.planNames[language] })}{" "}
            {canBilling ? <Link to="/billing">{t("keys.planRequiredLink")}</Link> : null}
          </div>
        ) : null}
        <LoadStatus
          query={query}
          loading={t("keys.loading")}
          failure={t("keys.failed")}
          retryLabel={t("keys.retry")}
        />
        {data && data.keys.length === 0 ? <p className="api-keys-empty">{t("keys.empty")}</p> : null}
        {data && data.keys.length > 0 ? (
          <ul className="api-keys-list" aria-label={t("keys.listLabel")}>
            {data.keys.map((k) => (
              <li key={k.id} className="api-keys-row">
                <div className="api-keys-who">
                  <span className="api-keys-name">
                    <bdi>{k.name}</bdi>
                    {k.status === "expired" ? (
                      <span className="badge api-keys-expired">{t("keys.expired")}</span>
                    ) : null}
                  </span>
                  <code className="api-keys-mask" dir="ltr">
                    {k.prefix}…{k.last4}
                  </code>
                  <span className="api-keys-scopes">
                    {k.scopes.map((s) => (
                      <span key={s} className="badge">
                        {t(`keys.scopes.${s}`)}
                      </span>
                    ))}
                  </span>
                  <span className="api-keys-meta">
                    {k.createdBy.email
                      ? t("keys.createdBy", {
                          date: format.date(k.createdAt, "date"),
                          who: k.createdBy.email,
                        })
                      : t("keys.createdOn", { date: format.date(k.createdAt, "date") })}
                    {" · "}
                    {k.lastUsedAt
                      ? t("keys.lastUsed", { date: format.date(k.lastUsedAt, "dateTime") })
                      : t("keys.neverUsed")}
                    {" · "}
                    {k.expiresAt
                      ? t("keys.expires", { date: format.date(k.expiresAt, "date") })
                      : t("keys.neverExpires")}
                  </span>
                  <span className="api-keys-meta">
                    {t("keys.usage", { count: k.thisMonth.requests })}
                    {" · "}
                    {t("keys.messages", { count: k.thisMonth.messages })}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={t("keys.revokeNamed", { name: k.name })}
                  onClick={() => {
                    setNotice(null);
                    setRevoking(k);
                  }}
                >
                  {t("keys.revoke")}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} create={create} />
      <ConfirmActionDialog
        open={revoking !== null}
        title={t("keys.revokeTitle")}
        body={
          revoking ? (
            <Trans
              t={t}
              i18nKey="keys.revokeBody"
              values={{ name: revoking.name, key: `${revoking.prefix}…${revoking.last4}` }}
              components={{ b: <strong />, code: <code dir="ltr" /> }}
            />
          ) : null
        }
        confirmLabel={t("keys.revoke")}
        busyLabel={t("keys.revoking")}
        onConfirm={async () => {
          if (!revoking) return;
          const name = revoking.name;
          await revoke(revoking.id);
          setNotice(name);
        }}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
