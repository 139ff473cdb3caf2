import { fieldAria } from "@parley/ui/components/Field";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { TextField, useSettingsForm } from "./fields";

/**
 * A write-only API key in the settings form (the AI model's, the embeddings endpoint's): a stored
 * key shows only its last four characters with Replace / Remove; otherwise a password input.
 * `actionName` holds what saving does with it (keep, replace, remove; see key-form.ts).
 */
export function KeyField({
  name,
  actionName,
  label,
  hint,
  hasApiKey,
  apiKeyLast4,
  placeholder,
}: {
  name: "apiKey" | "embeddingsApiKey";
  actionName: "apiKeyAction" | "embeddingsKeyAction";
  label: string;
  hint: string;
  hasApiKey: boolean;
  apiKeyLast4: string | null;
  placeholder: string;
}) {
  const { t } = useTranslation("builder");
  const { register, watch, setValue, errors, formMessage } = useSettingsForm();
  const keyAction = watch(actionName);
  /** Sets what saving does with the stored key (a change the form then has to save). */
  const choose = (action: "keep" | "replace" | "remove") =>
    setValue(actionName, action, { shouldDirty: true });
  const keyError = formMessage(errors[name]?.message);
  const id = `settings-${name}`;

  return (
    <div className={`field${keyError ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
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
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => choose("replace")}>
              {t("settings.model.replace")}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose("remove")}>
              {t("settings.model.remove")}
            </button>
          </span>
        </div>
      ) : hasApiKey && keyAction === "remove" ? (
        <div className="key-stored key-removing">
          <span className="key-stored-text">{t("settings.model.removing")}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose("keep")}>
            {t("settings.model.undo")}
          </button>
        </div>
      ) : (
        <div className="key-input-row">
          <input
            id={id}
            type="password"
            // A key reads left to right in every language (its placeholder too).
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder={hasApiKey ? t("settings.model.pasteNewKey") : placeholder}
            {...fieldAria(id, keyError, true)}
            {...register(name, {
              onChange: (event: { target: { value: string } }) => {
                if (!hasApiKey) choose(event.target.value.trim() ? "replace" : "keep");
              },
            })}
          />
          {hasApiKey ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setValue(name, "");
                choose("keep");
              }}
            >
              {t("settings.model.keepKey")}
            </button>
          ) : null}
        </div>
      )}
      {keyError ? (
        <p id={`${id}-error`} className="field-error">
          {keyError}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * An OpenAI-compatible endpoint in the settings form (the AI model's, the embeddings'): its address,
 * the model's name and the write-only key, worded from `settings.<section>.*`.
 */
export function EndpointFields({
  section,
  names,
  modelPlaceholder,
  hasApiKey,
  apiKeyLast4,
  ltr = false,
}: {
  section: "model" | "embeddings";
  names: {
    baseUrl: "baseUrl" | "embeddingsBaseUrl";
    model: "modelName" | "embeddingsModel";
    apiKey: "apiKey" | "embeddingsApiKey";
    keyAction: "apiKeyAction" | "embeddingsKeyAction";
  };
  modelPlaceholder: string;
  hasApiKey: boolean;
  apiKeyLast4: string | null;
  /** The address and the model's name left to right in every language. */
  ltr?: boolean;
}) {
  const { t } = useTranslation("builder");
  return (
    <>
      <TextField
        name={names.baseUrl}
        label={t(`settings.${section}.baseUrl`)}
        type="url"
        ltr={ltr}
        optional
        // i18n-ignore: an address, the same in every language
        placeholder="https://api.openai.com/v1"
        hint={t(`settings.${section}.baseUrlHint`)}
      />
      <TextField
        name={names.model}
        label={t(`settings.${section}.model`)}
        ltr={ltr}
        optional
        placeholder={modelPlaceholder}
        hint={t(`settings.${section}.modelHint`)}
      />
      <KeyField
        name={names.apiKey}
        actionName={names.keyAction}
        label={t(`settings.${section}.apiKey`)}
        hint={t(`settings.${section}.keyHint`)}
        hasApiKey={hasApiKey}
        apiKeyLast4={apiKeyLast4}
        // i18n-ignore: the format of an API key, not words
        placeholder="sk-…"
      />
    </>
  );
}
