import { zodResolver } from "@hookform/resolvers/zod";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { Ltr, Trans, useTranslation } from "@parley/ui/i18n/react";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { authClient } from "../../session/runtime";
import { useSession } from "../../session/session-context";
import type { AuthUser } from "../../session/session-data";
import { useAuthErrorText } from "../../session/use-auth-error";
import { type ChangeEmailInput, changeEmailSchema } from "../schemas";
import { useValidationText } from "../use-validation-text";
import { FormNotice, SectionCard } from "./SectionCard";

type Sent = { verifiedBefore: boolean; from: string; to: string };

/**
 * Spec §4: a verified address is changed only after the old address approves and the new one is
 * verified (links by e-mail); an unverified address changes at once and the new one gets a
 * verification e-mail. Either way the user is told to check their inbox.
 */
export function EmailSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation("account");
  const authErrorText = useAuthErrorText();
  const validationText = useValidationText();
  const { reload } = useSession();
  const [sent, setSent] = useState<Sent | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => changeEmailSchema(user.email, validationText), [user.email, validationText]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailInput>({ resolver: zodResolver(schema), defaultValues: { newEmail: "" } });

  const onSubmit = handleSubmit(async ({ newEmail }) => {
    setFormError(null);
    setSent(null);
    const to = newEmail.trim().toLowerCase();
    try {
      await authClient.changeEmail({ newEmail: to, callbackURL: `${window.location.origin}/account` });
      setSent({ verifiedBefore: user.emailVerified, from: user.email, to });
      reset({ newEmail: "" });
      // An unverified address has already changed: show the new one.
      if (!user.emailVerified) await reload();
    } catch (error) {
      const human = authErrorText(error);
      if (human.field === "email") setError("newEmail", { message: human.message });
      else setFormError(human.message);
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
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label={t("email.new")} id="email-new" error={errors.newEmail?.message}>
          <input
            id="email-new"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            dir="ltr"
            {...fieldAria("email-new", errors.newEmail?.message)}
            {...register("newEmail")}
          />
        </Field>
        {sent ? (
          <FormNotice tone="success">
            <strong>{t("email.checkInbox")}</strong>{" "}
            {sent.verifiedBefore ? (
              <Trans
                t={t}
                i18nKey="email.sentToBoth"
                values={{ from: sent.from, to: sent.to }}
                components={{ from: <bdi dir="ltr" />, to: <bdi dir="ltr" /> }}
              />
            ) : (
              <Trans
                t={t}
                i18nKey="email.changedNow"
                values={{ to: sent.to }}
                components={{ to: <bdi dir="ltr" /> }}
              />
            )}
          </FormNotice>
        ) : null}
        {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
            {isSubmitting ? <span className="spinner" aria-hidden="true" /> : null}
            {isSubmitting ? t("email.submitting") : t("email.submit")}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
