import { zodResolver } from "@hookform/resolvers/zod";
import { type Chatbot, chatbotCreateSchema, type SourceKind } from "@parley/contracts";
import { Dialog } from "@parley/ui/components/Dialog";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import { DialogFormActions } from "../../../components/DialogFormActions";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { useSubscriptionDetails } from "../../billing/public";
import { useSignedInUser } from "../../session/public";
import { useAddSource, useCreateChatbot } from "../api";
import { fileLimitMb } from "../chatbots";
import { useFormMessage } from "../form-message";
import { SourceForm, type SubmitSource } from "./SourceForm";

const nameSchema = z.object({ name: chatbotCreateSchema.shape.name });
type NameValues = z.infer<typeof nameSchema>;

interface CreateChatbotDialogProps {
  open: boolean;
  onClose: () => void;
  /** Preselects the kind of the first source (the quick start's tiles). */
  initialKind?: SourceKind;
}

/**
 * The quick start: name the bot (created at once, so a plan limit shows before any typing is
 * wasted), then give it one piece of knowledge, then land on its Knowledge tab to watch it being read.
 */
export function CreateChatbotDialog({ open, onClose, initialKind = "text" }: CreateChatbotDialogProps) {
  const { t } = useTranslation("builder");
  const [bot, setBot] = useState<Chatbot | null>(null);

  // A fresh start each time the dialog opens.
  useEffect(() => {
    if (open) setBot(null);
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size={bot ? "md" : "sm"}
      title={bot ? t("create.teachTitle", { name: bot.name }) : t("create.title")}
      description={bot ? t("create.teachDescription") : t("create.description")}
    >
      {bot ? (
        <FirstSourceStep bot={bot} initialKind={initialKind} />
      ) : (
        <NameStep onCreated={setBot} onCancel={onClose} />
      )}
    </Dialog>
  );
}

function NameStep({ onCreated, onCancel }: { onCreated: (bot: Chatbot) => void; onCancel: () => void }) {
  const { t } = useTranslation("builder");
  const formMessage = useFormMessage();
  const create = useCreateChatbot();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: { name: "" } });

  const nameError = formMessage(errors.name?.message);

  const submit = handleSubmit(async ({ name }) => {
    try {
      onCreated(await create.mutateAsync({ name }));
    } catch {
      // Shown below from the mutation's error (PLAN_LIMIT_REACHED links to billing).
    }
  });

  return (
    <form className="form create-form" onSubmit={submit} noValidate>
      <Field label={t("create.name")} id="create-name" error={nameError}>
        <input
          id="create-name"
          type="text"
          autoComplete="off"
          placeholder={t("create.namePlaceholder")}
          {...fieldAria("create-name", nameError)}
          {...register("name", { onChange: () => create.reset() })}
        />
      </Field>
      <ErrorNotice error={create.error} />
      <DialogFormActions
        busy={isSubmitting}
        onCancel={onCancel}
        cancelLabel={t("create.cancel")}
        submitLabel={t("create.continue")}
        busyLabel={t("create.creating")}
      />
    </form>
  );
}

function FirstSourceStep({ bot, initialKind }: { bot: Chatbot; initialKind: SourceKind }) {
  const { t } = useTranslation("builder");
  const navigate = useNavigate();
  // Lists are cached per workspace: another workspace never shows this one's bots.
  const { workspaceId: userId } = useSignedInUser();
  const subscription = useSubscriptionDetails(userId);
  const add = useAddSource(bot._id);
  const ref = useRef<HTMLDivElement>(null);
  const knowledgeUrl = `/chatbots/${encodeURIComponent(bot._id)}?tab=knowledge`;

  // The step replaced the name form: move focus into it rather than leaving it on a removed button.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, []);

  const submit: SubmitSource = async (draft, onUploadProgress) => {
    await add.mutateAsync({ draft, ...(onUploadProgress ? { onUploadProgress } : {}) });
    navigate(knowledgeUrl);
  };

  return (
    <div ref={ref} className="create-source">
      <SourceForm
        idPrefix="first-source"
        onSubmit={submit}
        fileLimitMb={fileLimitMb(subscription.data?.plan.tier)}
        submitLabel={t("create.addAndContinue")}
        initialKind={initialKind}
        secondary={
          <button type="button" className="btn btn-ghost" onClick={() => navigate(knowledgeUrl)}>
            {t("create.skip")}
          </button>
        }
      />
    </div>
  );
}
