import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { PasswordField } from "@parley/ui/components/Field";
import { Trans, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { saveLocale, signInEmail, startSocialSignIn } from "../api";
import { FootnoteLink, LoadingCard } from "../components/Card";
import { Checkbox } from "../components/Checkbox";
import { EmailField, ErrorAlert } from "../components/Form";
import {
  InvitationNotice,
  type InvitationState,
  invitationToCarry,
  invitedEmail,
  useInvitation,
} from "../components/InvitationNotice";
import { ContinueButton, SignOutButton, useSession, useSignOut } from "../components/Session";
import { CardHeader } from "../components/Shell";
import { SocialButtons } from "../components/SocialButtons";
import { describeApiError, type HumanError } from "../errors";
import { invitationFromSearch, invitationParams, isInvitedAddress } from "../invitation";
import { leaveForPlatform, leaveTo } from "../leave";
import type { Platform, SessionInfo } from "../responses";
import { pageHref } from "../urls";
import { useAuthForm } from "../useForm";
import { validateSignIn } from "../validation";
import { ResendVerification } from "./ResendVerification";

export function SignInPage({ platform, search }: { platform: Platform; search: string }) {
  const params = new URLSearchParams(search);
  // Set on the way back from a social provider: the session cookie is there, so go straight on.
  const autoContinue = params.get("continue") === "1";
  // Re-authentication (the operator's console's step-up): the account signed in here signs in
  // again, so the platform gets tokens of a new session, with a fresh sign-in time.
  const reauth = params.get("reauth") === "1";
  const found = useSession();
  // Signed out here ("Use a different account"): the page goes on as signed out.
  const [signedOut, setSignedOut] = useState(false);
  const session = signedOut ? null : found;
  const { t } = useTranslation("auth");
  // An invitation link opened signed out (issue #25): its notice, and the invited address.
  const invitationId = invitationFromSearch(search);
  const invitation = useInvitation(invitationId);
  // Back from a social provider with a session: on to the platform (the page stays on its spinner).
  const leaving = autoContinue && Boolean(found);

  useEffect(() => {
    if (autoContinue && found) leaveForPlatform(platform, found, invitationId);
  }, [autoContinue, found, platform, invitationId]);

  if (session === undefined || leaving || invitation.status === "loading") {
    return <LoadingCard label={t("common.checkingSession")} />;
  }
  if (session && reauth) {
    return (
      <SignInForm
        platform={platform}
        initialEmail={session.email}
        invitation={invitation}
        invitationId={invitationToCarry(invitationId, invitation)}
        confirming={{ onSwitch: () => setSignedOut(true) }}
      />
    );
  }
  if (session) {
    return (
      <ContinueAs
        platform={platform}
        session={session}
        invitation={invitation}
        invitationId={invitationToCarry(invitationId, invitation)}
        onSignedOut={() => setSignedOut(true)}
      />
    );
  }
  return (
    <SignInForm
      platform={platform}
      // The invited address, filled in; it stays editable (someone may sign in as another account).
      initialEmail={invitedEmail(invitation) ?? params.get("email") ?? ""}
      invitation={invitation}
      invitationId={invitationToCarry(invitationId, invitation)}
    />
  );
}

/** Already signed in on this auth host: offer to continue, or to switch accounts. */
function ContinueAs({
  platform,
  session,
  invitation,
  invitationId,
  onSignedOut,
}: {
  platform: Platform;
  session: SessionInfo;
  invitation: InvitationState;
  /** The invitation to go back to on the platform, if any. */
  invitationId: string | null;
  onSignedOut: () => void;
}) {
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<HumanError | null>(null);
  const switching = useSignOut({
    before: () => setError(null),
    onSignedOut,
    onFailed: (failure) => setError(describeApiError(failure)),
  });
  const { t } = useTranslation("auth");
  const { registerSaver } = useLanguage();

  // Signed in already: the language switch saves the choice to the account, as in the web app.
  useEffect(() => {
    registerSaver(async (next) => {
      await saveLocale(next);
    });
    return () => registerSaver(null);
  }, [registerSaver]);

  const display = session.name.trim() || session.email;
  return (
    <>
      <CardHeader
        title={t("signIn.welcomeBack")}
        subtitle={t("signIn.alreadySignedIn", { platform: platform.name })}
      />
      <InvitationNotice state={invitation} next="continue" />
      <div className="account-chip">
        <span className="avatar" aria-hidden="true">
          {display.charAt(0).toUpperCase()}
        </span>
        <span className="account-chip-text">
          {session.name.trim() && <span className="account-name">{session.name}</span>}
          <span className="account-email" dir="ltr">
            {session.email}
          </span>
        </span>
      </div>
      {invitation.status === "ready" && !isInvitedAddress(invitation.preview, session.email) && (
        <Alert icon tone="error">
          <p>
            <Trans
              i18nKey="invitation.otherAccount"
              ns="auth"
              values={{ current: session.email, email: invitedEmail(invitation) ?? "" }}
              components={{ email: <strong className="nowrap-email" dir="ltr" /> }}
            />
          </p>
        </Alert>
      )}
      <ErrorAlert error={error} />
      <div className="stack">
        <ContinueButton
          platform={platform}
          session={session}
          invitationId={invitationId}
          disabled={switching.busy}
          onLeave={() => setLeaving(true)}
        />
        <SignOutButton {...switching} disabled={leaving} />
      </div>
    </>
  );
}

export function SignInForm({
  platform,
  initialEmail,
  invitation,
  invitationId,
  confirming,
}: {
  platform: Platform;
  initialEmail: string;
  invitation: InvitationState;
  /** The invitation to go back to on the platform, if any. */
  invitationId: string | null;
  /**
   * Re-authentication: the signed-in account confirms its password ("Confirm it's you"). The
   * address is fixed; `onSwitch` runs once signed out for "Use a different account".
   */
  confirming?: { onSwitch: () => void };
}) {
  const [rememberMe, setRememberMe] = useState(true);
  const [socialPending, setSocialPending] = useState<string | null>(null);
  // The address that needs verifying (kept apart from the field, which the user may edit).
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useAuthForm({ email: initialEmail, password: "" }, validateSignIn, platform.passwordPolicy);
  const { t } = useTranslation("auth");
  const { language } = useLanguage();
  // The language the page opened in: a switch made here is saved to the account at sign-in.
  const [openedIn] = useState(language);
  const email = form.watch("email");

  const onSubmit = form.submit(async ({ email, password }) => {
    setUnverifiedEmail(null);
    const trimmed = email.trim();
    const result = await signInEmail({ email: trimmed, password, rememberMe });
    if (result.ok && result.data.token) {
      // The web app prefers the account's saved language to the cookie: keep the choice made here.
      // Best effort: the sign-in goes on whatever the answer.
      if (language !== openedIn) await saveLocale(language);
      // Stay busy: the browser is leaving for the platform.
      leaveForPlatform(platform, { token: result.data.token, email: result.data.email }, invitationId);
      return "leaving";
    }
    const human = form.fail(result.ok ? { kind: "http", status: 500 } : result.failure);
    if (human.action === "resend-verification") setUnverifiedEmail(trimmed);
  });

  const onSocial = async (provider: string) => {
    setSocialPending(provider);
    form.reset();
    const result = await startSocialSignIn({
      provider,
      platform: platform.id,
      invitation: invitationId,
      language,
    });
    if (result.ok) {
      leaveTo(result.data);
      return;
    }
    setSocialPending(null);
    form.fail(result.failure);
  };

  const switching = useSignOut({
    before: form.reset,
    onSignedOut: () => confirming?.onSwitch(),
    onFailed: form.fail,
  });

  const subtitle = confirming
    ? t("reauth.subtitle", { platform: platform.name })
    : platform.id === "parley"
      ? t("signIn.subtitleParley")
      : t("signIn.subtitlePlatform", { platform: platform.name });

  return (
    <>
      <CardHeader title={confirming ? t("reauth.title") : t("signIn.title")} subtitle={subtitle} />
      <InvitationNotice state={invitation} next="sign-in" />
      <SocialButtons
        providers={platform.socialProviders}
        pending={socialPending}
        disabled={form.busy || socialPending !== null}
        onSelect={onSocial}
      />
      <form className="form" noValidate onSubmit={onSubmit}>
        <ErrorAlert error={form.formError} ref={form.alertRef}>
          {unverifiedEmail && (
            <ResendVerification email={unverifiedEmail} platform={platform.id} invitation={invitationId} />
          )}
        </ErrorAlert>
        <EmailField
          {...form.field("email")}
          autoComplete="username"
          autoFocus={initialEmail === ""}
          // Confirming: the account is the signed-in one, not a choice.
          readOnly={Boolean(confirming)}
        />
        <PasswordField
          {...form.field("password")}
          label={t("fields.password")}
          name="password"
          autoComplete="current-password"
          autoFocus={initialEmail !== ""}
          labelAside={
            <Link
              className="label-link"
              to={pageHref("forgot-password", platform.id, {
                ...(email ? { email } : {}),
                ...invitationParams(invitationId),
              })}
            >
              {t("signIn.forgotPassword")}
            </Link>
          }
        />
        {confirming ? null : (
          <Checkbox label={t("signIn.rememberMe")} checked={rememberMe} onCheckedChange={setRememberMe} />
        )}
        <Button
          type="submit"
          block
          busy={form.busy}
          busyLabel={confirming ? t("reauth.confirming") : t("signIn.signingIn")}
          disabled={socialPending !== null || switching.busy}
        >
          {confirming ? t("reauth.submit") : t("common.signIn")}
        </Button>
      </form>
      {confirming ? (
        <div className="stack">
          <SignOutButton {...switching} disabled={form.busy} />
        </div>
      ) : (
        <FootnoteLink
          i18nKey="signIn.newToParley"
          to={pageHref("sign-up", platform.id, invitationParams(invitationId))}
        />
      )}
    </>
  );
}
