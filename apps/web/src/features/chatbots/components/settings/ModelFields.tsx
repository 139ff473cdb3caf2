import { Field, fieldAria } from "@parley/ui/components/Field";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import { useFormMessage } from "../../form-message";
import { type SettingsFormValues, temperatureLabel } from "../../settings-form";
import { TextField } from "./fields";

/** Which engine answers: the built-in extractive engine, or an OpenAI-compatible endpoint. */
export function ModelFields({ hasApiKey, apiKeyLast4 }: { hasApiKey: boolean; apiKeyLast4: string | null }) {
  const { t } = useTranslation("builder");
  const formMessage = useFormMessage();
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = useFormContext<SettingsFormValues>();
  const provider = watch("provider");
  const temperature = watch("temperature");
  const keyAction = watch("apiKeyAction");
  const keyError = formMessage(errors.apiKey?.message);
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
          <div className={`field${keyError ? " field-invalid" : ""}`}>
            <label htmlFor="settings-apiKey">{t("settings.model.apiKey")}</label>
            {hasApiKey && keyAction === "keep" ? (
              <div className="key-stored">
                <span className="key-stored-text">
                  <span className="key-dot" aria-hidden="true" />
                  {apiKeyLast4 ? (
                    <Trans
                      t={t}
                      i18nKey="settings.model.keyStored"
                      values={{ last4: apiKeyLast4 }}
                      components={{ code: <code className="key-last4" dir="ltr" /> }}
                    />
                  ) : (
                    t("settings.model.aKeyIsStored")
                  )}{" "}
                  {t("settings.model.encrypted")}
                </span>
                <span className="key-stored-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => setValue("apiKeyAction", "replace", { shouldDirty: true })}
                  >
                    {t("settings.model.replace")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setValue("apiKeyAction", "remove", { shouldDirty: true })}
                  >
                    {t("settings.model.remove")}
                  </button>
                </span>
              </div>
            ) : hasApiKey && keyAction === "remove" ? (
              <div className="key-stored key-removing">
                <span className="key-stored-text">{t("settings.model.removing")}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setValue("apiKeyAction", "keep", { shouldDirty: true })}
                >
                  {t("settings.model.undo")}
                </button>
              </div>
            ) : (
              <div className="key-input-row">
                <input
                  id="settings-apiKey"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  // i18n-ignore: the format of an API key, not words
                  placeholder={hasApiKey ? t("settings.model.pasteNewKey") : "sk-…"}
                  {...fieldAria("settings-apiKey", keyError, true)}
                  {...register("apiKey", {
                    onChange: (event: { target: { value: string } }) => {
                      if (!hasApiKey)
                        setValue("apiKeyAction", event.target.value.trim() ? "replace" : "keep", {
                          shouldDirty: true,
                        });
                    },
                  })}
                />
                {hasApiKey ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => {
                      setValue("apiKey", "");
                      setValue("apiKeyAction", "keep", { shouldDirty: true });
                    }}
                  >
                    {t("settings.model.keepKey")}
                  </button>
                ) : null}
              </div>
            )}
            {keyError ? (
              <p id="settings-apiKey-error" className="field-error">
                {keyError}
              </p>
            ) : (
              <p id="settings-apiKey-hint" className="field-hint">
                {t("settings.model.keyHint")}
              </p>
            )}
          </div>

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
