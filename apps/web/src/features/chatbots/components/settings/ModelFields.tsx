import { ANSWER_CAUTIONS } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import { type SettingsFormValues, temperatureLabel } from "../../settings-form";
import { Choice, ChoiceGroup, NumberField } from "./fields";
import { EndpointFields } from "./KeyField";

/** Which engine answers: the built-in extractive engine, or an OpenAI-compatible endpoint. */
export function ModelFields({ hasApiKey, apiKeyLast4 }: { hasApiKey: boolean; apiKeyLast4: string | null }) {
  const { t } = useTranslation("builder");
  const { register, watch } = useFormContext<SettingsFormValues>();
  const provider = watch("provider");
  const temperature = watch("temperature");

  return (
    <>
      <ChoiceGroup
        legend={t("settings.model.engine")}
        control={register("provider")}
        choices={[
          { value: "builtin", title: t("settings.model.builtin"), hint: t("settings.model.builtinHint") },
          {
            value: "openai-compatible",
            title: t("settings.model.openai"),
            hint: t("settings.model.openaiHint"),
          },
        ]}
      />

      {/* The AI model decides for itself when it does not know: caution is the built-in engine's. */}
      {provider === "builtin" ? <CautionField /> : null}

      {provider === "openai-compatible" ? (
        <div className="model-fields">
          <EndpointFields
            section="model"
            names={{ baseUrl: "baseUrl", model: "modelName", apiKey: "apiKey", keyAction: "apiKeyAction" }}
            // i18n-ignore: a model id, the same in every language
            modelPlaceholder="gpt-4o-mini"
            hasApiKey={hasApiKey}
            apiKeyLast4={apiKeyLast4}
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
            <NumberField name="maxAnswerTokens" />
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
        <Choice
          key={caution}
          value={caution}
          title={t(`settings.caution.${caution}.title`)}
          hint={t(`settings.caution.${caution}.hint`)}
          control={register("caution")}
        />
      ))}
    </fieldset>
  );
}
