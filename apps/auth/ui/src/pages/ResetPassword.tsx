import { Button } from "@parley/ui/components/Button";
import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { resetPassword } from "../api";
import { BackToSignIn, ButtonLink, ProblemHeader } from "../components/Card";
import { ConfirmPasswordField, ErrorAlert, NewPasswordField } from "../components/Form";
import { CardHeader } from "../components/Shell";
import { DEFAULT_PASSWORD_POLICY, describeResetLinkError, failureCode } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import type { Platform } from "../responses";
import { pageHref } from "../urls";
import { useAuthForm } from "../useForm";
import { validateNewPasswordForm } from "../validation";

/**
 * Landing page of the reset e-mail. better-auth's `GET /reset-password/:token` redirects here with
 * `?token=…`, or with `?error=INVALID_TOKEN` when the link is expired, used or altered. A reset
 * asked for from an invitation's sign-in page carries `?invitation=` (issue #25): every link back to
 * sign-in keeps it, so signing in with the new password lands on the invitation. Only an id-shaped
 * value is kept (invitationFromSearch); where the browser goes after sign-in is the platform's
 * registered callback, never this page's address.
 */
export function ResetPasswordPage({ platform, search }: { platform: Platform; search: string }) {
  const params = new URLSearchParams(search);
  const token = params.get("token") ?? "";
  const linkError = params.get("error");
  const carried = invitationParams(invitationFromSearch(search));
  const [rejected, setRejected] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { t } = useTranslation("auth");

  if (done) {
    return (
      <>
        <CardHeader icon="check" title={t("reset.doneTitle")} subtitle={t("reset.doneSubtitle")} />
        <ButtonLink to={pageHref("sign-in", platform.id, carried)}>{t("common.signIn")}</ButtonLink>
      </>
    );
  }

  const problem = linkError ?? rejected ?? (token === "" ? "INVALID_TOKEN" : null);
  if (problem) return <InvalidResetLink platform={platform} code={problem} carried={carried} />;

  return (
    <NewPasswordForm
      platform={platform}
      carried={carried}
      token={token}
      onDone={() => setDone(true)}
      onRejected={setRejected}
    />
  );
}

function InvalidResetLink({
  platform,
  code,
  carried,
}: {
  platform: Platform;
  code: string;
  carried: Record<string, string>;
}) {
  const text = describeResetLinkError(code);
  const { t } = useTranslation("auth");
  return (
    <>
      <ProblemHeader icon="link" problem={text} />
      <ButtonLink to={pageHref("forgot-password", platform.id, carried)}>{t("reset.requestNew")}</ButtonLink>
      <BackToSignIn platformId={platform.id} params={carried} />
    </>
  );
}

function NewPasswordForm({
  platform,
  carried,
  token,
  onDone,
  onRejected,
}: {
  platform: Platform;
  carried: Record<string, string>;
  token: string;
  onDone: () => void;
  onRejected: (code: string) => void;
}) {
  const policy = platform.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const form = useAuthForm(
    { password: "", confirmPassword: "" },
    (values) => validateNewPasswordForm(values, policy),
    policy,
  );
  const { t } = useTranslation("auth");

  const onSubmit = form.submit(async ({ password }) => {
    const result = await resetPassword({ newPassword: password, token });
    if (result.ok) {
      onDone();
      return;
    }
    const code = failureCode(result.failure);
    if (code === "INVALID_TOKEN" || code === "TOKEN_EXPIRED" || code === "USER_NOT_FOUND") onRejected(code);
    else form.fail(result.failure);
  });

  return (
    <>
      <CardHeader icon="lock" title={t("reset.title")} subtitle={t("reset.subtitle")} />
      <form className="form" noValidate onSubmit={onSubmit}>
        <ErrorAlert error={form.formError} ref={form.alertRef} />
        <NewPasswordField
          {...form.field("password")}
          label={t("fields.newPassword")}
          autoFocus
          hint={
            form.hasError("password")
              ? undefined
              : t("fields.passwordRule", { min: policy.minLength, max: policy.maxLength })
          }
        />
        <ConfirmPasswordField {...form.field("confirmPassword")} label={t("fields.confirmNewPassword")} />
        <Button type="submit" block busy={form.busy} busyLabel={t("reset.saving")}>
          {t("reset.submit")}
        </Button>
      </form>
      <BackToSignIn platformId={platform.id} params={carried} />
    </>
  );
}
