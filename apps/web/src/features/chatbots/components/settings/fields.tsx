import { fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useId } from "react";
import { type UseFormRegisterReturn, useFieldArray, useFormContext } from "react-hook-form";
import { useFormMessage } from "../../form-message";
import { MAX_SUGGESTED_QUESTIONS, type SettingsFormValues } from "../../settings-form";
import { FormField, NumberFormField } from "../FormField";
import { PlusIcon, TrashIcon } from "../icons";

/** One settings block: the app's settings card (heading and explanation beside the fields). */
export { SectionCard as BuilderSection } from "../../../../components/SectionCard";

/** The settings form (from its provider), its fields' errors, and their wording for the reader. */
export function useSettingsForm() {
  const form = useFormContext<SettingsFormValues>();
  const formMessage = useFormMessage();
  return { ...form, errors: form.formState.errors, formMessage };
}

/** An on/off switch: a real checkbox (keyboard, forms, labels) announced as a switch. */
export function Switch({
  name,
  label,
  hint,
}: {
  name: "published" | "leadCapture" | "bubbleEnabled" | "handoffEnabled";
  label: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const { register, watch } = useFormContext<SettingsFormValues>();
  const on = watch(name);
  return (
    <div className="switch-row">
      <input id={id} type="checkbox" role="switch" aria-checked={on} className="switch" {...register(name)} />
      <label htmlFor={id} className="switch-label">
        {label}
        {hint ? <span className="checkbox-hint">{hint}</span> : null}
      </label>
    </div>
  );
}

export function SuggestedQuestionsField() {
  const { t } = useTranslation("builder");
  const { control, register, errors, formMessage } = useSettingsForm();
  const { fields, append, remove } = useFieldArray({ control, name: "suggestedQuestions" });
  const full = fields.length >= MAX_SUGGESTED_QUESTIONS;

  return (
    <fieldset className="field questions-field">
      <legend className="field-legend">
        {t("settings.questions.legend")}
        <span className="field-optional">
          {t("settings.questions.count", { used: fields.length, max: MAX_SUGGESTED_QUESTIONS })}
        </span>
      </legend>
      <p className="field-hint" id="questions-hint">
        {t("settings.questions.hint")}
      </p>
      {fields.length > 0 ? (
        <ol className="questions-list">
          {fields.map((field, index) => {
            const id = `question-${index}`;
            const error = formMessage(errors.suggestedQuestions?.[index]?.value?.message);
            return (
              <li key={field.id} className={`questions-item${error ? " field-invalid" : ""}`}>
                <div className="questions-row">
                  <input
                    id={id}
                    type="text"
                    aria-label={t("settings.questions.label", { number: index + 1 })}
                    placeholder={t("settings.questions.placeholder")}
                    {...fieldAria(id, error)}
                    {...register(`suggestedQuestions.${index}.value`)}
                  />
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-icon btn-icon-danger"
                    onClick={() => remove(index)}
                    aria-label={t("settings.questions.remove", { number: index + 1 })}
                  >
                    <TrashIcon size={16} />
                  </button>
                </div>
                {error ? (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => append({ value: "" })}
          disabled={full}
        >
          <PlusIcon size={16} />
          {t("settings.questions.add")}
        </button>
        {full ? <span className="field-hint questions-full">{t("settings.questions.full")}</span> : null}
      </div>
    </fieldset>
  );
}

/** A labelled text field bound to the settings form. */
export function TextField({
  name,
  label,
  hint,
  optional,
  multiline = false,
  rows,
  placeholder,
  type = "text",
  autoComplete,
  language,
  ltr = false,
}: {
  name:
    | "name"
    | "greeting"
    | "fallbackReply"
    | "instructions"
    | "launcherText"
    | "bubbleText"
    | "handoffReply"
    | "offHoursReply"
    | "modelName"
    | "baseUrl"
    | "embeddingsBaseUrl"
    | "embeddingsModel";
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  type?: "text" | "url";
  autoComplete?: string;
  /** The text's language (a bot text in the bot's language), read and typed in its direction. */
  language?: "en" | "ar";
  /** An address or an identifier (a model's name): left to right in every language. */
  ltr?: boolean;
}) {
  // A bot text of unknown language (the greeting, the instructions) reads in its own direction: an
  // English greeting on the Arabic page keeps "Hi! … today?" the right way round.
  const direction = language ? { lang: language, dir: language === "ar" ? "rtl" : "ltr" } : { dir: "auto" };
  return (
    <FormField<SettingsFormValues>
      name={name}
      id={`settings-${name}`}
      label={label}
      hint={hint}
      optional={optional}
    >
      {(control) =>
        multiline ? (
          <textarea {...direction} rows={rows} placeholder={placeholder} {...control} />
        ) : (
          <input
            type={type}
            placeholder={placeholder}
            autoComplete={autoComplete ?? "off"}
            dir={ltr ? "ltr" : undefined}
            {...control}
          />
        )
      }
    </FormField>
  );
}

/** One option of a radio group: its title and a line that explains it. */
export function Choice({
  value,
  title,
  hint,
  hintId,
  control,
}: {
  value: string;
  title: string;
  hint: string;
  /** An id for the explanation, which then describes the radio. */
  hintId?: string;
  control: UseFormRegisterReturn;
}) {
  return (
    <label className="choice">
      <input type="radio" value={value} aria-describedby={hintId} {...control} />
      <span className="choice-text">
        <span className="choice-title">{title}</span>
        <span className="choice-hint" id={hintId}>
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A set of radio choices for one setting, under its legend. */
export function ChoiceGroup({
  legend,
  control,
  choices,
}: {
  legend: string;
  control: UseFormRegisterReturn;
  choices: { value: string; title: string; hint: string; hintId?: string }[];
}) {
  return (
    <fieldset className="field choice-field">
      <legend className="field-legend">{legend}</legend>
      {choices.map((choice) => (
        <Choice key={choice.value} {...choice} control={control} />
      ))}
    </fieldset>
  );
}

/** The settings' whole-number fields: their bounds and the catalog keys of their texts. */
const NUMBER_FIELDS = {
  bubbleDelay: {
    min: 0,
    max: 300,
    label: "settings.bubble.delay",
    hint: "settings.bubble.delayHint",
    suffix: "settings.bubble.seconds",
  },
  handoffWaitSeconds: {
    min: 15,
    max: 3600,
    label: "settings.liveChat.waitSeconds",
    hint: "settings.liveChat.waitSecondsHint",
    suffix: "settings.liveChat.seconds",
  },
  retentionDays: {
    min: 1,
    max: 3650,
    label: "settings.visitors.retention",
    hint: "settings.visitors.retentionHint",
    suffix: "settings.visitors.days",
  },
  maxAnswerTokens: {
    min: 50,
    max: 4000,
    step: 50,
    label: "settings.model.maxLength",
    hint: "settings.model.maxLengthHint",
  },
} as const;

/** One of the settings' whole numbers (`NUMBER_FIELDS`), with its bounds, texts and unit. */
export function NumberField({ name }: { name: keyof typeof NUMBER_FIELDS }) {
  const { t } = useTranslation("builder");
  const field: (typeof NUMBER_FIELDS)[keyof typeof NUMBER_FIELDS] = NUMBER_FIELDS[name];
  return (
    <NumberFormField<SettingsFormValues>
      name={name}
      id={`settings-${name}`}
      label={t(field.label)}
      hint={t(field.hint)}
      min={field.min}
      max={field.max}
      step={"step" in field ? field.step : undefined}
      suffix={"suffix" in field ? t(field.suffix) : undefined}
    />
  );
}
