import { zodResolver } from "@hookform/resolvers/zod";
import { sourceCreateSchema } from "@parley/contracts";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ErrorNotice } from "../../../../components/ErrorNotice";
import { useFormMessage } from "../../form-message";
import { Actions, applyServerErrors, type SubFormProps } from "./shared";

const [textSource, qaSource] = sourceCreateSchema.options;
const textSchema = z.object({ title: textSource.shape.title, content: textSource.shape.content });
const qaSchema = z.object({ question: qaSource.shape.question, answer: qaSource.shape.answer });
type TextValues = z.infer<typeof textSchema>;
type QaValues = z.infer<typeof qaSchema>;

export function TextSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const { t } = useTranslation("builder");
  const { number } = useFormat();
  const formMessage = useFormMessage();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TextValues>({ resolver: zodResolver(textSchema), defaultValues: { title: "", content: "" } });
  const length = watch("content").length;
  const titleError = formMessage(errors.title?.message);
  const contentError = formMessage(errors.content?.message);
  const titleId = `${idPrefix}-text-title`;
  const contentId = `${idPrefix}-text-content`;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({ kind: "text", ...values });
      reset();
    } catch (error) {
      if (!applyServerErrors(error, ["title", "content"], setError)) setFailure(error);
    }
  });

  return (
    <form className="form source-subform" onSubmit={submit} noValidate>
      <Field label={t("forms.title")} id={titleId} error={titleError} hint={t("forms.titleHint")}>
        <input
          id={titleId}
          type="text"
          placeholder={t("forms.titlePlaceholder")}
          {...fieldAria(titleId, titleError, true)}
          {...register("title")}
        />
      </Field>
      <Field
        label={t("forms.content")}
        id={contentId}
        error={contentError}
        hint={t("forms.contentHint", { length: number(length) })}
      >
        <textarea
          id={contentId}
          rows={8}
          placeholder={t("forms.contentPlaceholder")}
          {...fieldAria(contentId, contentError, true)}
          {...register("content")}
        />
      </Field>
      <ErrorNotice error={failure} />
      <Actions
        busy={isSubmitting}
        busyLabel={t("knowledge.adding")}
        submitLabel={submitLabel}
        secondary={secondary}
      />
    </form>
  );
}

export function QaSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const { t } = useTranslation("builder");
  const formMessage = useFormMessage();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QaValues>({ resolver: zodResolver(qaSchema), defaultValues: { question: "", answer: "" } });
  const questionError = formMessage(errors.question?.message);
  const answerError = formMessage(errors.answer?.message);
  const questionId = `${idPrefix}-qa-question`;
  const answerId = `${idPrefix}-qa-answer`;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({ kind: "qa", ...values });
      reset();
    } catch (error) {
      if (!applyServerErrors(error, ["question", "answer"], setError)) setFailure(error);
    }
  });

  return (
    <form className="form source-subform" onSubmit={submit} noValidate>
      <Field label={t("forms.question")} id={questionId} error={questionError} hint={t("forms.questionHint")}>
        <input
          id={questionId}
          type="text"
          placeholder={t("forms.questionPlaceholder")}
          {...fieldAria(questionId, questionError, true)}
          {...register("question")}
        />
      </Field>
      <Field label={t("forms.answer")} id={answerId} error={answerError}>
        <textarea
          id={answerId}
          rows={4}
          placeholder={t("forms.answerPlaceholder")}
          {...fieldAria(answerId, answerError)}
          {...register("answer")}
        />
      </Field>
      <ErrorNotice error={failure} />
      <Actions
        busy={isSubmitting}
        busyLabel={t("knowledge.adding")}
        submitLabel={submitLabel}
        secondary={secondary}
      />
    </form>
  );
}
