import { zodResolver } from "@hookform/resolvers/zod";
import type { Chatbot } from "@parley/contracts";
import { workspaceCan } from "@parley/contracts";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm, useFormContext } from "react-hook-form";
import { useBlocker } from "react-router-dom";
import { isApiError } from "../../../../app/api";
import { FormField, fieldAria } from "../../../../components/FormField";
import { Modal } from "../../../../components/Modal";
import { useSession } from "../../../session/session-context";
import { useUpdateChatbot } from "../../api";
import {
  formPathForServer,
  formValuesFromBot,
  type SettingsFormValues,
  settingsFormSchema,
  toUpdate,
} from "../../settings-form";
import { ErrorNotice } from "../ErrorNotice";
import { useToast } from "../Toast";
import { DangerZone } from "./DangerZone";
import { BuilderSection, SuggestedQuestionsField, Switch, TextField } from "./fields";
import { GreetingBubbleFields } from "./GreetingBubbleFields";
import { ModelFields } from "./ModelFields";
import { ThemeFields } from "./ThemeFields";

export function SettingsTab({ bot }: { bot: Chatbot }) {
  const { workspace } = useSession();
  const readOnly = workspace !== null && !workspaceCan(workspace.role, "bots:write");
  const update = useUpdateChatbot(bot._id);
  const toast = useToast();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValuesFromBot(bot),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, isSubmitting, dirtyFields },
  } = form;

  // The bot changed elsewhere (published from the Embed tab): take the new values, keep edits.
  const seen = useRef(bot.updatedAt);
  useEffect(() => {
    if (seen.current === bot.updatedAt) return;
    seen.current = bot.updatedAt;
    reset(formValuesFromBot(bot), { keepDirtyValues: true });
  }, [bot, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(toUpdate(values, dirtyFields));
      seen.current = saved.updatedAt;
      reset(formValuesFromBot(saved));
      toast("Settings saved");
    } catch (error) {
      let placed = false;
      if (isApiError(error) && error.details) {
        for (const detail of error.details) {
          const path = formPathForServer(detail.path);
          if (!path) continue;
          setError(path, { type: "server", message: detail.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFailure(error);
    }
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      // Leaving because the bot was just deleted: there is nothing left to save.
      !(nextLocation.state as { deletedChatbot?: string } | null)?.deletedChatbot,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  return (
    <>
      <FormProvider {...form}>
        <form className="settings-stack builder-settings" onSubmit={onSubmit} noValidate>
          {readOnly ? (
            <div className="alert alert-info" role="status">
              You can read this chatbot's settings. Owners and admins of the workspace can change them.
            </div>
          ) : null}
          {/* An agent reads the settings; the API refuses their changes in any case. */}
          <fieldset disabled={readOnly} className="builder-settings-fieldset">
            <BuilderSection
              title="Conversation"
              description="What visitors see first, and what the bot says when your knowledge has no answer."
            >
              <TextField
                name="name"
                label="Chatbot name"
                hint="Visitors see it at the top of the chat window."
              />
              <TextField
                name="greeting"
                label="Greeting"
                multiline
                rows={2}
                optional
                hint="The first message in every chat."
              />
              <SuggestedQuestionsField />
              <TextField
                name="fallbackReply"
                label="Fallback reply"
                multiline
                rows={3}
                hint="Sent when nothing in your knowledge answers the question. Offer a way to reach you."
              />
            </BuilderSection>

            <BuilderSection
              title="Answers"
              description="Choose how answers are written. Every engine answers only from your knowledge and cites it."
            >
              <ModelFields hasApiKey={bot.model.hasApiKey} apiKeyLast4={bot.model.apiKeyLast4} />
              <TextField
                name="instructions"
                label="Instructions"
                multiline
                rows={6}
                hint="For AI models: tone, what to avoid, when to hand over to a person. Up to 8,000 characters."
              />
            </BuilderSection>

            <BuilderSection title="Widget" description="How the chat launcher looks on your website.">
              <ThemeFields />
              <GreetingBubbleFields />
            </BuilderSection>

            <BuilderSection
              title="Visitors and data"
              description="What the widget asks of visitors, how long chats are kept, and whether it answers at all."
            >
              <Switch
                label="Published"
                hint="When off, the widget on your site doesn't answer. The playground always works."
                name="published"
              />
              <Switch
                label="Ask for contact details"
                hint="The widget asks visitors for their name and e-mail, so your team can follow up."
                name="leadCapture"
              />
              <RetentionField />
            </BuilderSection>

            <div className="save-bar" data-dirty={isDirty || undefined}>
              <div className="save-bar-inner">
                <span className="save-bar-status" aria-live="polite">
                  {isDirty ? "Unsaved changes" : "All changes saved"}
                </span>
                <div className="save-bar-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={!isDirty || isSubmitting}
                    onClick={() => {
                      setFailure(null);
                      reset(formValuesFromBot(bot));
                    }}
                  >
                    Discard
                  </button>
                  <button
                    type="submit"
                    className="btn btn-primary btn-sm"
                    disabled={!isDirty || isSubmitting}
                  >
                    {isSubmitting ? <span className="spinner" aria-hidden="true" /> : null}
                    {isSubmitting ? "Saving…" : "Save changes"}
                  </button>
                </div>
              </div>
              {failure ? (
                <div className="save-bar-error">
                  <ErrorNotice error={failure} />
                </div>
              ) : null}
            </div>
          </fieldset>
        </form>
      </FormProvider>

      {readOnly ? null : <DangerZone bot={bot} />}

      <Modal
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        role="alertdialog"
        title="Leave without saving?"
        description="Your changes to this chatbot's settings haven't been saved."
      >
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={() => blocker.reset?.()}>
            Keep editing
          </button>
          <button type="button" className="btn btn-danger" onClick={() => blocker.proceed?.()}>
            Discard changes
          </button>
        </div>
      </Modal>
    </>
  );
}

function RetentionField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<SettingsFormValues>();
  const error = errors.retentionDays?.message;
  return (
    <FormField
      label="Keep conversations for"
      id="settings-retentionDays"
      error={error}
      hint="Visitor conversations, and any contact details in them, are deleted after this many days."
    >
      <div className="input-suffix">
        <input
          id="settings-retentionDays"
          type="number"
          min={1}
          max={3650}
          inputMode="numeric"
          {...fieldAria("settings-retentionDays", error, true)}
          {...register("retentionDays", { valueAsNumber: true })}
        />
        <span className="input-suffix-text">days</span>
      </div>
    </FormField>
  );
}
