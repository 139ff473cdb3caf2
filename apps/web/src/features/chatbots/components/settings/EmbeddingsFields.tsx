import type { Chatbot, EmbeddingsTestResult } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import { ErrorNotice } from "../../../../components/ErrorNotice";
import { useTestEmbeddings } from "../../api";
import { embeddingsTestBody } from "../../embeddings-form";
import type { SettingsFormValues } from "../../settings-form";
import { EndpointFields } from "./KeyField";

/**
 * The bot's own embeddings endpoint (semantic search), beside the answer engine: address, model
 * and write-only key, and "Test connection", which tries what is typed before it is saved.
 */
export function EmbeddingsFields({ bot, readOnly }: { bot: Chatbot; readOnly: boolean }) {
  const { t } = useTranslation("builder");
  const { getValues, trigger } = useFormContext<SettingsFormValues>();
  const test = useTestEmbeddings(bot._id);

  const run = async () => {
    // The address must at least be one before it is tried.
    if (!(await trigger(["embeddingsBaseUrl", "embeddingsModel", "embeddingsApiKey"]))) return;
    test.mutate(embeddingsTestBody(getValues()));
  };

  return (
    <>
      <EndpointFields
        section="embeddings"
        names={{
          baseUrl: "embeddingsBaseUrl",
          model: "embeddingsModel",
          apiKey: "embeddingsApiKey",
          keyAction: "embeddingsKeyAction",
        }}
        // i18n-ignore: a model id, the same in every language
        modelPlaceholder="text-embedding-3-small"
        hasApiKey={bot.embeddings.hasApiKey}
        apiKeyLast4={null}
        ltr
      />
      {readOnly ? null : (
        <div className="embeddings-test">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void run()}
            busy={test.isPending}
            busyLabel={t("settings.embeddings.testing")}
          >
            {t("settings.embeddings.test")}
          </Button>
          <div className="embeddings-test-result" aria-live="polite">
            {test.data ? <TestResult result={test.data} /> : null}
            {test.error ? <ErrorNotice error={test.error} /> : null}
          </div>
        </div>
      )}
    </>
  );
}

function TestResult({ result }: { result: EmbeddingsTestResult }) {
  const { t } = useTranslation("builder");
  if (result.ok)
    return (
      <p className="embeddings-test-ok" data-testid="embeddings-test-result">
        <span className="key-dot" aria-hidden="true" />
        {t("settings.embeddings.ok", { dimensions: result.dimensions, ms: result.latencyMs })}
      </p>
    );
  return (
    <p className="embeddings-test-failed" data-testid="embeddings-test-result">
      {t(`settings.embeddings.failures.${result.code}`, { status: result.status ?? "" })}
    </p>
  );
}
