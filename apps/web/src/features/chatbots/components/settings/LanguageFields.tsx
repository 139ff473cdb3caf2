import {
  BOT_LANGUAGES,
  type BotLanguage,
  defaultFallbackReply,
  isDefaultFallbackReply,
} from "@parley/contracts";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { type FieldError, useFormContext, useWatch } from "react-hook-form";
import { useFormMessage } from "../../form-message";
import { otherLanguage, questionLines } from "../../language-form";
import type { SettingsFormValues } from "../../settings-form";
import { BuilderSection, useSettingsForm } from "./fields";

/** Inputs for a language's texts read and are typed in that language's direction. */
const dirOf = (language: BotLanguage) => (language === "ar" ? "rtl" : "ltr");
const dirty = { shouldDirty: true, shouldValidate: true } as const;

/**
 * The bot's languages: its default language, whether it also speaks the other one, and then the
 * visitor-facing texts of both side by side (the default's are the form's top-level texts, the
 * same fields as in the Conversation and Widget sections; the other's are `other.*`). Choosing
 * another default swaps the two columns' texts, so every text stays in its own language.
 */
export function LanguageFields() {
  const { t } = useTranslation("botLanguages");
  const { control, register, getValues, setValue } = useFormContext<SettingsFormValues>();
  const defaultLanguage = useWatch({ control, name: "defaultLanguage" });
  const bilingual = useWatch({ control, name: "bilingual" });
  const other = otherLanguage(defaultLanguage);
  const [notice, setNotice] = useState("");
  const id = useId();
  const name = (language: BotLanguage) => t(`languageNames.${language}`);

  const chooseDefault = (next: BotLanguage) => {
    if (next === getValues("defaultLanguage")) return;
    const v = getValues();
    const moving = v.other;
    setValue(
      "other",
      {
        greeting: v.greeting,
        questions: v.suggestedQuestions.map((q) => q.value).join("\n"),
        fallbackReply: v.fallbackReply,
        launcherText: v.launcherText,
        bubbleText: v.bubbleText,
        handoffReply: v.handoffReply,
        offHoursReply: v.offHoursReply,
      },
      dirty,
    );
    setValue("greeting", moving.greeting, dirty);
    setValue(
      "suggestedQuestions",
      questionLines(moving.questions).map((value) => ({ value })),
      dirty,
    );
    setValue("fallbackReply", moving.fallbackReply, dirty);
    setValue("launcherText", moving.launcherText, dirty);
    setValue("bubbleText", moving.bubbleText, dirty);
    setValue("handoffReply", moving.handoffReply, dirty);
    setValue("offHoursReply", moving.offHoursReply, dirty);
    setValue("defaultLanguage", next, dirty);
    setNotice(t("switchedDefault", { language: name(next) }));
  };

  return (
    <div className="language-fields">
      <fieldset className="field">
        <legend className="field-legend">{t("defaultLanguage")}</legend>
        <div className="segmented segmented-inline">
          {BOT_LANGUAGES.map((language) => (
            <label key={language} className="segmented-option" data-checked={defaultLanguage === language}>
              <input
                type="radio"
                name={`${id}-default`}
                value={language}
                checked={defaultLanguage === language}
                onChange={() => chooseDefault(language)}
                aria-describedby={`${id}-default-hint`}
              />
              {name(language)}
            </label>
          ))}
        </div>
        <p className="field-hint" id={`${id}-default-hint`}>
          {t("defaultLanguageHint")}
        </p>
        <p className="field-hint" role="status">
          {notice}
        </p>
      </fieldset>

      <div className="switch-row">
        <input
          id={`${id}-bilingual`}
          type="checkbox"
          role="switch"
          aria-checked={bilingual}
          className="switch"
          {...register("bilingual")}
        />
        <label htmlFor={`${id}-bilingual`} className="switch-label">
          {t("alsoSpeak", { language: name(other) })}
          <span className="checkbox-hint">{t("alsoSpeakHint", { language: name(other) })}</span>
        </label>
      </div>

      {bilingual ? (
        <fieldset className="field language-texts">
          <legend className="field-legend">{t("textsLegend")}</legend>
          <p className="field-hint">{t("textsHint")}</p>
          <div className="language-columns">
            <LanguageColumnSection
              titleId={`${id}-${defaultLanguage}`}
              title={t("columnDefault", { language: name(defaultLanguage) })}
            >
              <DefaultColumn language={defaultLanguage} />
            </LanguageColumnSection>
            <LanguageColumnSection titleId={`${id}-${other}`} title={t("column", { language: name(other) })}>
              <OtherColumn language={other} />
            </LanguageColumnSection>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

/** What binds an input to the form: `register(…)`'s result, or a value and its change handler. */
type InputBinding = Record<string, unknown>;

/** One text field of a column (a textarea when `rows`), in the column's language and direction. */
function LanguageInput({
  id,
  label,
  language,
  error,
  hint,
  rows,
  maxLength,
  input,
}: {
  id: string;
  label: string;
  language: BotLanguage;
  error: string | undefined;
  hint?: ReactNode;
  rows?: number;
  maxLength: number;
  input: InputBinding;
}) {
  const attrs = {
    id,
    lang: language,
    dir: dirOf(language),
    maxLength,
    ...fieldAria(id, error, Boolean(hint)),
    ...input,
  };
  return (
    <Field label={label} id={id} error={error} hint={hint}>
      {rows ? <textarea rows={rows} {...attrs} /> : <input type="text" {...attrs} />}
    </Field>
  );
}

/**
 * The visitor-facing texts each language has besides its suggested questions, in the order the
 * columns show them (the greeting comes before the questions); their limits are the contract's.
 */
const TEXT_FIELDS = [
  { field: "greeting", rows: 2, maxLength: 500 },
  { field: "fallbackReply", rows: 3, maxLength: 1000 },
  { field: "launcherText", maxLength: 40 },
  { field: "bubbleText", maxLength: 140, hint: "bubbleTextHint" },
  // Live chat: what the bot says when a person is asked for, and outside office hours.
  { field: "handoffReply", rows: 2, maxLength: 500, hint: "liveChatTextHint" },
  { field: "offHoursReply", rows: 2, maxLength: 500, hint: "liveChatTextHint" },
] as const satisfies readonly {
  field: "greeting" | "fallbackReply" | "launcherText" | "bubbleText" | "handoffReply" | "offHoursReply";
  rows?: number;
  maxLength: number;
  hint?: "bubbleTextHint" | "liveChatTextHint";
}[];
type TextField = (typeof TEXT_FIELDS)[number];

/**
 * A fallback reply still at its default is not said as stored: the bot says the default matching
 * what it offers (the e-mail form, live chat; see `effectiveFallbackReply`). This is that text, for
 * the field's placeholder, and a note saying so while the field holds a default (else undefined).
 */
export function useFallbackDefault(
  language: BotLanguage,
  field: "fallbackReply" | "other.fallbackReply",
): { said: string; note: ReactNode } {
  const { t } = useTranslation("botLanguages");
  const [value, leadCapture, liveChat] = useWatch<SettingsFormValues>({
    name: [field, "leadCapture", "handoffEnabled"],
  }) as [string | undefined, boolean | undefined, boolean | undefined];
  const said = defaultFallbackReply(language, {
    leadCapture: leadCapture === true,
    liveChat: liveChat === true,
  });
  const note = isDefaultFallbackReply(value ?? "", language) ? (
    <>
      {t("fallbackDefaultNote")}{" "}
      <q lang={language} dir={dirOf(language)}>
        {said}
      </q>
    </>
  ) : undefined;
  return { said, note };
}

/** The Conversation section's fallback hint (`hint`), and the note while the reply is a default. */
export function FallbackReplyHint({ hint }: { hint: string }) {
  const language = useWatch<SettingsFormValues, "defaultLanguage">({ name: "defaultLanguage" });
  const { note } = useFallbackDefault(language, "fallbackReply");
  return (
    <>
      {hint}
      {note ? <> {note}</> : null}
    </>
  );
}

/** One language's column of texts, named by its heading. */
function LanguageColumnSection({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="language-column" aria-labelledby={titleId}>
      <h3 id={titleId} className="language-column-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One column: the greeting, the questions, then the other texts, each bound by `inputFor`. */
function Column({
  language,
  questions,
  inputFor,
  errorFor,
  fallbackField,
}: {
  language: BotLanguage;
  questions: ReactNode;
  inputFor: (field: TextField["field"]) => InputBinding;
  errorFor: (field: TextField["field"]) => string | undefined;
  fallbackField: "fallbackReply" | "other.fallbackReply";
}) {
  const { t } = useTranslation("botLanguages");
  const formMessage = useFormMessage();
  const id = useId();
  const fallback = useFallbackDefault(language, fallbackField);
  const input = (f: TextField) => (
    <LanguageInput
      key={f.field}
      id={`${id}-${f.field}`}
      label={t(f.field)}
      hint={f.field === "fallbackReply" ? fallback.note : "hint" in f ? t(f.hint) : undefined}
      language={language}
      rows={"rows" in f ? f.rows : undefined}
      maxLength={f.maxLength}
      error={formMessage(errorFor(f.field))}
      input={
        f.field === "fallbackReply" ? { placeholder: fallback.said, ...inputFor(f.field) } : inputFor(f.field)
      }
    />
  );
  const [greeting, ...rest] = TEXT_FIELDS;
  return (
    <>
      {input(greeting)}
      {questions}
      {rest.map(input)}
    </>
  );
}

/** The default language's texts: the form's top-level fields (also shown in other sections). */
function DefaultColumn({ language }: { language: BotLanguage }) {
  const { control, setValue, errors, formMessage } = useSettingsForm();
  const id = useId();
  const [greeting, fallbackReply, launcherText, bubbleText, handoffReply, offHoursReply, questions] =
    useWatch({
      control,
      name: [
        "greeting",
        "fallbackReply",
        "launcherText",
        "bubbleText",
        "handoffReply",
        "offHoursReply",
        "suggestedQuestions",
      ],
    });
  const values = { greeting, fallbackReply, launcherText, bubbleText, handoffReply, offHoursReply };
  const questionsError =
    errors.suggestedQuestions?.message ??
    (errors.suggestedQuestions as ({ value?: FieldError } | undefined)[] | undefined)?.find((e) => e?.value)
      ?.value?.message;

  return (
    <Column
      language={language}
      // Controlled: the same fields may also be on screen in the Widget section.
      inputFor={(field) => ({
        value: values[field],
        onChange: (event: { target: { value: string } }) => setValue(field, event.target.value, dirty),
      })}
      errorFor={(field) => errors[field]?.message}
      fallbackField="fallbackReply"
      questions={
        <QuestionsArea
          id={`${id}-questions`}
          language={language}
          value={questions.map((q) => q.value)}
          error={formMessage(questionsError)}
          onChange={(lines) =>
            setValue(
              "suggestedQuestions",
              lines.map((value) => ({ value })),
              dirty,
            )
          }
        />
      }
    />
  );
}

/** The other language's texts (`other.*`). */
function OtherColumn({ language }: { language: BotLanguage }) {
  const { t } = useTranslation("botLanguages");
  const { register, errors, formMessage } = useSettingsForm();
  const id = useId();
  const e = errors.other;

  return (
    <Column
      language={language}
      inputFor={(field) => register(`other.${field}`)}
      errorFor={(field) => e?.[field]?.message}
      fallbackField="other.fallbackReply"
      questions={
        <LanguageInput
          id={`${id}-questions`}
          label={t("suggestedQuestions")}
          hint={t("suggestedQuestionsHint")}
          language={language}
          rows={4}
          maxLength={1300}
          error={formMessage(e?.questions?.message)}
          input={register("other.questions")}
        />
      }
    />
  );
}

/**
 * The default language's suggested questions as lines of a textarea (the form keeps them as a
 * list). The typed text is kept as typed (a new empty line survives) until the list changes
 * from elsewhere (a swap of languages, a reset).
 */
function QuestionsArea({
  id,
  language,
  value,
  error,
  onChange,
}: {
  id: string;
  language: BotLanguage;
  value: string[];
  error: string | undefined;
  onChange: (lines: string[]) => void;
}) {
  const { t } = useTranslation("botLanguages");
  const joined = value.join("\n");
  const [text, setText] = useState(joined);
  useEffect(() => {
    setText((typed) => (questionLines(typed).join("\n") === joined ? typed : joined));
  }, [joined]);
  return (
    <LanguageInput
      id={id}
      label={t("suggestedQuestions")}
      hint={t("suggestedQuestionsHint")}
      language={language}
      rows={4}
      maxLength={1300}
      error={error}
      input={{
        value: text,
        onChange: (event: { target: { value: string } }) => {
          setText(event.target.value);
          onChange(questionLines(event.target.value));
        },
      }}
    />
  );
}

/** The Languages section of the Settings tab. */
export function LanguagesSection() {
  const { t } = useTranslation("botLanguages");
  return (
    <BuilderSection title={t("title")} description={t("description")}>
      <LanguageFields />
    </BuilderSection>
  );
}

/** The Conversation section's default-language texts: shown unless the Languages columns edit them. */
export function DefaultLanguageTexts({ children }: { children: ReactNode }) {
  const bilingual = useWatch<SettingsFormValues, "bilingual">({ name: "bilingual" });
  return bilingual ? null : children;
}
