import { zodResolver } from "@hookform/resolvers/zod";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useServerText, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type Notice, SectionCard, SettingsForm } from "../../../components/SectionCard";
import type { AuthUser } from "../../session/public";
import { authClient, useAuthErrorText, useSession } from "../../session/public";
import { type ProfileInput, profileSchema } from "../schemas";

export function ProfileSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation("account");
  const authErrorText = useAuthErrorText();
  const serverText = useServerText();
  const { reload } = useSession();
  const [notice, setNotice] = useState<Notice | null>(null);
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
      setNotice({ tone: "success", text: t("profile.saved") });
    } catch (error) {
      setNotice({ tone: "error", text: authErrorText(error).message });
    }
  });

  const nameError = errors.name?.message ? serverText(errors.name.message) : undefined;

  return (
    <SectionCard title={t("profile.title")} description={t("profile.description")}>
      <SettingsForm
        onSubmit={onSubmit}
        busy={isSubmitting}
        disabled={!isDirty}
        submitLabel={t("profile.save")}
        busyLabel={t("profile.saving")}
        notice={notice}
      >
        <Field label={t("profile.name")} id="profile-name" error={nameError}>
          <input
            id="profile-name"
            type="text"
            autoComplete="name"
            dir="auto"
            {...fieldAria("profile-name", nameError)}
            {...register("name", { onChange: () => setNotice(null) })}
          />
        </Field>
      </SettingsForm>
    </SectionCard>
  );
}
