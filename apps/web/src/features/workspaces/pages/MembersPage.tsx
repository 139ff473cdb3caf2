import type { WorkspaceRole } from "@parley/contracts";
import { Trans, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router-dom";
import { LoadStatus } from "../../../components/LoadStatus";
import { SectionCard } from "../../../components/SectionCard";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useSignedInUser } from "../../session/public";
import {
  leaveWorkspace,
  type Member,
  parseRole,
  useAuditLog,
  useInvitations,
  useMemberActions,
  useMembers,
  useSeats,
  useWorkspaces,
} from "../api";
import { AuditLogSection } from "../components/AuditLogSection";
import { ConfirmActionDialog } from "../components/ConfirmActionDialog";
import { CreateWorkspaceCard, WorkspaceNameCard } from "../components/WorkspaceNameCards";
import { isSeatError, useWorkspaceErrorText } from "../errors";
import { useCan, useCapabilities } from "../permissions";
import { overSeatsMessage } from "../seats";
import "../styles/members.css";
import { Button } from "@parley/ui/components/Button";

const ROLES: WorkspaceRole[] = ["owner", "admin", "agent"];

/** A success (words) or a failure (the error, put in words when shown, in the current language). */
type Notice = { tone: "success"; text: ReactNode } | { tone: "error"; error: unknown };

const ltr = { email: <bdi dir="ltr" /> };

function NoticeAlert({ notice, children }: { notice: Notice; children?: ReactNode }) {
  const errorText = useWorkspaceErrorText();
  return (
    <div className={`alert alert-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
      {notice.tone === "error" ? errorText(notice.error) : notice.text}
      {children}
    </div>
  );
}

/**
 * Members of the active workspace: who is in it and with which role, pending invitations, and
 * (for owners and admins) inviting, changing roles and removing. Anyone but a personal workspace's
 * owner may leave. The auth service enforces every rule; this page explains them.
 */
export function MembersPage() {
  const { t } = useTranslation("team");
  useDocumentTitle(t("page.title"));
  const { user, workspace } = useSignedInUser();
  const can = useCapabilities();
  if (!workspace) return <div className="container app-page" aria-busy="true" />;
  const manage = can("members:manage");
  return (
    <div className="container app-page app-page-narrow">
      <header className="app-page-head">
        <h1>{t("page.title")}</h1>
        <p className="app-page-lead">
          <Trans
            t={t}
            i18nKey="page.lead"
            values={{ role: t(`roles.${workspace.role}`) }}
            components={{ b: <strong /> }}
          />
        </p>
      </header>
      <div className="settings-stack">
        {manage ? <OverSeatsNotice workspaceId={workspace.id} myRole={workspace.role} /> : null}
        {manage ? <InviteCard workspaceId={workspace.id} myRole={workspace.role} /> : null}
        <MembersCard workspaceId={workspace.id} myRole={workspace.role} myUserId={user.id} />
        {manage ? <PendingInvitations workspaceId={workspace.id} /> : null}
        <WorkspaceNameCard workspaceId={workspace.id} />
        <CreateWorkspaceCard />
        {!workspace.personal ? <LeaveCard workspaceId={workspace.id} personalId={user.id} /> : null}
        {can("audit:read") ? <AuditCard workspaceId={workspace.id} /> : null}
      </div>
    </div>
  );
}

function OverSeatsNotice({ workspaceId, myRole }: { workspaceId: string; myRole: WorkspaceRole }) {
  const { t } = useTranslation("team");
  const { language } = useLanguage();
  const seats = useSeats(workspaceId, true);
  if (!seats.data?.overLimit) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="over-seats">
      {overSeatsMessage(seats.data, myRole, t, language)}
      {myRole === "owner" ? (
        <>
          {" "}
          <Link to="/billing">{t("page.seePlans")}</Link>
        </>
      ) : null}
    </div>
  );
}

function InviteCard({ workspaceId, myRole }: { workspaceId: string; myRole: WorkspaceRole }) {
  const { t } = useTranslation("team");
  const { invite } = useMemberActions(workspaceId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("agent");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [invalid, setInvalid] = useState(false);
  const emailId = useId();
  const roleId = useId();
  const roles = myRole === "owner" ? ROLES : ROLES.filter((r) => r !== "owner");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setInvalid(false);
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setInvalid(true);
      return;
    }
    try {
      await invite.mutateAsync({ email: address, role });
      setNotice({
        tone: "success",
        text: <Trans ns="team" i18nKey="invite.sent" values={{ email: address }} components={ltr} />,
      });
      setEmail("");
    } catch (error) {
      setNotice({ tone: "error", error });
    }
  }

  return (
    <SectionCard title={t("invite.title")} description={t("invite.description")}>
      <form className="form members-invite" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={emailId}>{t("invite.email")}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            maxLength={320}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={roleId}>{t("invite.role")}</label>
          <select id={roleId} value={role} onChange={(e) => setRole(parseRole(e.target.value))}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t("invite.roleOption", { role: t(`roles.${r}`), help: t(`roleHelp.${r}`) })}
              </option>
            ))}
          </select>
        </div>
        {invalid ? (
          <div className="alert alert-error" role="alert">
            {t("invite.invalidEmail")}
          </div>
        ) : null}
        {notice ? (
          <NoticeAlert notice={notice}>
            {notice.tone === "error" && isSeatError(notice.error) ? (
              <>
                {" "}
                <Link to="/billing">{t("page.seePlans")}</Link>
              </>
            ) : null}
          </NoticeAlert>
        ) : null}
        <div className="settings-actions">
          <Button type="submit" variant="primary" size="sm" busy={invite.isPending}>
            {t("invite.send")}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function MembersCard({
  workspaceId,
  myRole,
  myUserId,
}: {
  workspaceId: string;
  myRole: WorkspaceRole;
  myUserId: string;
}) {
  const { t } = useTranslation("team");
  const errorText = useWorkspaceErrorText();
  const members = useMembers(workspaceId);
  const { changeRole, remove } = useMemberActions(workspaceId);
  const [error, setError] = useState<{ error: unknown } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const manage = useCan("members:manage");
  const owners = members.data?.filter((m) => m.role === "owner").length ?? 0;

  /** Admins manage everyone but owners; nobody demotes the last owner or a personal workspace's owner. */
  const canEdit = (m: Member) =>
    manage &&
    m.userId !== myUserId &&
    m.userId !== workspaceId &&
    (myRole === "owner" || m.role !== "owner") &&
    !(m.role === "owner" && owners <= 1);

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError({ error: e });
    }
  }

  return (
    <SectionCard title={t("members.title")} description={t("members.description")}>
      <LoadStatus
        query={members}
        loading={t("members.loading")}
        failure={members.isError ? errorText(members.error) : null}
      />
      {error ? (
        <div className="alert alert-error" role="alert">
          {errorText(error.error)}
        </div>
      ) : null}
      <ul className="members-list">
        {members.data?.map((m) => (
          <li key={m.id} className="members-row" data-testid="member-row">
            <div className="members-who">
              <span className="members-name">{m.user.name || m.user.email}</span>
              <span className="members-email">
                <bdi dir="ltr">{breakableEmail(m.user.email)}</bdi>
              </span>
            </div>
            {canEdit(m) ? (
              <>
                <label className="sr-only" htmlFor={`role-${m.id}`}>
                  <Trans t={t} i18nKey="members.roleOf" values={{ email: m.user.email }} components={ltr} />
                </label>
                <select
                  id={`role-${m.id}`}
                  value={parseRole(m.role)}
                  onChange={(e) =>
                    run(() => changeRole.mutateAsync({ memberId: m.id, role: parseRole(e.target.value) }))
                  }
                >
                  {(myRole === "owner" ? ROLES : ROLES.filter((r) => r !== "owner")).map((r) => (
                    <option key={r} value={r}>
                      {t(`roles.${r}`)}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRemoving(m)}>
                  {t("members.remove")}
                </button>
              </>
            ) : (
              <span className="members-role">
                {t(`roles.${parseRole(m.role)}`)}
                {m.userId === myUserId ? t("members.you") : ""}
              </span>
            )}
          </li>
        ))}
      </ul>
      <ConfirmActionDialog
        open={removing !== null}
        title={t("members.removeDialog.title", { name: removing?.user.name || removing?.user.email || "" })}
        body={
          <p>
            <Trans
              t={t}
              i18nKey="members.removeDialog.body"
              values={{ email: removing?.user.email ?? "" }}
              components={ltr}
            />
          </p>
        }
        confirmLabel={t("members.removeDialog.confirm")}
        busyLabel={t("members.removeDialog.busy")}
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      />
    </SectionCard>
  );
}

function PendingInvitations({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("team");
  const format = useFormat();
  const invitations = useInvitations(workspaceId, true);
  const { invite, revoke } = useMemberActions(workspaceId);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** Says how a resend or a revoke went. */
  const announce = (work: Promise<unknown>, i18nKey: "pending.resent" | "pending.revoked", email: string) =>
    work
      .then(() =>
        setNotice({
          tone: "success",
          text: <Trans ns="team" i18nKey={i18nKey} values={{ email }} components={ltr} />,
        }),
      )
      .catch((error: unknown) => setNotice({ tone: "error", error }));
  if (!invitations.data?.length && !notice) return null;
  return (
    <SectionCard title={t("pending.title")} description={t("pending.description")}>
      {notice ? <NoticeAlert notice={notice} /> : null}
      <ul className="members-list">
        {invitations.data?.map((i) => (
          <li key={i.id} className="members-row">
            <div className="members-who">
              <span className="members-name">
                <bdi dir="ltr">{breakableEmail(i.email)}</bdi>
              </span>
              <span className="members-email">
                {t("pending.expires", {
                  role: t(`roles.${parseRole(i.role)}`),
                  date: format.date(i.expiresAt),
                })}
              </span>
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() =>
                announce(
                  invite.mutateAsync({ email: i.email, role: parseRole(i.role), resend: true }),
                  "pending.resent",
                  i.email,
                )
              }
            >
              {t("pending.resend")}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => announce(revoke.mutateAsync(i.id), "pending.revoked", i.email)}
            >
              {t("pending.revoke")}
            </button>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

function LeaveCard({ workspaceId, personalId }: { workspaceId: string; personalId: string }) {
  const { t } = useTranslation("team");
  const workspaces = useWorkspaces();
  const [confirming, setConfirming] = useState(false);
  const name = workspaces.data?.find((w) => w.id === workspaceId)?.name ?? t("leave.thisWorkspace");
  return (
    <SectionCard tone="danger" title={t("leave.title", { name })} description={t("leave.description")}>
      <button type="button" className="btn btn-danger btn-sm" onClick={() => setConfirming(true)}>
        {t("leave.button")}
      </button>
      <ConfirmActionDialog
        open={confirming}
        title={t("leave.confirm", { name })}
        body={<p>{t("leave.dialogBody")}</p>}
        confirmLabel={t("leave.button")}
        busyLabel={t("leave.leaving")}
        onConfirm={() => leaveWorkspace(workspaceId, personalId)}
        onClose={() => setConfirming(false)}
      />
    </SectionCard>
  );
}

function AuditCard({ workspaceId }: { workspaceId: string }) {
  const [apiUse, setApiUse] = useState(false);
  const log = useAuditLog(workspaceId, true, apiUse);
  return <AuditLogSection query={log} apiUse={apiUse} onApiUseChange={setApiUse} />;
}

/**
 * An address that may wrap after its "@" when the column is narrow (a long address used to break
 * between any two letters, "example.co" / "m"); it still breaks anywhere if even a half is too long.
 */
function breakableEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
