import { Alert } from "@parley/ui/components/Alert";
import { Button, buttonClass } from "@parley/ui/components/Button";
import { PasswordField } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { resetPassword } from "../api";
import { CardHeader } from "../components/Shell";
import { DEFAULT_PASSWORD_POLICY, describeResetLinkError, failureCode } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import type { Platform } from "../responses";
import { useText } from "../text";
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
        <CardHeader
          icon="check"
          tone="success"
          title={t("reset.doneTitle")}
          subtitle={t("reset.doneSubtitle")}
        />
        <Link
          className={buttonClass({ variant: "primary", block: true })}
          to={pageHref("sign-in", platform.id, carried)}
        >
          <span className="btn-label">{t("common.signIn")}</span>
        </Link>
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
  const tx = useText();
  return (
    <>
      <CardHeader icon="link" tone="warning" title={tx(text.title)} subtitle={tx(text.message)} />
      <Link
        className={buttonClass({ variant: "primary", block: true })}
        to={pageHref("forgot-password", platform.id, carried)}
      >
        <span className="btn-label">{t("reset.requestNew")}</span>
      </Link>
      <p className="card-footnote">
        <Link to={pageHref("sign-in", platform.id, carried)}>{t("common.backToSignIn")}</Link>
      </p>
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
  const [busy, setBusy] = useState(false);
  const form = useAuthForm(
    { password: "", confirmPassword: "" },
    (values) => validateNewPasswordForm(values, policy),
    policy,
  );
  const { t } = useTranslation("auth");
  const tx = useText();

  const onSubmit = form.submit(async ({ password }) => {
    if (busy) return;
    setBusy(true);
    const result = await resetPassword({ newPassword: password, token });
    setBusy(false);
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
        {form.formError && (
          <Alert icon tone="error" ref={form.alertRef}>
            <p>{tx(form.formError.message)}</p>
          </Alert>
        )}
        <PasswordField
          {...form.field("password")}
          label={t("fields.newPassword")}
          name="new-password"
          autoComplete="new-password"
          autoFocus
          hint={
            form.hasError("password")
              ? undefined
              : t("fields.passwordRule", { min: policy.minLength, max: policy.maxLength })
          }
        />
        <PasswordField
          {...form.field("confirmPassword")}
          label={t("fields.confirmNewPassword")}
          name="confirm-password"
          autoComplete="new-password"
        />
        <Button type="submit" block busy={busy} busyLabel={t("reset.saving")}>
          {t("reset.submit")}
        </Button>
      </form>
      <p className="card-footnote">
        <Link to={pageHref("sign-in", platform.id, carried)}>{t("common.backToSignIn")}</Link>
      </p>
    </>
  );
}
