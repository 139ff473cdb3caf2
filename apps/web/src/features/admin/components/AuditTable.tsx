import type { AdminAuditEntry } from "@parley/contracts";

import { Ltr, useFormat, useTranslation } from "@parley/ui/i18n/react";
import type en from "@parley/ui/locales/en/admin";
import { Link } from "react-router-dom";
import { AdminTable, useWhenColumn } from "./AdminTable";
import { Empty } from "./Status";

type KindKey = keyof (typeof en)["actions"]["kinds"];
type TargetKey = keyof (typeof en)["actions"]["targets"];
const KINDS = new Set<string>([
  "subscription_granted",
  "payment_inquired",
  "plan_edited",
  "chatbot_suspended",
  "chatbot_unsuspended",
  "payment_review_granted",
  "payment_review_declined",
  "payment_refunded",
  "subscription_downgrade_scheduled",
  "subscription_downgrade_cancelled",
  "workspace_suspended",
  "workspace_unsuspended",
] satisfies KindKey[]);
const TARGETS = new Set<string>(["workspace", "payment", "plan", "chatbot"] satisfies TargetKey[]);

/** Where a target's console page is, when it has one. */
export function targetHref(type: string, id: string): string | null {
  const e = encodeURIComponent(id);
  if (type === "workspace") return `/admin/customers/${e}`;
  if (type === "payment") return `/admin/payments/${e}`;
  if (type === "plan") return `/admin/plans/${e}`;
  return null;
}

function Target({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation("admin");
  const href = targetHref(entry.targetType, entry.targetId);
  const id = <Ltr className="admin-id">{entry.targetId}</Ltr>;
  return (
    <span className="admin-target">
      {TARGETS.has(entry.targetType) ? `${t(`actions.targets.${entry.targetType as TargetKey}`)} ` : null}
      {href ? <Link to={href}>{id}</Link> : id}
    </span>
  );
}

/** The platform audit log: when, who, what to which target, why, and before/after on request. */
export function AuditTable({ entries }: { entries: readonly AdminAuditEntry[] }) {
  const { t } = useTranslation("admin");
  const _format = useFormat();
  const when = useWhenColumn();
  if (entries.length === 0) return <Empty>{t("actions.empty")}</Empty>;
  return (
    <AdminTable
      caption={t("actions.caption")}
      rows={entries}
      rowKey={(e) => e.id}
      pageSize={25}
      columns={[
        when("when", t("actions.when"), (e: AdminAuditEntry) => e.createdAt, true),
        { key: "who", header: t("actions.who"), cell: (e) => <Ltr>{e.actorEmail}</Ltr> },
        {
          key: "what",
          header: t("actions.what"),
          cell: (e) => {
            const kind = e.action.replace(".", "_");
            return (
              <>
                <span className="admin-strong">
                  {KINDS.has(kind) ? t(`actions.kinds.${kind as KindKey}`) : <Ltr>{e.action}</Ltr>}
                </span>
                <Target entry={e} />
              </>
            );
          },
        },
        {
          key: "reason",
          header: t("actions.reason"),
          cell: (e) => <bdi className="admin-reason-text">{e.reason}</bdi>,
        },
        {
          key: "details",
          header: t("actions.details"),
          cell: (e) =>
            e.before || e.after ? (
              <details className="admin-details">
                <summary>{t("actions.details")}</summary>
                <dl>
                  <dt>{t("actions.before")}</dt>
                  <dd>
                    <pre dir="ltr">{JSON.stringify(e.before, null, 2)}</pre>
                  </dd>
                  <dt>{t("actions.after")}</dt>
                  <dd>
                    <pre dir="ltr">{JSON.stringify(e.after, null, 2)}</pre>
                  </dd>
                </dl>
              </details>
            ) : null,
        },
      ]}
    />
  );
}
