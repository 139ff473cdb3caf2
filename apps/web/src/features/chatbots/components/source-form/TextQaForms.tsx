import { zodResolver } from "@hookform/resolvers/zod";
import { sourceCreateSchema } from "@parley/contracts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormField, fieldAria } from "../../../../components/FormField";
import { ErrorNotice } from "../ErrorNotice";
import { Actions, applyServerErrors, type SubFormProps } from "./shared";

const [textSource, qaSource] = sourceCreateSchema.options;
const textSchema = z.object({ title: textSource.shape.title, content: textSource.shape.content });
const qaSchema = z.object({ question: qaSource.shape.question, answer: qaSource.shape.answer });
type TextValues = z.infer<typeof textSchema>;
type QaValues = z.infer<typeof qaSchema>;

const numberFormat = new Intl.NumberFormat("en-US");

export function TextSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
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
      <FormField
        label="Title"
        id={titleId}
        error={errors.title?.message}
        hint="Shown when an answer cites this text."
      >
        <input
          id={titleId}
          type="text"
          placeholder="Opening hours and delivery"
          {...fieldAria(titleId, errors.title?.message, true)}
          {...register("title")}
        />
      </FormField>
      <FormField
        label="Content"
        id={contentId}
        error={errors.content?.message}
        hint={`Paste anything your customers ask about: policies, prices, product details. ${numberFormat.format(length)} of 500,000 characters.`}
      >
        <textarea
          id={contentId}
          rows={8}
          placeholder="We're open Saturday to Thursday, 9 am to 9 pm…"
          {...fieldAria(contentId, errors.content?.message, true)}
          {...register("content")}
        />
      </FormField>
      <ErrorNotice error={failure} />
      <Actions busy={isSubmitting} busyLabel="Adding…" submitLabel={submitLabel} secondary={secondary} />
    </form>
  );
}

export function QaSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QaValues>({ resolver: zodResolver(qaSchema), defaultValues: { question: "", answer: "" } });
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
      <FormField
        label="Question"
        id={questionId}
        error={errors.question?.message}
        hint="When a visitor asks this (or something close), the bot gives your answer word for word."
      >
        <input
          id={questionId}
          type="text"
          placeholder="Do you deliver on Fridays?"
          {...fieldAria(questionId, errors.question?.message, true)}
          {...register("question")}
        />
      </FormField>
      <FormField label="Answer" id={answerId} error={errors.answer?.message}>
        <textarea
          id={answerId}
          rows={4}
          placeholder="Yes, between 2 pm and 8 pm, free for orders over 10 BHD."
          {...fieldAria(answerId, errors.answer?.message)}
          {...register("answer")}
        />
      </FormField>
      <ErrorNotice error={failure} />
      <Actions busy={isSubmitting} busyLabel="Adding…" submitLabel={submitLabel} secondary={secondary} />
    </form>
  );
}
