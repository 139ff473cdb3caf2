import { sourceCreateSchema } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { z } from "zod";
import { FormField } from "../FormField";
import { SubForm, type SubFormProps, useSourceForm } from "./shared";

const [textSource, qaSource] = sourceCreateSchema.options;
const textSchema = z.object({ title: textSource.shape.title, content: textSource.shape.content });
const qaSchema = z.object({ question: qaSource.shape.question, answer: qaSource.shape.answer });

export function TextSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const { t } = useTranslation("builder");
  const { number } = useFormat();
  const { form, frame } = useSourceForm(
    textSchema,
    { title: "", content: "" },
    ["title", "content"],
    (values) => ({ kind: "text", ...values }),
    onSubmit,
  );
  const length = form.watch("content").length;

  return (
    <SubForm {...frame} submitLabel={submitLabel} secondary={secondary}>
      <FormField
        name="title"
        id={`${idPrefix}-text-title`}
        label={t("forms.title")}
        hint={t("forms.titleHint")}
      >
        {(control) => <input type="text" placeholder={t("forms.titlePlaceholder")} {...control} />}
      </FormField>
      <FormField
        name="content"
        id={`${idPrefix}-text-content`}
        label={t("forms.content")}
        hint={t("forms.contentHint", { length: number(length) })}
      >
        {(control) => <textarea rows={8} placeholder={t("forms.contentPlaceholder")} {...control} />}
      </FormField>
    </SubForm>
  );
}

export function QaSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const { t } = useTranslation("builder");
  const { frame } = useSourceForm(
    qaSchema,
    { question: "", answer: "" },
    ["question", "answer"],
    (values) => ({ kind: "qa", ...values }),
    onSubmit,
  );

  return (
    <SubForm {...frame} submitLabel={submitLabel} secondary={secondary}>
      <FormField
        name="question"
        id={`${idPrefix}-qa-question`}
        label={t("forms.question")}
        hint={t("forms.questionHint")}
      >
        {(control) => <input type="text" placeholder={t("forms.questionPlaceholder")} {...control} />}
      </FormField>
      <FormField name="answer" id={`${idPrefix}-qa-answer`} label={t("forms.answer")}>
        {(control) => <textarea rows={4} placeholder={t("forms.answerPlaceholder")} {...control} />}
      </FormField>
    </SubForm>
  );
}
