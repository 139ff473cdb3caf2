import { TextField } from "@parley/ui/components/Field";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useState } from "react";
import { requestPasswordReset } from "../api";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { CardHeader } from "../components/Shell";
import { RESET_REQUESTED_MESSAGE } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import type { Platform } from "../responses";
import { Link } from "../router";
import { useText } from "../text";
import { pageHref } from "../urls";
import { useFormErrors } from "../useForm";
import { validateEmail } from "../validation";

export function ForgotPasswordPage({ platform, search }: { platform: Platform; search: string }) {
  const [email, setEmail] = useState(() => new URLSearchParams(search).get("email") ?? "");
  // From an invitation's sign-in page (issue #25): the reset link, and the way back, keep it.
  const invitationId = invitationFromSearch(search);
  const carried = invitationParams(invitationId);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useFormErrors();
  const { t } = useTranslation("auth");
  const tx = useText();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const emailError = validateEmail(email);
    if (!form.check(emailError ? { email: emailError } : {})) return;
    setBusy(true);
    const result = await requestPasswordReset({
      email: email.trim(),
      platform: platform.id,
      invitation: invitationId,
    });
    setBusy(false);
    // The service answers the same for known and unknown addresses; only transport problems
    // (offline, rate limit, server down) are shown as errors.
    if (result.ok) setSent(true);
    else form.fail(result.failure);
  };

  if (sent) {
    return (
      <>
        <CardHeader icon="mail" title={t("forgot.sentTitle")} />
        <Alert tone="success">
          <p>{tx(RESET_REQUESTED_MESSAGE)}</p>
        </Alert>
        <p className="muted small">
          <Trans
            i18nKey="forgot.sentHelp"
            ns="auth"
            components={{
              button: <button type="button" className="inline-link" onClick={() => setSent(false)} />,
            }}
          />
        </p>
        <p className="card-footnote">
          <Link href={pageHref("sign-in", platform.id, { email: email.trim(), ...carried })}>
            {t("common.backToSignIn")}
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <CardHeader title={t("forgot.title")} subtitle={t("forgot.subtitle")} />
      <form className="form" noValidate onSubmit={onSubmit}>
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
          autoFocus
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            form.clearField("email");
          }}
          error={form.fieldErrors.email && tx(form.fieldErrors.email)}
        />
        <Button type="submit" block busy={busy} busyLabel={t("common.sending")}>
          {t("forgot.submit")}
        </Button>
      </form>
      <p className="card-footnote">
        <Trans
          i18nKey="forgot.remembered"
          ns="auth"
          components={{ a: <Link href={pageHref("sign-in", platform.id, carried)} /> }}
        />
      </p>
    </>
  );
}
