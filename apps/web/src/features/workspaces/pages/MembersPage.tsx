import { type WorkspaceRole, workspaceCan } from "@parley/contracts";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useSignedInUser } from "../../session/session-context";
import {
  leaveWorkspace,
  type Member,
  parseRole,
  roleHelp,
  roleLabels,
  useAuditLog,
  useInvitations,
  useMemberActions,
  useMembers,
  useSeats,
  useWorkspaces,
} from "../api";
import { AuditLogSection } from "../components/AuditLogSection";
import { describeWorkspaceError } from "../errors";
import { overSeatsMessage } from "../seats";
import "../styles/members.css";

const ROLES: WorkspaceRole[] = ["owner", "admin", "agent"];

/**
 * Members of the active workspace: who is in it and with which role, pending invitations, and
 * (for owners and admins) inviting, changing roles and removing. Anyone but a personal workspace's
 * owner may leave. The auth service enforces every rule; this page explains them.
 */
export function MembersPage() {
  useDocumentTitle("Team");
  const { user, workspace } = useSignedInUser();
  if (!workspace) return <div className="container app-page" aria-busy="true" />;
  const manage = workspaceCan(workspace.role, "members:manage");
  return (
    <div className="container app-page app-page-narrow">
      <header className="app-page-head">
        <h1>Team</h1>
        <p className="app-page-lead">
          Who works in this workspace, and what each person may do. You are an{" "}
          <strong>{roleLabels[workspace.role]}</strong> here.
        </p>
      </header>
      <div className="settings-stack">
        {manage ? <OverSeatsNotice workspaceId={workspace.id} myRole={workspace.role} /> : null}
        {manage ? <InviteCard workspaceId={workspace.id} myRole={workspace.role} /> : null}
        <MembersCard workspaceId={workspace.id} myRole={workspace.role} myUserId={user.id} />
        {manage ? <PendingInvitations workspaceId={workspace.id} /> : null}
        {!workspace.personal ? <LeaveCard workspaceId={workspace.id} personalId={user.id} /> : null}
        {workspaceCan(workspace.role, "audit:read") ? <AuditCard workspaceId={workspace.id} /> : null}
      </div>
    </div>
  );
}

function OverSeatsNotice({ workspaceId, myRole }: { workspaceId: string; myRole: WorkspaceRole }) {
  const seats = useSeats(workspaceId, true);
  if (!seats.data?.overLimit) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="over-seats">
      {overSeatsMessage(seats.data, myRole)}
      {myRole === "owner" ? (
        <>
          {" "}
          <Link to="/billing">See plans</Link>
        </>
      ) : null}
    </div>
  );
}

function InviteCard({ workspaceId, myRole }: { workspaceId: string; myRole: WorkspaceRole }) {
  const { invite } = useMemberActions(workspaceId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("agent");
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const emailId = useId();
  const roleId = useId();
  const roles = myRole === "owner" ? ROLES : ROLES.filter((r) => r !== "owner");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setNotice({ tone: "error", text: "Enter a valid email address, like name@company.com." });
      return;
    }
    try {
      await invite.mutateAsync({ email: address, role });
      setNotice({ tone: "success", text: `Invitation sent to ${address}. It is valid for 7 days.` });
      setEmail("");
    } catch (error) {
      setNotice({ tone: "error", text: describeWorkspaceError(error) });
    }
  }

  return (
    <section className="card settings-card" aria-labelledby={`${emailId}-h`}>
      <div className="settings-card-intro">
        <h2 id={`${emailId}-h`}>Invite someone</h2>
        <div className="settings-card-description">
          They get an e-mail with a link that works whether or not they have an account yet. Each member and
          each pending invitation uses a seat of your plan.
        </div>
      </div>
      <div className="settings-card-body">
        <form className="form members-invite" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={emailId}>E-mail address</label>
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
            <label htmlFor={roleId}>Role</label>
            <select id={roleId} value={role} onChange={(e) => setRole(parseRole(e.target.value))}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]} — {roleHelp[r]}
                </option>
              ))}
            </select>
          </div>
          {notice ? (
            <div className={`alert alert-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
              {notice.text}
              {notice.tone === "error" && /upgrade/i.test(notice.text) ? (
                <>
                  {" "}
                  <Link to="/billing">See plans</Link>
                </>
              ) : null}
            </div>
          ) : null}
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={invite.isPending}>
              {invite.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              Send invitation
            </button>
          </div>
        </form>
      </div>
    </section>
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
  const members = useMembers(workspaceId);
  const { changeRole, remove } = useMemberActions(workspaceId);
  const [error, setError] = useState<string | null>(null);
  const manage = workspaceCan(myRole, "members:manage");
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
      setError(describeWorkspaceError(e));
    }
  }

  return (
    <section className="card settings-card" aria-labelledby="members-h">
      <div className="settings-card-intro">
        <h2 id="members-h">Members</h2>
        <div className="settings-card-description">
          Owners: everything, billing included. Admins: bots, knowledge, inbox, analytics and members. Agents:
          the inbox and conversations. Removing someone takes their access away at once.
        </div>
      </div>
      <div className="settings-card-body">
        {members.isPending ? <p aria-busy="true">Loading members…</p> : null}
        {members.isError ? (
          <div className="alert alert-error" role="alert">
            {describeWorkspaceError(members.error)}
          </div>
        ) : null}
        {error ? (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        ) : null}
        <ul className="members-list">
          {members.data?.map((m) => (
            <li key={m.id} className="members-row" data-testid="member-row">
              <div className="members-who">
                <span className="members-name">{m.user.name || m.user.email}</span>
                <span className="members-email">{m.user.email}</span>
              </div>
              {canEdit(m) ? (
                <>
                  <label className="sr-only" htmlFor={`role-${m.id}`}>
                    Role of {m.user.email}
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
                        {roleLabels[r]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => {
                      if (
                        window.confirm(
                          `Remove ${m.user.email} from this workspace? Their access ends at once.`,
                        )
                      )
                        void run(() => remove.mutateAsync(m.id));
                    }}
                  >
                    Remove
                  </button>
                </>
              ) : (
                <span className="members-role">
                  {roleLabels[parseRole(m.role)]}
                  {m.userId === myUserId ? " (you)" : ""}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PendingInvitations({ workspaceId }: { workspaceId: string }) {
  const invitations = useInvitations(workspaceId, true);
  const { invite, revoke } = useMemberActions(workspaceId);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  if (!invitations.data?.length && !notice) return null;
  return (
    <section className="card settings-card" aria-labelledby="pending-h">
      <div className="settings-card-intro">
        <h2 id="pending-h">Pending invitations</h2>
        <div className="settings-card-description">
          Each one holds a seat until it is accepted, revoked or expires.
        </div>
      </div>
      <div className="settings-card-body">
        {notice ? (
          <div className={`alert alert-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
            {notice.text}
          </div>
        ) : null}
        <ul className="members-list">
          {invitations.data?.map((i) => (
            <li key={i.id} className="members-row">
              <div className="members-who">
                <span className="members-name">{i.email}</span>
                <span className="members-email">
                  {roleLabels[parseRole(i.role)]} · expires{" "}
                  {new Date(i.expiresAt).toLocaleDateString("en-US")}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() =>
                  invite
                    .mutateAsync({ email: i.email, role: parseRole(i.role), resend: true })
                    .then(() => setNotice({ tone: "success", text: `Invitation sent again to ${i.email}.` }))
                    .catch((e: unknown) => setNotice({ tone: "error", text: describeWorkspaceError(e) }))
                }
              >
                Resend
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() =>
                  revoke
                    .mutateAsync(i.id)
                    .then(() => setNotice({ tone: "success", text: `Invitation for ${i.email} revoked.` }))
                    .catch((e: unknown) => setNotice({ tone: "error", text: describeWorkspaceError(e) }))
                }
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LeaveCard({ workspaceId, personalId }: { workspaceId: string; personalId: string }) {
  const workspaces = useWorkspaces();
  const [error, setError] = useState<string | null>(null);
  const name = workspaces.data?.find((w) => w.id === workspaceId)?.name ?? "this workspace";
  return (
    <section className="card settings-card settings-card-danger" aria-labelledby="leave-h">
      <div className="settings-card-intro">
        <h2 id="leave-h">Leave {name}</h2>
        <div className="settings-card-description">
          You lose access at once. The last owner cannot leave: make someone else an owner first.
        </div>
      </div>
      <div className="settings-card-body">
        {error ? (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        ) : null}
        <button
          type="button"
          className="btn btn-danger btn-sm"
          onClick={() => {
            if (window.confirm(`Leave ${name}?`))
              leaveWorkspace(workspaceId, personalId).catch((e: unknown) =>
                setError(describeWorkspaceError(e)),
              );
          }}
        >
          Leave workspace
        </button>
      </div>
    </section>
  );
}

function AuditCard({ workspaceId }: { workspaceId: string }) {
  const log = useAuditLog(workspaceId, true);
  return <AuditLogSection query={log} />;
}
