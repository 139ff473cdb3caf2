import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField, fieldAria } from "../../../components/FormField";
import { describeAuthError } from "../../session/auth-errors";
import { authClient } from "../../session/runtime";
import { useSession } from "../../session/session-context";
import type { AuthUser } from "../../session/session-data";
import { type ProfileInput, profileSchema } from "../schemas";
import { FormNotice, SectionCard } from "./SectionCard";

export function ProfileSection({ user }: { user: AuthUser }) {
  const { reload } = useSession();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput>({ resolver: zodResolver(profileSchema), defaultValues: { name: user.name } });

  const onSubmit = handleSubmit(async ({ name }) => {
    setNotice(null);
    try {
      await authClient.updateUser({ name });
      await reload();
      reset({ name });
      setNotice({ tone: "success", text: "Your name was saved." });
    } catch (error) {
      setNotice({ tone: "error", text: describeAuthError(error).message });
    }
  });

  return (
    <SectionCard
      title="Profile"
      description="Your name appears in the app and on receipts and replies from our team."
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormField label="Name" id="profile-name" error={errors.name?.message}>
          <input
            id="profile-name"
            type="text"
            autoComplete="name"
            {...fieldAria("profile-name", errors.name?.message)}
            {...register("name", { onChange: () => setNotice(null) })}
          />
        </FormField>
        {notice ? <FormNotice tone={notice.tone}>{notice.text}</FormNotice> : null}
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? <span className="spinner" aria-hidden="true" /> : null}
            {isSubmitting ? "Saving…" : "Save name"}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
