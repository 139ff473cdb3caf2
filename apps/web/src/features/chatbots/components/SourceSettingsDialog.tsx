import { zodResolver } from "@hookform/resolvers/zod";
import type { KnowledgeSource } from "@parley/contracts";
import { Dialog } from "@parley/ui/components/Dialog";
import { Ltr, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { DialogFormActions } from "../../../components/DialogFormActions";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { useSourceSyncs, useUpdateSource } from "../api";
import {
  type RulesFormInput,
  type RulesFormValues,
  rulesFormDefaults,
  rulesFormSchema,
  rulesPatch,
  ruleText,
} from "../source-sync";
import { useWords } from "../words";
import { applyServerErrors } from "./source-form/shared";
import { WebsiteRulesFields } from "./source-form/WebsiteRulesFields";

interface SourceSettingsDialogProps {
  chatbotId: string;
  /** The website source being edited; null: the dialog is closed. */
  source: KnowledgeSource | null;
  onClose: () => void;
}

/** A website source's path rules and re-sync schedule, changed after it was added. */
export function SourceSettingsDialog({ chatbotId, source, onClose }: SourceSettingsDialogProps) {
  const { t } = useTranslation("builder");
  const update = useUpdateSource(chatbotId);
  return (
    <Dialog
      open={source !== null}
      onClose={onClose}
      dismissible={!update.isPending}
      size="md"
      title={t("syncSettings.title")}
      description={source?.url ? <Ltr className="source-settings-url">{source.url}</Ltr> : undefined}
    >
      {source ? (
        // A fresh form for each source opened, starting from what it has now.
        <SettingsForm
          key={source._id}
          chatbotId={chatbotId}
          source={source}
          update={update}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function SettingsForm({
  chatbotId,
  source,
  update,
  onClose,
}: {
  chatbotId: string;
  source: KnowledgeSource;
  update: ReturnType<typeof useUpdateSource>;
  onClose: () => void;
}) {
  const { t } = useTranslation("builder");
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<RulesFormInput, unknown, RulesFormValues>({
    resolver: zodResolver(rulesFormSchema),
    defaultValues: rulesFormDefaults(source),
  });
  const busy = form.formState.isSubmitting || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const patch = rulesPatch(source, values);
    if (!patch) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ sourceId: source._id, patch });
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, ["include", "exclude", "resync"], form.setError)) setFailure(error);
    }
  });

  return (
    <FormProvider {...form}>
      <form className="form source-settings" onSubmit={submit} noValidate>
        <p className="source-settings-lead">{t("syncSettings.lead")}</p>
        <WebsiteRulesFields idPrefix={`edit-${source._id}`} />
        <LastRules chatbotId={chatbotId} source={source} />
        <p className="source-settings-note">{t("syncSettings.rulesLater")}</p>
        <ErrorNotice error={failure} />
        <DialogFormActions
          busy={busy}
          onCancel={onClose}
          cancelLabel={t("syncSettings.cancel")}
          submitLabel={t("syncSettings.save")}
          busyLabel={t("syncSettings.saving")}
        />
      </form>
    </FormProvider>
  );
}

/** What each path rule did at the last finished sync ("/blog/ 2 pages left out"); nothing before one. */
function LastRules({ chatbotId, source }: { chatbotId: string; source: KnowledgeSource }) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const syncs = useSourceSyncs(chatbotId, source, true);
  const rules = syncs.data?.find((sync) => sync.finishedAt !== null)?.rules ?? [];
  if (rules.length === 0) return null;
  return (
    <div className="source-settings-rules">
      <p>{t("syncSettings.lastRules")}</p>
      <dl>
        {rules.map((rule) => (
          <div key={`${rule.kind}:${rule.pattern}`} data-kind={rule.kind}>
            <dt>
              <Ltr>{rule.pattern}</Ltr>
            </dt>
            <dd>{ruleText(rule, words)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
