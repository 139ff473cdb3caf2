import { type FormEvent, useState } from "react";
import { resetPassword } from "../api";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { PasswordField } from "../components/fields";
import { CardHeader } from "../components/Shell";
import { DEFAULT_PASSWORD_POLICY, describeResetLinkError, failureCode } from "../errors";
import type { Platform } from "../responses";
import { Link } from "../router";
import { pageHref } from "../urls";
import { useFormErrors } from "../useForm";
import { validateNewPasswordForm } from "../validation";

/**
 * Landing page of the reset e-mail. better-auth's `GET /reset-password/:token` redirects here with
 * `?token=…`, or with `?error=INVALID_TOKEN` when the link is expired, used or altered.
 */
export function ResetPasswordPage({ platform, search }: { platform: Platform; search: string }) {
  const params = new URLSearchParams(search);
  const token = params.get("token") ?? "";
  const linkError = params.get("error");
  const [rejected, setRejected] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <>
        <CardHeader
          icon="check"
          tone="success"
          title="Your password has been changed"
          subtitle="You can now sign in with your new password."
        />
        <Link className="btn btn-primary btn-block" href={pageHref("sign-in", platform.id)}>
          <span className="btn-label">Sign in</span>
        </Link>
      </>
    );
  }

  const problem = linkError ?? rejected ?? (token === "" ? "INVALID_TOKEN" : null);
  if (problem) return <InvalidResetLink platform={platform} code={problem} />;

  return (
    <NewPasswordForm
      platform={platform}
      token={token}
      onDone={() => setDone(true)}
      onRejected={setRejected}
    />
  );
}

function InvalidResetLink({ platform, code }: { platform: Platform; code: string }) {
  const text = describeResetLinkError(code);
  return (
    <>
      <CardHeader icon="link" tone="warning" title={text.title} subtitle={text.message} />
      <Link className="btn btn-primary btn-block" href={pageHref("forgot-password", platform.id)}>
        <span className="btn-label">Request a new link</span>
      </Link>
      <p className="card-footnote">
        <Link href={pageHref("sign-in", platform.id)}>Back to sign in</Link>
      </p>
    </>
  );
}

function NewPasswordForm({
  platform,
  token,
  onDone,
  onRejected,
}: {
  platform: Platform;
  token: string;
  onDone: () => void;
  onRejected: (code: string) => void;
}) {
  const policy = platform.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const form = useFormErrors(policy);

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
      <CardHeader
        icon="lock"
        title="Choose a new password"
        subtitle="Pick a password you don't use anywhere else."
      />
      <form className="form" noValidate onSubmit={onSubmit}>
        {form.formError && (
          <Alert tone="error" ref={form.alertRef}>
            <p>{form.formError.message}</p>
          </Alert>
        )}
        <PasswordField
          ref={form.bind("password")}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            form.clearField("password");
          }}
          error={form.fieldErrors.password}
          hint={
            form.fieldErrors.password
              ? undefined
              : `Use ${policy.minLength} to ${policy.maxLength} characters.`
          }
        />
        <PasswordField
          ref={form.bind("confirmPassword")}
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={(value) => {
            setConfirmPassword(value);
            form.clearField("confirmPassword");
          }}
          error={form.fieldErrors.confirmPassword}
        />
        <Button type="submit" block busy={busy} busyLabel="Saving…">
          Change password
        </Button>
      </form>
      <p className="card-footnote">
        <Link href={pageHref("sign-in", platform.id)}>Back to sign in</Link>
      </p>
    </>
  );
}
