import { ANSWER_CAUTIONS } from "@parley/contracts";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import { useFormMessage } from "../../form-message";
import { type SettingsFormValues, temperatureLabel } from "../../settings-form";
import { TextField } from "./fields";
import { KeyField } from "./KeyField";

/** Which engine answers: the built-in extractive engine, or an OpenAI-compatible endpoint. */
export function ModelFields({ hasApiKey, apiKeyLast4 }: { hasApiKey: boolean; apiKeyLast4: string | null }) {
  const { t } = useTranslation("builder");
  const formMessage = useFormMessage();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<SettingsFormValues>();
  const provider = watch("provider");
  const temperature = watch("temperature");
  const tokensError = formMessage(errors.maxAnswerTokens?.message);

  return (
    <>
      <fieldset className="field choice-field">
        <legend className="field-legend">{t("settings.model.engine")}</legend>
        <label className="choice">
          <input type="radio" value="builtin" {...register("provider")} />
          <span className="choice-text">
            <span className="choice-title">{t("settings.model.builtin")}</span>
            <span className="choice-hint">{t("settings.model.builtinHint")}</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" value="openai-compatible" {...register("provider")} />
          <span className="choice-text">
            <span className="choice-title">{t("settings.model.openai")}</span>
            <span className="choice-hint">{t("settings.model.openaiHint")}</span>
          </span>
        </label>
      </fieldset>

      {/* The AI model decides for itself when it does not know: caution is the built-in engine's. */}
      {provider === "builtin" ? <CautionField /> : null}

      {provider === "openai-compatible" ? (
        <div className="model-fields">
          <TextField
            name="baseUrl"
            label={t("settings.model.baseUrl")}
            type="url"
            optional
            // i18n-ignore: an address, the same in every language
            placeholder="https://api.openai.com/v1"
            hint={t("settings.model.baseUrlHint")}
          />
          <TextField
            name="modelName"
            label={t("settings.model.model")}
            optional
            // i18n-ignore: a model id, the same in every language
            placeholder="gpt-4o-mini"
            hint={t("settings.model.modelHint")}
          />
          <KeyField
            name="apiKey"
            actionName="apiKeyAction"
            label={t("settings.model.apiKey")}
            hint={t("settings.model.keyHint")}
            hasApiKey={hasApiKey}
            apiKeyLast4={apiKeyLast4}
            // i18n-ignore: the format of an API key, not words
            placeholder="sk-…"
          />

          <div className="form-row">
            <div className="field">
              <label htmlFor="settings-temperature" className="range-label">
                {t("settings.model.temperature")}
                <output htmlFor="settings-temperature" className="range-value">
                  {temperature.toFixed(1)} · {t(`settings.model.${temperatureLabel(temperature)}`)}
                </output>
              </label>
              <input
                id="settings-temperature"
                type="range"
                min={0}
                max={2}
                step={0.1}
                className="range"
                aria-describedby="settings-temperature-hint"
                {...register("temperature", { valueAsNumber: true })}
              />
              <p id="settings-temperature-hint" className="field-hint">
                {t("settings.model.temperatureHint")}
              </p>
            </div>
            <Field
              label={t("settings.model.maxLength")}
              id="settings-maxAnswerTokens"
              error={tokensError}
              hint={t("settings.model.maxLengthHint")}
            >
              <input
                id="settings-maxAnswerTokens"
                type="number"
                min={50}
                max={4000}
                step={50}
                inputMode="numeric"
                {...fieldAria("settings-maxAnswerTokens", tokensError, true)}
                {...register("maxAnswerTokens", { valueAsNumber: true })}
              />
            </Field>
          </div>
        </div>
      ) : null}
    </>
  );
}

/**
 * How sure the built-in engine must be before it answers: three steps of its confidence threshold
 * (the API's `model.caution`), worded as the trade-off the owner makes.
 */
function CautionField() {
  const { t } = useTranslation("builder");
  const { register } = useFormContext<SettingsFormValues>();
  return (
    <fieldset className="field choice-field caution-field" aria-describedby="settings-caution-hint">
      <legend className="field-legend">{t("settings.caution.legend")}</legend>
      <p id="settings-caution-hint" className="field-hint">
        {t("settings.caution.hint")}
      </p>
      {ANSWER_CAUTIONS.map((caution) => (
        <label key={caution} className="choice">
          <input type="radio" value={caution} {...register("caution")} />
          <span className="choice-text">
            <span className="choice-title">{t(`settings.caution.${caution}.title`)}</span>
            <span className="choice-hint">{t(`settings.caution.${caution}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
