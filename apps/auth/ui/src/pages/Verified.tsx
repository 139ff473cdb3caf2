import { Alert } from "@parley/ui/components/Alert";
import { Button, buttonClass } from "@parley/ui/components/Button";
import { TextField } from "@parley/ui/components/Field";
import { Spinner } from "@parley/ui/components/Spinner";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { getSession, sendVerificationEmail, signOut } from "../api";
import {
  InvitationNotice,
  type InvitationState,
  invitationToCarry,
  useInvitation,
} from "../components/InvitationNotice";
import { CardHeader } from "../components/Shell";
import { describeVerifyEmailError } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import { leaveTo } from "../leave";
import type { Platform, SessionInfo } from "../responses";
import { useText } from "../text";
import { callbackRedirectUrl, pageHref } from "../urls";
import { useAuthForm } from "../useForm";
import { validateEmailForm } from "../validation";

/**
 * Landing page of the verification e-mail. better-auth's `/verify-email` redirects here, adding
 * `?error=<code>` when the link is bad (token_expired, invalid_token, user_not_found, unauthorized —
 * any case; 1.7 sends upper-case codes and INVALID_USER).
 */
export function VerifiedPage({ platform, search }: { platform: Platform; search: string }) {
  const error = new URLSearchParams(search).get("error");
  // Signed up from an invitation link (issue #25): the way on leads back to the invitation.
  const invitationId = invitationFromSearch(search);
  const invitation = useInvitation(invitationId);
  const carry = invitationToCarry(invitationId, invitation);
  if (error) return <VerifyFailed platform={platform} code={error} invitationId={carry} />;
  return <VerifySucceeded platform={platform} invitation={invitation} invitationId={carry} />;
}

function VerifySucceeded({
  platform,
  invitation,
  invitationId,
}: {
  platform: Platform;
  invitation: InvitationState;
  invitationId: string | null;
}) {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);
  const { t } = useTranslation("auth");

  useEffect(() => {
    let live = true;
    void getSession().then((result) => {
      if (live) setSession(result.ok ? result.data : null);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <CardHeader
        icon="check"
        tone="success"
        title={t("verified.title")}
        subtitle={
          session ? t("verified.readyContinue", { platform: platform.name }) : t("verified.readySignIn")
        }
      />
      <InvitationNotice state={invitation} next={session ? "continue" : "sign-in"} />
      {session === undefined ? (
        <div className="card-loading small-loading">
          <Spinner label={t("common.checkingSession")} />
        </div>
      ) : session ? (
        <Button
          block
          busy={leaving}
          busyLabel={t("common.continuing")}
          onClick={() => {
            setLeaving(true);
            leaveTo(callbackRedirectUrl(platform.callbackURL, session, invitationId));
          }}
        >
          {t("common.continueTo", { platform: platform.name })}
        </Button>
      ) : (
        <Link
          className={buttonClass({ variant: "primary", block: true })}
          to={pageHref("sign-in", platform.id, invitationParams(invitationId))}
        >
          <span className="btn-label">{t("verified.continueToSignIn")}</span>
        </Link>
      )}
    </>
  );
}

function VerifyFailed({
  platform,
  code,
  invitationId,
}: {
  platform: Platform;
  code: string;
  invitationId: string | null;
}) {
  const text = describeVerifyEmailError(code);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const form = useAuthForm({ email: "" }, validateEmailForm);
  const { t } = useTranslation("auth");
  const tx = useText();

  const onSubmit = form.submit(async ({ email }) => {
    if (busy) return;
    setBusy(true);
    const result = await sendVerificationEmail({
      email: email.trim(),
      platform: platform.id,
      invitation: invitationId,
    });
    setBusy(false);
    if (result.ok) setSentTo(email.trim());
    else form.fail(result.failure);
  });

  const onSignOut = async () => {
    setSigningOut(true);
    const result = await signOut();
    setSigningOut(false);
    if (result.ok) setSignedOut(true);
    else form.fail(result.failure);
  };

  return (
    <>
      <CardHeader icon="warning" tone="warning" title={tx(text.title)} subtitle={tx(text.message)} />
      {text.kind === "other-user" && !signedOut && (
        <Button
          variant="secondary"
          block
          busy={signingOut}
          busyLabel={t("common.signingOut")}
          onClick={onSignOut}
        >
          {t("verified.signOutOther")}
        </Button>
      )}
      {signedOut && (
        <Alert icon tone="success">
          <p>{t("verified.signedOut")}</p>
        </Alert>
      )}
      {sentTo ? (
        <Alert icon tone="success" title={t("common.checkInbox")}>
          <p>
            <Trans
              i18nKey="verified.newLinkSent"
              ns="auth"
              values={{ email: sentTo }}
              components={{ email: <strong dir="ltr" /> }}
            />
          </p>
        </Alert>
      ) : (
        <form className="form form-section" noValidate onSubmit={onSubmit} aria-labelledby="resend-heading">
          <h2 id="resend-heading" className="section-title">
            {t("verified.sendNewLink")}
          </h2>
          {form.formError && (
            <Alert icon tone="error" ref={form.alertRef}>
              <p>{tx(form.formError.message)}</p>
            </Alert>
          )}
          <TextField
            {...form.field("email")}
            label={t("fields.email")}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
          />
          <Button type="submit" block busy={busy} busyLabel={t("common.sending")}>
            {t("verified.sendNewLink")}
          </Button>
        </form>
      )}
      <p className="card-footnote">
        {text.kind === "no-user" ? (
          <>
            <Link to={pageHref("sign-up", platform.id, invitationParams(invitationId))}>
              {t("common.createAccount")}
            </Link>
            {" · "}
          </>
        ) : null}
        <Link to={pageHref("sign-in", platform.id, invitationParams(invitationId))}>
          {t("common.backToSignIn")}
        </Link>
      </p>
      <p className="error-code">
        <Trans
          i18nKey="common.errorCode"
          ns="auth"
          values={{ code: text.code }}
          components={{ code: <bdi dir="ltr" /> }}
        />
      </p>
    </>
  );
}
