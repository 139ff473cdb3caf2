import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useSignedInUser } from "../../session/session-context";
import { acceptInvitation, parseRole, roleHelp, roleLabels, useInvitation } from "../api";
import { describeWorkspaceError } from "../errors";

/**
 * Where an invitation e-mail's link lands. Behind the sign-in guard: a visitor without an account
 * signs up on the auth app and comes back here. Accepting joins the workspace and switches to it.
 */
export function InvitationPage() {
  useDocumentTitle("Invitation");
  const { id = "" } = useParams();
  const { user } = useSignedInUser();
  const invitation = useInvitation(id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="container app-page app-page-narrow">
      <header className="app-page-head">
        <h1>Join a workspace</h1>
      </header>
      <section className="card settings-card">
        <div className="settings-card-body">
          {invitation.isPending ? <p aria-busy="true">Loading the invitation…</p> : null}
          {invitation.isError ? (
            <div className="alert alert-error" role="alert">
              {describeWorkspaceError(invitation.error)} You are signed in as {user.email}.{" "}
              <Link to="/dashboard">Go to the dashboard</Link>
            </div>
          ) : null}
          {invitation.data ? (
            <>
              <p>
                {invitation.data.inviterEmail ?? "A team member"} invited {invitation.data.email} to{" "}
                <strong>{invitation.data.organizationName ?? "their workspace"}</strong> as{" "}
                {roleLabels[parseRole(invitation.data.role)]}: {roleHelp[parseRole(invitation.data.role)]}
              </p>
              {error ? (
                <div className="alert alert-error" role="alert">
                  {error}
                </div>
              ) : null}
              <div className="settings-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy}
                  onClick={() => {
                    setBusy(true);
                    setError(null);
                    const data = invitation.data;
                    if (!data) return;
                    acceptInvitation(data).catch((e: unknown) => {
                      setError(describeWorkspaceError(e));
                      setBusy(false);
                    });
                  }}
                >
                  {busy ? <span className="spinner" aria-hidden="true" /> : null}
                  Accept and join
                </button>
              </div>
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
}
