import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { sendVerificationEmail } from "../api";
import { BackToSignIn, ButtonLink, ErrorCode, LoadingCard, ProblemHeader } from "../components/Card";
import { EmailField, ErrorAlert } from "../components/Form";
import {
  InvitationNotice,
  type InvitationState,
  invitationToCarry,
  useInvitation,
} from "../components/InvitationNotice";
import { ContinueButton, SignOutButton, useSession, useSignOut } from "../components/Session";
import { CardHeader } from "../components/Shell";
import { describeVerifyEmailError } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import type { Platform } from "../responses";
import { pageHref } from "../urls";
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
  const session = useSession();
  const { t } = useTranslation("auth");

  return (
    <>
      <CardHeader
        icon="check"
        title={t("verified.title")}
        subtitle={
          session ? t("verified.readyContinue", { platform: platform.name }) : t("verified.readySignIn")
        }
      />
      <InvitationNotice state={invitation} next={session ? "continue" : "sign-in"} />
      {session === undefined ? (
        <LoadingCard small label={t("common.checkingSession")} />
      ) : session ? (
        <ContinueButton platform={platform} session={session} invitationId={invitationId} />
      ) : (
        <ButtonLink to={pageHref("sign-in", platform.id, invitationParams(invitationId))}>
          {t("verified.continueToSignIn")}
        </ButtonLink>
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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const form = useAuthForm({ email: "" }, validateEmailForm);
  const signingOut = useSignOut({ onSignedOut: () => setSignedOut(true), onFailed: form.fail });
  const { t } = useTranslation("auth");

  const onSubmit = form.submit(async ({ email }) => {
    const result = await sendVerificationEmail({
      email: email.trim(),
      platform: platform.id,
      invitation: invitationId,
    });
    if (result.ok) setSentTo(email.trim());
    else form.fail(result.failure);
  });

  return (
    <>
      <ProblemHeader problem={text} />
      {text.kind === "other-user" && !signedOut && (
        <SignOutButton {...signingOut}>{t("verified.signOutOther")}</SignOutButton>
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
          <ErrorAlert error={form.formError} ref={form.alertRef} />
          <EmailField {...form.field("email")} />
          <Button type="submit" block busy={form.busy} busyLabel={t("common.sending")}>
            {t("verified.sendNewLink")}
          </Button>
        </form>
      )}
      <BackToSignIn platformId={platform.id} params={invitationParams(invitationId)}>
        {text.kind === "no-user" ? (
          <>
            <Link to={pageHref("sign-up", platform.id, invitationParams(invitationId))}>
              {t("common.createAccount")}
            </Link>
            {" · "}
          </>
        ) : null}
      </BackToSignIn>
      <ErrorCode code={text.code} />
    </>
  );
}
