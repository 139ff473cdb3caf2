import { zodResolver } from "@hookform/resolvers/zod";
import type { Chatbot } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { Dialog } from "@parley/ui/components/Dialog";
import { useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useBlocker } from "react-router-dom";
import { ErrorNotice } from "../../../../components/ErrorNotice";
import { isApiError } from "../../../../lib/api";
import { useAccess, useCan } from "../../../workspaces/public";
import { useUpdateChatbot } from "../../api";
import { WhatsappCard } from "../../channels/WhatsappCard";
import {
  formPathForServer,
  formValuesFromBot,
  type SettingsFormValues,
  settingsFormSchema,
  toUpdate,
} from "../../settings-form";
import { useToast } from "../Toast";
import { DangerZone } from "./DangerZone";
import { EmbeddingsFields } from "./EmbeddingsFields";
import { BuilderSection, NumberField, SuggestedQuestionsField, Switch, TextField } from "./fields";
import { GreetingBubbleFields } from "./GreetingBubbleFields";
import { DefaultLanguageTexts, FallbackReplyHint, LanguagesSection } from "./LanguageFields";
import { LiveChatSection } from "./LiveChatFields";
import { ModelFields } from "./ModelFields";
import { ThemeFields } from "./ThemeFields";

export function SettingsTab({ bot }: { bot: Chatbot }) {
  const { t } = useTranslation("builder");
  // Owners and admins change the settings; agents read them (the notice says so once the role is known).
  const access = useAccess("bots:write");
  const readOnly = access !== "yes";
  // Messaging channels (WhatsApp numbers): owners and admins, as the API's channels:manage.
  const canManageChannels = useCan("channels:manage");
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
      toast(t("settings.saved"));
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
          {access === "no" ? (
            <div className="alert alert-info" role="status">
              {t("settings.readOnly")}
            </div>
          ) : null}
          {/* An agent reads the settings; the API refuses their changes in any case. */}
          <fieldset disabled={readOnly} className="builder-settings-fieldset">
            <BuilderSection
              title={t("settings.conversation.title")}
              description={t("settings.conversation.description")}
            >
              <TextField
                name="name"
                label={t("settings.conversation.name")}
                hint={t("settings.conversation.nameHint")}
              />
              {/* Speaking two languages: these are edited beside the other language's, under Languages. */}
              <DefaultLanguageTexts>
                <TextField
                  name="greeting"
                  label={t("settings.conversation.greeting")}
                  multiline
                  rows={2}
                  optional
                  hint={t("settings.conversation.greetingHint")}
                />
                <SuggestedQuestionsField />
                <TextField
                  name="fallbackReply"
                  label={t("settings.conversation.fallback")}
                  multiline
                  rows={3}
                  hint={<FallbackReplyHint hint={t("settings.conversation.fallbackHint")} />}
                />
              </DefaultLanguageTexts>
            </BuilderSection>

            <LanguagesSection />

            <BuilderSection
              title={t("settings.answers.title")}
              description={t("settings.answers.description")}
            >
              <ModelFields hasApiKey={bot.model.hasApiKey} apiKeyLast4={bot.model.apiKeyLast4} />
              <TextField
                name="instructions"
                label={t("settings.answers.instructions")}
                multiline
                rows={6}
                hint={t("settings.answers.instructionsHint")}
              />
            </BuilderSection>

            <BuilderSection
              title={t("settings.embeddings.title")}
              description={t("settings.embeddings.description")}
            >
              <EmbeddingsFields bot={bot} readOnly={readOnly} />
            </BuilderSection>

            <LiveChatSection />

            <BuilderSection title={t("settings.widget.title")} description={t("settings.widget.description")}>
              <ThemeFields />
              <GreetingBubbleFields />
            </BuilderSection>

            <BuilderSection
              title={t("settings.visitors.title")}
              description={t("settings.visitors.description")}
            >
              <Switch
                label={t("settings.visitors.published")}
                hint={t("settings.visitors.publishedHint")}
                name="published"
              />
              <Switch
                label={t("settings.visitors.leadCapture")}
                hint={t("settings.visitors.leadCaptureHint")}
                name="leadCapture"
              />
              <NumberField name="retentionDays" />
            </BuilderSection>

            {readOnly ? null : (
              <div className="save-bar" data-dirty={isDirty || undefined}>
                <div className="save-bar-inner">
                  <span className="save-bar-status" aria-live="polite">
                    {isDirty ? t("settings.saveBar.unsaved") : t("settings.saveBar.allSaved")}
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
                      {t("settings.saveBar.discard")}
                    </button>
                    <Button
                      type="submit"
                      variant="primary"
                      size="sm"
                      disabled={!isDirty}
                      busy={isSubmitting}
                      busyLabel={t("settings.saveBar.saving")}
                    >
                      {t("settings.saveBar.save")}
                    </Button>
                  </div>
                </div>
                {failure ? (
                  <div className="save-bar-error">
                    <ErrorNotice error={failure} />
                  </div>
                ) : null}
              </div>
            )}
          </fieldset>
        </form>
      </FormProvider>

      {canManageChannels ? <WhatsappCard bot={bot} /> : null}

      {readOnly ? null : <DangerZone bot={bot} />}

      <Dialog
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        role="alertdialog"
        title={t("settings.leave.title")}
        description={t("settings.leave.description")}
      >
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={() => blocker.reset?.()}>
            {t("settings.leave.keepEditing")}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => blocker.proceed?.()}>
            {t("settings.leave.discard")}
          </button>
        </div>
      </Dialog>
    </>
  );
}
