import { TextField } from "@parley/ui/components/Field";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useEffect, useState } from "react";
import { getSession, sendVerificationEmail, signOut } from "../api";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import {
  InvitationNotice,
  type InvitationState,
  invitationToCarry,
  useInvitation,
} from "../components/InvitationNotice";
import { CardHeader } from "../components/Shell";
import { Spinner } from "../components/Spinner";
import { describeVerifyEmailError } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import type { Platform, SessionInfo } from "../responses";
import { Link, leaveTo } from "../router";
import { useText } from "../text";
import { callbackRedirectUrl, pageHref } from "../urls";
import { useFormErrors } from "../useForm";
import { validateEmail } from "../validation";

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
          className="btn btn-primary btn-block"
          href={pageHref("sign-in", platform.id, invitationParams(invitationId))}
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
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const form = useFormErrors();
  const { t } = useTranslation("auth");
  const tx = useText();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const emailError = validateEmail(email);
    if (!form.check(emailError ? { email: emailError } : {})) return;
    setBusy(true);
    const result = await sendVerificationEmail({
      email: email.trim(),
      platform: platform.id,
      invitation: invitationId,
    });
    setBusy(false);
    if (result.ok) setSentTo(email.trim());
    else form.fail(result.failure);
  };

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
        <Alert tone="success">
          <p>{t("verified.signedOut")}</p>
        </Alert>
      )}
      {sentTo ? (
        <Alert tone="success" title={t("common.checkInbox")}>
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
            <Alert tone="error" ref={form.alertRef}>
              <p>{tx(form.formError.message)}</p>
            </Alert>
          )}
          <TextField
            ref={form.bind("email")}
            label={t("fields.email")}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              form.clearField("email");
            }}
            error={form.fieldErrors.email && tx(form.fieldErrors.email)}
          />
          <Button type="submit" block busy={busy} busyLabel={t("common.sending")}>
            {t("verified.sendNewLink")}
          </Button>
        </form>
      )}
      <p className="card-footnote">
        {text.kind === "no-user" ? (
          <>
            <Link href={pageHref("sign-up", platform.id, invitationParams(invitationId))}>
              {t("common.createAccount")}
            </Link>
            {" · "}
          </>
        ) : null}
        <Link href={pageHref("sign-in", platform.id, invitationParams(invitationId))}>
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
