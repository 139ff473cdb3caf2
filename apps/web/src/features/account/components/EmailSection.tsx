import { zodResolver } from "@hookform/resolvers/zod";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { Ltr, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { LtrTrans } from "../../../components/LtrTrans";
import { FormNotice, SectionCard, SettingsForm } from "../../../components/SectionCard";
import type { AuthUser } from "../../session/public";
import { authClient, useSession } from "../../session/public";
import {
  EMAIL_CHANGED_PARAM,
  type EmailLinkOutcome,
  emailLinkOutcome,
  withoutEmailLinkParams,
} from "../email-link";
import { type ChangeEmailInput, changeEmailSchema } from "../schemas";
import { useAuthForm } from "../use-auth-form";
import { useValidationText } from "../use-validation-text";

type Sent = { verifiedBefore: boolean; from: string; to: string };

/**
 * Spec §4: "Email change either verifies the new address via a link, or, if the current email is
 * unverified, changes it directly and sends a verification email." Either way the user is told to
 * check the new address's inbox; the link brings them back here (`?emailChanged=1`, with
 * `&error=` when it did not work), and the page says what happened.
 */
export function EmailSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation("account");
  const validationText = useValidationText();
  const { reload } = useSession();
  const [sent, setSent] = useState<Sent | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const [linkOutcome] = useState<EmailLinkOutcome>(() => emailLinkOutcome(location.search));
  useEffect(() => {
    if (!linkOutcome) return;
    // Shown once: a reload or a shared address does not repeat it.
    navigate({ search: withoutEmailLinkParams(location.search), hash: location.hash }, { replace: true });
    if (linkOutcome.kind === "changed") void reload();
  }, [linkOutcome, location.search, location.hash, navigate, reload]);
  const schema = useMemo(() => changeEmailSchema(user.email, validationText), [user.email, validationText]);
  const form = useAuthForm<ChangeEmailInput>(
    { resolver: zodResolver(schema), defaultValues: { newEmail: "" } },
    { email: "newEmail" },
  );
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    setFormError(null);
    setSent(null);
    const to = newEmail.trim().toLowerCase();
    try {
      await authClient.changeEmail({
        newEmail: to,
        callbackURL: `${window.location.origin}/account?${EMAIL_CHANGED_PARAM}=1`,
      });
      setSent({ verifiedBefore: user.emailVerified, from: user.email, to });
      form.reset({ newEmail: "" });
      // An unverified address has already changed: show the new one.
      if (!user.emailVerified) await reload();
    } catch (error) {
      setFormError(form.authError(error));
    }
  });

  return (
    <SectionCard title={t("email.title")} description={t("email.description")}>
      <div className="settings-current">
        <span className="settings-current-label">{t("email.current")}</span>
        <span className="settings-current-value">
          <Ltr>{user.email}</Ltr>
          {user.emailVerified ? (
            <span className="status-pill status-active">{t("email.verified")}</span>
          ) : (
            <span className="status-pill status-past_due">{t("email.notVerified")}</span>
          )}
        </span>
      </div>
      <SettingsForm
        onSubmit={onSubmit}
        busy={isSubmitting}
        submitLabel={t("email.submit")}
        busyLabel={t("email.submitting")}
      >
        <Field label={t("email.new")} id="email-new" error={errors.newEmail?.message}>
          <input
            id="email-new"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            dir="ltr"
            {...fieldAria("email-new", errors.newEmail?.message)}
            {...form.register("newEmail")}
          />
        </Field>
        {sent ? (
          <FormNotice tone="success">
            <strong>{t("email.checkInbox")}</strong>{" "}
            {sent.verifiedBefore ? (
              <LtrTrans t={t} i18nKey="email.sentToNew" values={{ from: sent.from, to: sent.to }} />
            ) : (
              <LtrTrans t={t} i18nKey="email.changedNow" values={{ to: sent.to }} />
            )}
          </FormNotice>
        ) : null}
        {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
        {linkOutcome?.kind === "changed" ? (
          <FormNotice tone="success">
            <LtrTrans t={t} i18nKey="email.changed" values={{ email: user.email }} />
          </FormNotice>
        ) : null}
        {linkOutcome?.kind === "failed" ? (
          <FormNotice tone="error">{t(`email.linkErrors.${linkOutcome.error}`)}</FormNotice>
        ) : null}
      </SettingsForm>
    </SectionCard>
  );
}
