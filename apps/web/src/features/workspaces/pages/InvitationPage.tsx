import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useSignedInUser } from "../../session/public";
import { acceptInvitation, parseRole, useInvitation } from "../api";
import { useWorkspaceErrorText } from "../errors";

/**
 * Where an invitation e-mail's link lands. Behind the sign-in guard: a visitor without an account
 * signs up on the auth app and comes back here. Accepting joins the workspace and switches to it.
 */
export function InvitationPage() {
  const { t } = useTranslation("team");
  const errorText = useWorkspaceErrorText();
  useDocumentTitle(t("invitation.documentTitle"));
  const { id = "" } = useParams();
  const { user } = useSignedInUser();
  const invitation = useInvitation(id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ error: unknown } | null>(null);

  return (
    <div className="container app-page app-page-narrow">
      <header className="app-page-head">
        <h1>{t("invitation.title")}</h1>
      </header>
      <section className="card settings-card">
        <div className="settings-card-body">
          {invitation.isPending ? <p aria-busy="true">{t("invitation.loading")}</p> : null}
          {invitation.isError ? (
            <div className="alert alert-error" role="alert">
              {errorText(invitation.error)}{" "}
              <Trans
                t={t}
                i18nKey="invitation.signedInAs"
                values={{ email: user.email }}
                components={{ email: <bdi dir="ltr" /> }}
              />{" "}
              <Link to="/dashboard">{t("invitation.toDashboard")}</Link>
            </div>
          ) : null}
          {invitation.data ? (
            <>
              <p>
                <Trans
                  t={t}
                  i18nKey="invitation.body"
                  values={{
                    inviter: invitation.data.inviterEmail ?? t("invitation.aTeamMember"),
                    email: invitation.data.email,
                    workspace: invitation.data.organizationName ?? t("invitation.theirWorkspace"),
                    role: t(`roles.${parseRole(invitation.data.role)}`),
                    help: t(`roleHelp.${parseRole(invitation.data.role)}`),
                  }}
                  components={{
                    inviter: invitation.data.inviterEmail ? <bdi dir="ltr" /> : <span />,
                    email: <bdi dir="ltr" />,
                    b: <strong />,
                  }}
                />
              </p>
              {error ? (
                <div className="alert alert-error" role="alert">
                  {errorText(error.error)}
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
                      setError({ error: e });
                      setBusy(false);
                    });
                  }}
                >
                  {busy ? <span className="spinner" aria-hidden="true" /> : null}
                  {t("invitation.accept")}
                </button>
              </div>
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
}
