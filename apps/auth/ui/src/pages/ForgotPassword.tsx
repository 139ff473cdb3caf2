import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { TextField } from "@parley/ui/components/Field";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { requestPasswordReset } from "../api";
import { CardHeader } from "../components/Shell";
import { RESET_REQUESTED_MESSAGE } from "../errors";
import { invitationFromSearch, invitationParams } from "../invitation";
import type { Platform } from "../responses";
import { useText } from "../text";
import { pageHref } from "../urls";
import { useAuthForm } from "../useForm";
import { validateEmailForm } from "../validation";

export function ForgotPasswordPage({ platform, search }: { platform: Platform; search: string }) {
  const form = useAuthForm({ email: new URLSearchParams(search).get("email") ?? "" }, validateEmailForm);
  const email = form.watch("email");
  // From an invitation's sign-in page (issue #25): the reset link, and the way back, keep it.
  const invitationId = invitationFromSearch(search);
  const carried = invitationParams(invitationId);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const { t } = useTranslation("auth");
  const tx = useText();

  const onSubmit = form.submit(async ({ email }) => {
    if (busy) return;
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
  });

  if (sent) {
    return (
      <>
        <CardHeader icon="mail" title={t("forgot.sentTitle")} />
        <Alert icon tone="success">
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
          <Link to={pageHref("sign-in", platform.id, { email: email.trim(), ...carried })}>
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
          <Alert icon tone="error" ref={form.alertRef}>
            <p>{tx(form.formError.message)}</p>
          </Alert>
        )}
        <TextField
          {...form.field("email")}
          label={t("fields.email")}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
        />
        <Button type="submit" block busy={busy} busyLabel={t("common.sending")}>
          {t("forgot.submit")}
        </Button>
      </form>
      <p className="card-footnote">
        <Trans
          i18nKey="forgot.remembered"
          ns="auth"
          components={{ a: <Link to={pageHref("sign-in", platform.id, carried)} /> }}
        />
      </p>
    </>
  );
}
