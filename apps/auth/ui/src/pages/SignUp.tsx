import { Button } from "@parley/ui/components/Button";
import { TextField } from "@parley/ui/components/Field";
import { Trans, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router-dom";
import { signUpEmail } from "../api";
import { BackToSignIn, FootnoteLink, LoadingCard, StartOver } from "../components/Card";
import { ConfirmPasswordField, EmailField, ErrorAlert, NewPasswordField } from "../components/Form";
import {
  InvitationNotice,
  invitationToCarry,
  invitedEmail,
  useInvitation,
} from "../components/InvitationNotice";
import { CardHeader } from "../components/Shell";
import { DEFAULT_PASSWORD_POLICY } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import { leaveForPlatform } from "../leave";
import type { Platform } from "../responses";
import { pageHref } from "../urls";
import { useAuthForm } from "../useForm";
import { validateSignUp } from "../validation";
import { ResendVerification } from "./ResendVerification";

export function SignUpPage({ platform, search = "" }: { platform: Platform; search?: string }) {
  // An invitation link (issue #25): its notice, and the invited address, filled in.
  const invitationId = invitationFromSearch(search);
  const invitation = useInvitation(invitationId);
  if (invitation.status === "loading") return <LoadingCard />;
  return (
    <SignUpForm
      platform={platform}
      notice={<InvitationNotice state={invitation} next="sign-up" />}
      lockedEmail={invitedEmail(invitation)}
      invitationId={invitationToCarry(invitationId, invitation)}
    />
  );
}

export function SignUpForm({
  platform,
  notice,
  lockedEmail,
  invitationId,
}: {
  platform: Platform;
  notice: ReactNode;
  /** The invited address: filled in, and not to be changed (the invitation is for it). */
  lockedEmail: string | null;
  /** The invitation to go back to after verifying, if any. */
  invitationId: string | null;
}) {
  const policy = platform.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The server said this e-mail already has an account: offer sign-in and reset next to the field.
  const [accountExists, setAccountExists] = useState(false);
  const form = useAuthForm(
    { name: "", email: lockedEmail ?? "", password: "", confirmPassword: "" },
    (values) => validateSignUp(values, policy),
    policy,
  );
  const { t } = useTranslation("auth");
  const { language } = useLanguage();
  const email = form.watch("email");
  const password = form.watch("password");

  const onSubmit = form.submit(async ({ name, email, password }) => {
    const result = await signUpEmail({
      name: name.trim(),
      email: email.trim(),
      password,
      platform: platform.id,
      locale: language,
      invitation: invitationId,
    });
    if (result.ok && result.data.token) {
      // The service signed the user in straight away (no verification required): go on.
      leaveForPlatform(platform, { token: result.data.token, email: result.data.email }, invitationId);
      return "leaving";
    }
    if (result.ok) {
      setSentTo(email.trim());
      return;
    }
    const human = form.fail(result.failure);
    setAccountExists(human.field === "email" && human.action === "sign-in");
  });

  if (sentTo)
    return (
      <CheckInbox
        email={sentTo}
        platform={platform}
        invitationId={invitationId}
        onStartOver={() => setSentTo(null)}
      />
    );

  const rulesMet = password.length >= policy.minLength && password.length <= policy.maxLength;
  // Where the "already has an account" hint leads: with the address typed, and the invitation.
  const withEmail = { email: email.trim(), ...invitationParams(invitationId) };
  return (
    <>
      <CardHeader
        title={t("signUp.title")}
        subtitle={
          platform.id === "parley"
            ? t("signUp.subtitleParley")
            : t("signUp.subtitlePlatform", { platform: platform.name })
        }
      />
      {notice}
      <form className="form" noValidate onSubmit={onSubmit}>
        <ErrorAlert error={form.formError} ref={form.alertRef} />
        <TextField
          {...form.field("name")}
          label={t("fields.name")}
          name="name"
          autoComplete="name"
          autoFocus
        />
        <EmailField
          {...form.field("email", () => setAccountExists(false))}
          label={t("fields.workEmail")}
          readOnly={lockedEmail !== null}
          hint={
            accountExists && form.hasError("email") ? (
              <span>
                <Link to={pageHref("sign-in", platform.id, withEmail)}>{t("common.signIn")}</Link>
                {" · "}
                <Link to={pageHref("forgot-password", platform.id, withEmail)}>
                  {t("signUp.resetPassword")}
                </Link>
              </span>
            ) : undefined
          }
        />
        <NewPasswordField
          {...form.field("password")}
          label={t("fields.password")}
          hint={
            // The error already names the limit; the rule line comes back once it's fixed.
            form.hasError("password") ? undefined : (
              <span className={`rule${rulesMet ? " rule-met" : ""}`}>
                <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d={rulesMet ? "M4 8.5l2.5 2.5L12 5.5" : "M5 8h6"} />
                </svg>
                {t("fields.passwordRule", { min: policy.minLength, max: policy.maxLength })}
              </span>
            )
          }
        />
        <ConfirmPasswordField {...form.field("confirmPassword")} label={t("fields.confirmPassword")} />
        <Button type="submit" block busy={form.busy} busyLabel={t("signUp.creating")}>
          {t("signUp.submit")}
        </Button>
      </form>
      <FootnoteLink
        i18nKey="signUp.haveAccount"
        to={pageHref("sign-in", platform.id, invitationParams(invitationId))}
      />
    </>
  );
}

function CheckInbox({
  email,
  platform,
  invitationId,
  onStartOver,
}: {
  email: string;
  platform: Platform;
  invitationId: string | null;
  onStartOver: () => void;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <CardHeader
        icon="mail"
        title={t("common.checkInbox")}
        subtitle={
          <Trans
            i18nKey="signUp.sentTo"
            ns="auth"
            values={{ email }}
            components={{ email: <strong className="nowrap-email" dir="ltr" /> }}
          />
        }
      />
      <div className="stack">
        <ResendVerification
          email={email}
          platform={platform.id}
          invitation={invitationId}
          variant="secondary"
        />
        <StartOver i18nKey="signUp.cantFind" onClick={onStartOver} />
      </div>
      <BackToSignIn platformId={platform.id} params={{ email, ...invitationParams(invitationId) }} />
    </>
  );
}
