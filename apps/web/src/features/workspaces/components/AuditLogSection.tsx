import type { AuditAction, AuditList, WorkspaceRole } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import type enTeam from "@parley/ui/locales/en/team";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoadStatus } from "../../../components/LoadStatus";
import { SectionCard } from "../../../components/SectionCard";

/** `member.invited` → the catalog's `member_invited` (a dot would be a key separator). */
type ActionKey = keyof (typeof enTeam)["audit"]["actions"];
const actionKey = (action: AuditAction) => action.replace(".", "_") as ActionKey;
const ROLES: readonly string[] = ["owner", "admin", "agent"] satisfies WorkspaceRole[];

/**
 * The workspace's audit log, newest first (owners and admins). Each use of an API key that changed
 * nothing is listed only once asked for (a busy integration would crowd out the changes).
 */
export function AuditLogSection({
  query,
  apiUse = false,
  onApiUseChange,
}: {
  query: UseQueryResult<AuditList>;
  apiUse?: boolean;
  onApiUseChange?: (on: boolean) => void;
}) {
  const { t } = useTranslation("team");
  const format = useFormat();
  return (
    <SectionCard title={t("audit.title")} description={t("audit.description")}>
      {onApiUseChange ? (
        <label className="audit-filter">
          <input type="checkbox" checked={apiUse} onChange={(e) => onApiUseChange(e.target.checked)} />{" "}
          {t("audit.showApiUse")}
        </label>
      ) : null}
      <LoadStatus query={query} loading={t("audit.loading")} failure={t("audit.failed")} />
      {query.data && query.data.entries.length === 0 ? <p>{t("audit.empty")}</p> : null}
      <ol className="audit-list">
        {query.data?.entries.map((e) => {
          const roleName =
            typeof e.details.role === "string"
              ? ROLES.includes(e.details.role)
                ? t(`roles.${e.details.role as WorkspaceRole}`)
                : e.details.role
              : null;
          const role = roleName ? t("audit.role", { role: roleName }) : "";
          const self = e.action === "member.joined" || e.action === "member.left";
          const system = e.details.by === "system";
          // Parley's team acted (the operator's console), with the reason they gave.
          const staff = e.details.by === "parley";
          const staffReason = staff && typeof e.details.reason === "string" ? e.details.reason : null;
          // Changes made through the public API: the workspace's key acted, not a person.
          const viaApi = e.details.via === "api";
          const from = typeof e.details.from === "string" ? e.details.from : null;
          // Bots by their current name, or the one they had then (they may be gone since);
          // sources by the name they had then; an old entry of a bot deleted since, recorded
          // without a name, as a deleted chatbot.
          const bot = e.action.startsWith("bot.");
          // Webhook endpoints by their address (as it was then).
          const recorded =
            typeof e.details.name === "string"
              ? e.details.name
              : e.action.startsWith("webhook.") && typeof e.details.url === "string"
                ? e.details.url
                : null;
          const botName = bot ? (e.targetName ?? recorded) : recorded;
          const name = botName
            ? t("audit.quoted", { name: botName })
            : bot && e.target
              ? t("audit.deletedBot")
              : null;
          // A deleted source or conversation recorded with only its id (conversations always,
          // sources before their names were recorded): said in words, never the id.
          const unnamedDeletion =
            !name && (e.action === "knowledge.deleted" || e.action === "conversation.deleted")
              ? t(
                  `audit.deletedUnnamed.${actionKey(e.action) as "knowledge_deleted" | "conversation_deleted"}`,
                )
              : null;
          // People (members removed, role changed) by name, their address beside it.
          const person = !bot && e.targetName && e.target ? e.targetName : null;
          return (
            <li key={e.id} className="audit-row">
              <time dateTime={e.createdAt}>{format.date(e.createdAt, "dateTime")}</time>
              <span>
                <strong>
                  {system ? (
                    t("audit.system")
                  ) : staff ? (
                    t("audit.parleyTeam")
                  ) : viaApi ? (
                    t("audit.apiKey")
                  ) : e.actorName ? (
                    <bdi>{e.actorName}</bdi>
                  ) : e.actorEmail ? (
                    <bdi dir="ltr">{e.actorEmail}</bdi>
                  ) : (
                    t("audit.someone")
                  )}
                </strong>
                {!system && e.actorName && e.actorEmail ? (
                  <>
                    {" "}
                    <span className="audit-email">
                      <bdi dir="ltr">{e.actorEmail}</bdi>
                    </span>
                  </>
                ) : null}{" "}
                {unnamedDeletion ??
                  (e.action === "plan.changed" && from
                    ? t("audit.planChangedFrom", { from })
                    : t(`audit.actions.${actionKey(e.action)}`))}
                {unnamedDeletion ? null : !self && person ? (
                  <>
                    {" "}
                    <strong>
                      <bdi>{person}</bdi>
                    </strong>{" "}
                    <span className="audit-email">
                      <bdi dir="ltr">{e.target}</bdi>
                    </span>
                  </>
                ) : !self && (name ?? e.target) ? (
                  <>
                    {" "}
                    <bdi>{name ?? e.target}</bdi>
                  </>
                ) : null}
                {role}
                {staffReason ? <> {t("audit.staffReason", { reason: staffReason })}</> : null}
                {e.action === "api_key.used" && typeof e.details.status === "number"
                  ? t("audit.apiStatus", { status: e.details.status })
                  : null}
              </span>
            </li>
          );
        })}
      </ol>
    </SectionCard>
  );
}
