import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, type ReactNode, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { ErrorNotice } from "../../../../components/ErrorNotice";
import { SubmitButton } from "../../../../components/SubmitButton";
import { isApiError } from "../../../../lib/api";
import type { SourceDraft } from "../../api";

/** What the add-source forms hand their owner: resolves when the source is added, throws when not. */
export type SubmitSource = (
  draft: SourceDraft,
  onUploadProgress?: (fraction: number) => void,
) => Promise<void>;

export interface SubFormProps {
  idPrefix: string;
  onSubmit: SubmitSource;
  submitLabel: string;
  secondary?: ReactNode;
}

/** Puts the server's field errors (`details`) on the fields; true when at least one landed. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.details) return false;
  let placed = false;
  for (const detail of error.details) {
    // "body.maxPages", or "body.include.0" for one item of a list field.
    const segments = detail.path.split(".");
    const field = segments.reverse().flatMap((segment) => fields.filter((f) => f === segment))[0];
    if (field) {
      setError(field, { type: "server", message: detail.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/** The submit button (with its busy state) and any secondary action beside it. */
export function Actions({
  busy,
  busyLabel,
  submitLabel,
  secondary,
  disabled = false,
}: {
  busy: boolean;
  busyLabel: string;
  submitLabel: string;
  secondary?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <div className="source-form-actions">
      {secondary}
      <SubmitButton state={{ busy, submitLabel, busyLabel, disabled }} />
    </div>
  );
}

/**
 * An add-source form validated by `schema`: on submit the values become a draft for `onSubmit`;
 * the form resets once the source is added, and the server's field errors land on `fields`
 * (any other failure is shown by the <SubForm> that gets `frame`).
 */
export function useSourceForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  fields: readonly Path<z.input<S>>[],
  toDraft: (values: z.output<S>) => SourceDraft,
  onSubmit: SubmitSource,
) {
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads do not follow a generic schema
    resolver: zodResolver(schema as any),
    defaultValues,
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toDraft(values));
      form.reset();
    } catch (error) {
      if (!applyServerErrors(error, fields, form.setError)) setFailure(error);
    }
  });
  /** What <SubForm> needs of it. */
  const frame = { form, onSubmit: submit, failure, busy: form.formState.isSubmitting };
  return { form, frame };
}

/**
 * An add-source form's frame: its fields, then any failure and the submit button. With `form`
 * (react-hook-form) the fields can be <FormField>s.
 */
export function SubForm({
  form,
  onSubmit,
  failure,
  busy,
  busyLabel,
  submitLabel,
  secondary,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's values
  form?: UseFormReturn<any, unknown, any>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  failure: unknown;
  busy: boolean;
  /** What the button says while busy; "Adding…" by default. */
  busyLabel?: string;
  submitLabel: string;
  secondary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("builder");
  const body = (
    <form className="form source-subform" onSubmit={onSubmit} noValidate>
      {children}
      <ErrorNotice error={failure} />
      <Actions
        busy={busy}
        busyLabel={busyLabel ?? t("knowledge.adding")}
        submitLabel={submitLabel}
        secondary={secondary}
      />
    </form>
  );
  return form ? <FormProvider {...form}>{body}</FormProvider> : body;
}
