import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { signInUrl } from "../../../app/config";
import { FormField, fieldAria } from "../../../components/FormField";
import { describeAuthError } from "../../session/auth-errors";
import { authClient } from "../../session/runtime";
import { usePasswordPolicy } from "../api";
import { type ChangePasswordInput, changePasswordSchema } from "../schemas";
import { FormNotice, SectionCard } from "./SectionCard";

const empty: ChangePasswordInput = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
  revokeOtherSessions: false,
};

/** `hasPassword`: null while the sign-in methods load; false for accounts made with a provider. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean | null }) {
  const policy = usePasswordPolicy();
  const schema = useMemo(() => changePasswordSchema(policy), [policy]);
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
        text: revokeOtherSessions
          ? "Your password was changed, and your other devices were signed out."
          : "Your password was changed.",
      });
    } catch (error) {
      const human = describeAuthError(error);
      const field: FieldPath<ChangePasswordInput> | null =
        human.field === "password" ? "currentPassword" : human.field === "newPassword" ? "newPassword" : null;
      if (field) setError(field, { message: human.message }, { shouldFocus: true });
      else setNotice({ tone: "error", text: human.message });
    }
  });

  const description = "Use a password you don't use anywhere else.";
  if (hasPassword === false) {
    return (
      <SectionCard title="Password" description={description}>
        <p className="settings-note">
          You sign in with a linked account, so there is no Parley password to change. To add one, use{" "}
          <a href={signInUrl}>“Forgot password” on the sign-in page</a> with your email address.
        </p>
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Password" description={description}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormField label="Current password" id="password-current" error={errors.currentPassword?.message}>
          <input
            id="password-current"
            type="password"
            autoComplete="current-password"
            {...fieldAria("password-current", errors.currentPassword?.message)}
            {...register("currentPassword")}
          />
        </FormField>
        <div className="form-row">
          <FormField
            label="New password"
            id="password-new"
            error={errors.newPassword?.message}
            hint={`${policy.minLength} to ${policy.maxLength} characters.`}
          >
            <input
              id="password-new"
              type="password"
              autoComplete="new-password"
              {...fieldAria("password-new", errors.newPassword?.message, true)}
              {...register("newPassword")}
            />
          </FormField>
          <FormField
            label="Confirm new password"
            id="password-confirm"
            error={errors.confirmPassword?.message}
          >
            <input
              id="password-confirm"
              type="password"
              autoComplete="new-password"
              {...fieldAria("password-confirm", errors.confirmPassword?.message)}
              {...register("confirmPassword")}
            />
          </FormField>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register("revokeOtherSessions")} />
          <span>
            Sign out of other devices
            <span className="checkbox-hint">Everywhere except this browser.</span>
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
            {isSubmitting ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
