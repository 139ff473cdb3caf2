import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { PasswordField, TextField } from "@parley/ui/components/Field";
import { Spinner } from "@parley/ui/components/Spinner";
import { Trans, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { getSession, saveLocale, signInEmail, signOut, startSocialSignIn } from "../api";
import { Checkbox } from "../components/Checkbox";
import {
  InvitationNotice,
  type InvitationState,
  invitationToCarry,
  invitedEmail,
  useInvitation,
} from "../components/InvitationNotice";
import { CardHeader } from "../components/Shell";
import { SocialButtons } from "../components/SocialButtons";
import { describeApiError, type HumanError } from "../errors";
import { invitationFromSearch, invitationParams, isInvitedAddress } from "../invitation";
import { leaveTo } from "../leave";
import type { Platform, SessionInfo } from "../responses";
import { useText } from "../text";
import { callbackRedirectUrl, pageHref } from "../urls";
import { useAuthForm } from "../useForm";
import { validateSignIn } from "../validation";
import { ResendVerification } from "./ResendVerification";

type SessionState = { status: "checking" } | { status: "none" } | { status: "active"; session: SessionInfo };

export function SignInPage({ platform, search }: { platform: Platform; search: string }) {
  const params = new URLSearchParams(search);
  // Set on the way back from a social provider: the session cookie is there, so go straight on.
  const autoContinue = params.get("continue") === "1";
  // Re-authentication (the operator's console's step-up): the account signed in here signs in
  // again, so the platform gets tokens of a new session, with a fresh sign-in time.
  const reauth = params.get("reauth") === "1";
  const [session, setSession] = useState<SessionState>({ status: "checking" });
  const { t } = useTranslation("auth");
  // An invitation link opened signed out (issue #25): its notice, and the invited address.
  const invitationId = invitationFromSearch(search);
  const invitation = useInvitation(invitationId);

  useEffect(() => {
    let live = true;
    void getSession().then((result) => {
      if (!live) return;
      if (result.ok && result.data) {
        if (autoContinue) leaveTo(callbackRedirectUrl(platform.callbackURL, result.data, invitationId));
        else setSession({ status: "active", session: result.data });
      } else {
        setSession({ status: "none" });
      }
    });
    return () => {
      live = false;
    };
  }, [autoContinue, platform.callbackURL, invitationId]);

  if (session.status === "checking" || invitation.status === "loading") {
    return (
      <div className="card-loading">
        <Spinner label={t("common.checkingSession")} />
      </div>
    );
  }
  if (session.status === "active" && reauth) {
    return (
      <SignInForm
        platform={platform}
        initialEmail={session.session.email}
        invitation={invitation}
        invitationId={invitationToCarry(invitationId, invitation)}
        confirming={{ onSwitch: () => setSession({ status: "none" }) }}
      />
    );
  }
  if (session.status === "active") {
    return (
      <ContinueAs
        platform={platform}
        session={session.session}
        invitation={invitation}
        invitationId={invitationToCarry(invitationId, invitation)}
        onSignedOut={() => setSession({ status: "none" })}
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
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<HumanError | null>(null);
  const { t } = useTranslation("auth");
  const tx = useText();
  const { registerSaver } = useLanguage();

  // Signed in already: the language switch saves the choice to the account, as in the web app.
  useEffect(() => {
    registerSaver(async (next) => {
      await saveLocale(next);
    });
    return () => registerSaver(null);
  }, [registerSaver]);

  const signOutAndSwitch = async () => {
    setSigningOut(true);
    setError(null);
    const result = await signOut();
    setSigningOut(false);
    if (result.ok) onSignedOut();
    else setError(describeApiError(result.failure));
  };

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
      {error && (
        <Alert icon tone="error">
          <p>{tx(error.message)}</p>
        </Alert>
      )}
      <div className="stack">
        <Button
          block
          busy={leaving}
          busyLabel={t("common.continuing")}
          disabled={signingOut}
          onClick={() => {
            setLeaving(true);
            leaveTo(callbackRedirectUrl(platform.callbackURL, session, invitationId));
          }}
        >
          {t("common.continueTo", { platform: platform.name })}
        </Button>
        <Button
          block
          variant="secondary"
          busy={signingOut}
          busyLabel={t("common.signingOut")}
          disabled={leaving}
          onClick={signOutAndSwitch}
        >
          {t("signIn.useDifferentAccount")}
        </Button>
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
  const [busy, setBusy] = useState(false);
  const [socialPending, setSocialPending] = useState<string | null>(null);
  // The address that needs verifying (kept apart from the field, which the user may edit).
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useAuthForm({ email: initialEmail, password: "" }, validateSignIn, platform.passwordPolicy);
  const { t } = useTranslation("auth");
  const tx = useText();
  const { language } = useLanguage();
  // The language the page opened in: a switch made here is saved to the account at sign-in.
  const [openedIn] = useState(language);
  const email = form.watch("email");

  const onSubmit = form.submit(async ({ email, password }) => {
    if (busy) return;
    setBusy(true);
    setUnverifiedEmail(null);
    const trimmed = email.trim();
    const result = await signInEmail({ email: trimmed, password, rememberMe });
    if (result.ok && result.data.token) {
      // The web app prefers the account's saved language to the cookie: keep the choice made here.
      // Best effort: the sign-in goes on whatever the answer.
      if (language !== openedIn) await saveLocale(language);
      // Stay busy: the browser is leaving for the platform.
      leaveTo(
        callbackRedirectUrl(
          platform.callbackURL,
          { token: result.data.token, email: result.data.email },
          invitationId,
        ),
      );
      return;
    }
    setBusy(false);
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

  const [signingOut, setSigningOut] = useState(false);
  const switchAccount = async () => {
    setSigningOut(true);
    form.reset();
    const result = await signOut();
    setSigningOut(false);
    if (result.ok) confirming?.onSwitch();
    else form.fail(result.failure);
  };

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
        disabled={busy || socialPending !== null}
        onSelect={onSocial}
      />
      <form className="form" noValidate onSubmit={onSubmit}>
        {form.formError && (
          <Alert icon tone="error" ref={form.alertRef}>
            <p>{tx(form.formError.message)}</p>
            {unverifiedEmail && (
              <ResendVerification email={unverifiedEmail} platform={platform.id} invitation={invitationId} />
            )}
          </Alert>
        )}
        <TextField
          {...form.field("email")}
          label={t("fields.email")}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
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
          busy={busy}
          busyLabel={confirming ? t("reauth.confirming") : t("signIn.signingIn")}
          disabled={socialPending !== null || signingOut}
        >
          {confirming ? t("reauth.submit") : t("common.signIn")}
        </Button>
      </form>
      {confirming ? (
        <div className="stack">
          <Button
            block
            variant="secondary"
            busy={signingOut}
            busyLabel={t("common.signingOut")}
            disabled={busy}
            onClick={switchAccount}
          >
            {t("signIn.useDifferentAccount")}
          </Button>
        </div>
      ) : (
        <p className="card-footnote">
          <Trans
            i18nKey="signIn.newToParley"
            ns="auth"
            components={{ a: <Link to={pageHref("sign-up", platform.id, invitationParams(invitationId))} /> }}
          />
        </p>
      )}
    </>
  );
}
