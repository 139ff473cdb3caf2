import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { requestPasswordReset } from "../api";
import { BackToSignIn, FootnoteLink, StartOver } from "../components/Card";
import { EmailField, ErrorAlert } from "../components/Form";
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
  const [sent, setSent] = useState(false);
  const { t } = useTranslation("auth");
  const tx = useText();

  const onSubmit = form.submit(async ({ email }) => {
    const result = await requestPasswordReset({
      email: email.trim(),
      platform: platform.id,
      invitation: invitationId,
    });
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
        <StartOver i18nKey="forgot.sentHelp" onClick={() => setSent(false)} />
        <BackToSignIn platformId={platform.id} params={{ email: email.trim(), ...carried }} />
      </>
    );
  }

  return (
    <>
      <CardHeader title={t("forgot.title")} subtitle={t("forgot.subtitle")} />
      <form className="form" noValidate onSubmit={onSubmit}>
        <ErrorAlert error={form.formError} ref={form.alertRef} />
        <EmailField {...form.field("email")} autoFocus />
        <Button type="submit" block busy={form.busy} busyLabel={t("common.sending")}>
          {t("forgot.submit")}
        </Button>
      </form>
      <FootnoteLink i18nKey="forgot.remembered" to={pageHref("sign-in", platform.id, carried)} />
    </>
  );
}
