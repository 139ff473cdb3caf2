import { useFormContext } from "react-hook-form";
import { FormField, fieldAria } from "../../../../components/FormField";
import { type SettingsFormValues, temperatureLabel } from "../../settings-form";
import { TextField } from "./fields";

/** Which engine answers: the built-in extractive engine, or an OpenAI-compatible endpoint. */
export function ModelFields({ hasApiKey, apiKeyLast4 }: { hasApiKey: boolean; apiKeyLast4: string | null }) {
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = useFormContext<SettingsFormValues>();
  const provider = watch("provider");
  const temperature = watch("temperature");
  const keyAction = watch("apiKeyAction");
  const keyError = errors.apiKey?.message;

  return (
    <>
      <fieldset className="field choice-field">
        <legend className="field-legend">Answer engine</legend>
        <label className="choice">
          <input type="radio" value="builtin" {...register("provider")} />
          <span className="choice-text">
            <span className="choice-title">Built-in (no AI key needed)</span>
            <span className="choice-hint">
              Answers by quoting the best-matching passages of your knowledge, and cites them. It never makes
              things up, and it doesn't follow custom instructions.
            </span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" value="openai-compatible" {...register("provider")} />
          <span className="choice-text">
            <span className="choice-title">OpenAI-compatible model</span>
            <span className="choice-hint">
              OpenAI, OpenRouter, Ollama, vLLM, LM Studio or any /chat/completions endpoint. Writes answers in
              its own words from your knowledge, following your instructions.
            </span>
          </span>
        </label>
      </fieldset>

      {provider === "openai-compatible" ? (
        <div className="model-fields">
          <TextField
            name="baseUrl"
            label="Base URL"
            type="url"
            optional
            placeholder="https://api.openai.com/v1"
            hint="Leave empty to use the endpoint this Parley server is configured with."
          />
          <TextField
            name="modelName"
            label="Model"
            optional
            placeholder="gpt-4o-mini"
            hint="Leave empty to use the server's default model."
          />
          <div className={`field${keyError ? " field-invalid" : ""}`}>
            <label htmlFor="settings-apiKey">API key</label>
            {hasApiKey && keyAction === "keep" ? (
              <div className="key-stored">
                <span className="key-stored-text">
                  <span className="key-dot" aria-hidden="true" />
                  {apiKeyLast4 ? (
                    <>
                      Key stored: <code className="key-last4">•••• {apiKeyLast4}</code>
                    </>
                  ) : (
                    "A key is stored."
                  )}{" "}
                  It's encrypted and never shown again.
                </span>
                <span className="key-stored-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => setValue("apiKeyAction", "replace", { shouldDirty: true })}
                  >
                    Replace
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setValue("apiKeyAction", "remove", { shouldDirty: true })}
                  >
                    Remove
                  </button>
                </span>
              </div>
            ) : hasApiKey && keyAction === "remove" ? (
              <div className="key-stored key-removing">
                <span className="key-stored-text">The stored key will be removed when you save.</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setValue("apiKeyAction", "keep", { shouldDirty: true })}
                >
                  Undo
                </button>
              </div>
            ) : (
              <div className="key-input-row">
                <input
                  id="settings-apiKey"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={hasApiKey ? "Paste the new key" : "sk-…"}
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
                    Keep stored key
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
                Used only to answer for this chatbot and never sent back to the browser. Leave empty to use
                the server's key.
              </p>
            )}
          </div>

          <div className="form-row">
            <div className="field">
              <label htmlFor="settings-temperature" className="range-label">
                Temperature
                <output htmlFor="settings-temperature" className="range-value">
                  {temperature.toFixed(1)} · {temperatureLabel(temperature)}
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
                Lower keeps answers close to your knowledge; higher varies the wording.
              </p>
            </div>
            <FormField
              label="Max answer length"
              id="settings-maxAnswerTokens"
              error={errors.maxAnswerTokens?.message}
              hint="In tokens (about ¾ of a word each), 50 to 4,000."
            >
              <input
                id="settings-maxAnswerTokens"
                type="number"
                min={50}
                max={4000}
                step={50}
                inputMode="numeric"
                {...fieldAria("settings-maxAnswerTokens", errors.maxAnswerTokens?.message, true)}
                {...register("maxAnswerTokens", { valueAsNumber: true })}
              />
            </FormField>
          </div>
        </div>
      ) : null}
    </>
  );
}
