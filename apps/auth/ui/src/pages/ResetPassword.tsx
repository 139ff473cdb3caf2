import { PasswordField } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useState } from "react";
import { resetPassword } from "../api";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { CardHeader } from "../components/Shell";
import { DEFAULT_PASSWORD_POLICY, describeResetLinkError, failureCode } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import type { Platform } from "../responses";
import { Link } from "../router";
import { useText } from "../text";
import { pageHref } from "../urls";
import { useFormErrors } from "../useForm";
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
        <Link className="btn btn-primary btn-block" href={pageHref("sign-in", platform.id, carried)}>
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
      <Link className="btn btn-primary btn-block" href={pageHref("forgot-password", platform.id, carried)}>
        <span className="btn-label">{t("reset.requestNew")}</span>
      </Link>
      <p className="card-footnote">
        <Link href={pageHref("sign-in", platform.id, carried)}>{t("common.backToSignIn")}</Link>
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
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const form = useFormErrors(policy);
  const { t } = useTranslation("auth");
  const tx = useText();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!form.check(validateNewPasswordForm({ password, confirmPassword }, policy))) return;
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
  };

  return (
    <>
      <CardHeader icon="lock" title={t("reset.title")} subtitle={t("reset.subtitle")} />
      <form className="form" noValidate onSubmit={onSubmit}>
        {form.formError && (
          <Alert tone="error" ref={form.alertRef}>
            <p>{tx(form.formError.message)}</p>
          </Alert>
        )}
        <PasswordField
          ref={form.bind("password")}
          label={t("fields.newPassword")}
          name="new-password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            form.clearField("password");
          }}
          error={form.fieldErrors.password && tx(form.fieldErrors.password)}
          hint={
            form.fieldErrors.password
              ? undefined
              : t("fields.passwordRule", { min: policy.minLength, max: policy.maxLength })
          }
        />
        <PasswordField
          ref={form.bind("confirmPassword")}
          label={t("fields.confirmNewPassword")}
          name="confirm-password"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={(value) => {
            setConfirmPassword(value);
            form.clearField("confirmPassword");
          }}
          error={form.fieldErrors.confirmPassword && tx(form.fieldErrors.confirmPassword)}
        />
        <Button type="submit" block busy={busy} busyLabel={t("reset.saving")}>
          {t("reset.submit")}
        </Button>
      </form>
      <p className="card-footnote">
        <Link href={pageHref("sign-in", platform.id, carried)}>{t("common.backToSignIn")}</Link>
      </p>
    </>
  );
}
