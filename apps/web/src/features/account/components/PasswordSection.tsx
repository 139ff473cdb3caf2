import { zodResolver } from "@hookform/resolvers/zod";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useMemo, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { FormNotice, SectionCard } from "../../../components/SectionCard";
import { signInUrl } from "../../../lib/config";
import { authClient, useAuthErrorText } from "../../session/public";
import { usePasswordPolicy } from "../api";
import { type ChangePasswordInput, changePasswordSchema } from "../schemas";
import { useValidationText } from "../use-validation-text";

const empty: ChangePasswordInput = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
  revokeOtherSessions: false,
};

/** `hasPassword`: null while the sign-in methods load; false for accounts made with a provider. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean | null }) {
  const { t } = useTranslation("account");
  const authErrorText = useAuthErrorText();
  const validationText = useValidationText();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => changePasswordSchema(policy, validationText), [policy, validationText]);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(schema), defaultValues: empty });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setNotice(null);
    try {
      await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions });
      reset(empty);
      setNotice({
        tone: "success",
        text: revokeOtherSessions ? t("password.changedAndRevoked") : t("password.changed"),
      });
    } catch (error) {
      const human = authErrorText(error);
      const field: FieldPath<ChangePasswordInput> | null =
        human.field === "password" ? "currentPassword" : human.field === "newPassword" ? "newPassword" : null;
      if (field) setError(field, { message: human.message }, { shouldFocus: true });
      else setNotice({ tone: "error", text: human.message });
    }
  });

  const title = t("password.title");
  const description = t("password.description");
  if (hasPassword === false) {
    return (
      <SectionCard title={title} description={description}>
        <p className="settings-note">
          <Trans
            t={t}
            i18nKey="password.noPassword"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans fills the link with the catalog's words
              signin: <a href={signInUrl} />,
            }}
          />
        </p>
      </SectionCard>
    );
  }

  return (
    <SectionCard title={title} description={description}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label={t("password.current")} id="password-current" error={errors.currentPassword?.message}>
          <input
            id="password-current"
            type="password"
            autoComplete="current-password"
            {...fieldAria("password-current", errors.currentPassword?.message)}
            {...register("currentPassword")}
          />
        </Field>
        <div className="form-row">
          <Field
            label={t("password.new")}
            id="password-new"
            error={errors.newPassword?.message}
            hint={t("password.hint", { min: policy.minLength, max: policy.maxLength })}
          >
            <input
              id="password-new"
              type="password"
              autoComplete="new-password"
              {...fieldAria("password-new", errors.newPassword?.message, true)}
              {...register("newPassword")}
            />
          </Field>
          <Field label={t("password.confirm")} id="password-confirm" error={errors.confirmPassword?.message}>
            <input
              id="password-confirm"
              type="password"
              autoComplete="new-password"
              {...fieldAria("password-confirm", errors.confirmPassword?.message)}
              {...register("confirmPassword")}
            />
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register("revokeOtherSessions")} />
          <span>
            {t("password.revoke")}
            <span className="checkbox-hint">{t("password.revokeHint")}</span>
          </span>
        </label>
        {notice ? <FormNotice tone={notice.tone}>{notice.text}</FormNotice> : null}
        <div className="settings-actions">
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={isSubmitting || hasPassword === null}
          >
            {isSubmitting ? <span className="spinner" aria-hidden="true" /> : null}
            {isSubmitting ? t("password.submitting") : t("password.submit")}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
