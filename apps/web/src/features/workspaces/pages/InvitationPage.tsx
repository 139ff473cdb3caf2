import { Button } from "@parley/ui/components/Button";
import { Ltr, Trans, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useSignedInUser } from "../../session/public";
import { acceptInvitation, type InvitationDetails, parseRole, useInvitation } from "../api";
import { useWorkspaceErrorText } from "../errors";

/** A person's or workspace's name inside a sentence: isolated, in whichever direction it is written. */
const Name = ({ children }: { children?: ReactNode }) => <bdi>{children}</bdi>;
const WorkspaceName = ({ children }: { children?: ReactNode }) => (
  <strong>
    <bdi>{children}</bdi>
  </strong>
);

/**
 * Who invited, as sign-in named them: their display name when they have one, else their address
 * (left to right), else "a team member"; and the workspace as the switcher calls it (a personal
 * workspace's stored name is English: "Ada's workspace" is said in the reader's language).
 */
function useInvitationNames(data: InvitationDetails | undefined) {
  const { t } = useTranslation("team");
  if (!data) return null;
  const inviter = data.inviterName?.trim()
    ? { text: data.inviterName, element: <Name /> }
    : data.inviterEmail
      ? { text: data.inviterEmail, element: <Ltr /> }
      : { text: t("invitation.aTeamMember"), element: <span /> };
  const workspace =
    data.personalOwner && data.inviterIsOwner
      ? t("invitation.theirWorkspace")
      : data.personalOwner
        ? t("switcher.theirWorkspace", { name: data.personalOwner })
        : data.organizationName?.trim() || t("invitation.theirWorkspace");
  return { inviter, workspace };
}

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
  const names = useInvitationNames(invitation.data);
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
                components={{ email: <Ltr /> }}
              />{" "}
              <Link to="/dashboard">{t("invitation.toDashboard")}</Link>
            </div>
          ) : null}
          {invitation.data && names ? (
            <>
              <p>
                <Trans
                  t={t}
                  i18nKey="invitation.body"
                  values={{
                    inviter: names.inviter.text,
                    email: invitation.data.email,
                    workspace: names.workspace,
                    role: t(`roles.${parseRole(invitation.data.role)}`),
                    help: t(`roleHelp.${parseRole(invitation.data.role)}`),
                  }}
                  components={{
                    inviter: names.inviter.element,
                    email: <Ltr />,
                    b: <WorkspaceName />,
                  }}
                />
              </p>
              {error ? (
                <div className="alert alert-error" role="alert">
                  {errorText(error.error)}
                </div>
              ) : null}
              <div className="settings-actions">
                <Button
                  variant="primary"
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
                  busy={busy}
                >
                  {t("invitation.accept")}
                </Button>
              </div>
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
}
