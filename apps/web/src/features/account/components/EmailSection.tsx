import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField, fieldAria } from "../../../components/FormField";
import { describeAuthError } from "../../session/auth-errors";
import { authClient } from "../../session/runtime";
import { useSession } from "../../session/session-context";
import type { AuthUser } from "../../session/session-data";
import { type ChangeEmailInput, changeEmailSchema } from "../schemas";
import { FormNotice, SectionCard } from "./SectionCard";

type Sent = { verifiedBefore: boolean; from: string; to: string };

/**
 * Spec §4: a verified address is changed only after the old address approves and the new one is
 * verified (links by e-mail); an unverified address changes at once and the new one gets a
 * verification e-mail. Either way the user is told to check their inbox.
 */
export function EmailSection({ user }: { user: AuthUser }) {
  const { reload } = useSession();
  const [sent, setSent] = useState<Sent | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => changeEmailSchema(user.email), [user.email]);
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
      const human = describeAuthError(error);
      if (human.field === "email") setError("newEmail", { message: human.message });
      else setFormError(human.message);
    }
  });

  return (
    <SectionCard
      title="Email address"
      description="Where we send sign-in links, receipts and security notices. Changing it takes a confirmation by email."
    >
      <div className="settings-current">
        <span className="settings-current-label">Current email</span>
        <span className="settings-current-value">
          {user.email}
          {user.emailVerified ? (
            <span className="status-pill status-active">Verified</span>
          ) : (
            <span className="status-pill status-past_due">Not verified</span>
          )}
        </span>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormField label="New email" id="email-new" error={errors.newEmail?.message}>
          <input
            id="email-new"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...fieldAria("email-new", errors.newEmail?.message)}
            {...register("newEmail")}
          />
        </FormField>
        {sent ? (
          <FormNotice tone="success">
            <strong>Check your inbox.</strong>{" "}
            {sent.verifiedBefore
              ? `We sent a link to ${sent.from} to approve the change. After that, we'll send a link to ${sent.to} to confirm the new address.`
              : `Your email is now ${sent.to}. We sent a link there to verify it.`}
          </FormNotice>
        ) : null}
        {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
            {isSubmitting ? <span className="spinner" aria-hidden="true" /> : null}
            {isSubmitting ? "Sending…" : "Change email"}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
