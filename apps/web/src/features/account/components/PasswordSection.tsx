import { zodResolver } from "@hookform/resolvers/zod";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useMemo, useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { type Notice, SectionCard, SettingsForm } from "../../../components/SectionCard";
import { signInUrl } from "../../../lib/config";
import { authClient } from "../../session/public";
import { usePasswordPolicy } from "../api";
import { type ChangePasswordInput, changePasswordSchema } from "../schemas";
import { useAuthForm } from "../use-auth-form";
import { useValidationText } from "../use-validation-text";

const empty: ChangePasswordInput = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
  revokeOtherSessions: false,
};

/** The form's three password boxes: their ids, labels and what the browser may fill in. */
const PASSWORD_FIELDS = {
  currentPassword: { id: "password-current", label: "password.current", autoComplete: "current-password" },
  newPassword: { id: "password-new", label: "password.new", autoComplete: "new-password" },
  confirmPassword: { id: "password-confirm", label: "password.confirm", autoComplete: "new-password" },
} as const;

/** A password box in its field (the browser's own input, no show/hide toggle). */
function PasswordInput({
  name,
  errors,
  register,
  hint,
}: {
  name: keyof typeof PASSWORD_FIELDS;
  errors: FieldErrors<ChangePasswordInput>;
  register: UseFormRegister<ChangePasswordInput>;
  hint?: string;
}) {
  const { t } = useTranslation("account");
  const { id, label, autoComplete } = PASSWORD_FIELDS[name];
  const error = errors[name]?.message;
  return (
    <Field label={t(label)} id={id} error={error} hint={hint}>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        {...fieldAria(id, error, hint !== undefined)}
        {...register(name)}
      />
    </Field>
  );
}

/** `hasPassword`: null while the sign-in methods load; false for accounts made with a provider. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean | null }) {
  const { t } = useTranslation("account");
  const validationText = useValidationText();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => changePasswordSchema(policy, validationText), [policy, validationText]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useAuthForm<ChangePasswordInput>(
    { resolver: zodResolver(schema), defaultValues: empty },
    { password: "currentPassword", newPassword: "newPassword" },
    { focus: true },
  );
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setNotice(null);
    try {
      await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions });
      form.reset(empty);
      setNotice({
        tone: "success",
        text: revokeOtherSessions ? t("password.changedAndRevoked") : t("password.changed"),
      });
    } catch (error) {
      const message = form.authError(error);
      if (message) setNotice({ tone: "error", text: message });
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
      <SettingsForm
        onSubmit={onSubmit}
        busy={isSubmitting}
        disabled={hasPassword === null}
        submitLabel={t("password.submit")}
        busyLabel={t("password.submitting")}
        notice={notice}
      >
        <PasswordInput name="currentPassword" errors={errors} register={form.register} />
        <div className="form-row">
          <PasswordInput
            name="newPassword"
            errors={errors}
            register={form.register}
            hint={t("password.hint", { min: policy.minLength, max: policy.maxLength })}
          />
          <PasswordInput name="confirmPassword" errors={errors} register={form.register} />
        </div>
        <label className="checkbox">
          <input type="checkbox" {...form.register("revokeOtherSessions")} />
          <span>
            {t("password.revoke")}
            <span className="checkbox-hint">{t("password.revokeHint")}</span>
          </span>
        </label>
      </SettingsForm>
    </SectionCard>
  );
}
