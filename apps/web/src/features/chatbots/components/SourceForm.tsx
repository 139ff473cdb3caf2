import { zodResolver } from "@hookform/resolvers/zod";
import { type SourceKind, sourceCreateSchema } from "@parley/contracts";
import { type ReactNode, useState } from "react";
import { type FieldValues, type Path, type UseFormSetError, useForm } from "react-hook-form";
import { z } from "zod";
import { isApiError } from "../../../app/api";
import { FormField, fieldAria } from "../../../components/FormField";
import type { SourceDraft } from "../api";
import { checkFile, normalizeSiteUrl, SOURCE_KIND_LABEL } from "../chatbots";
import { ErrorNotice } from "./ErrorNotice";
import { FileDrop } from "./FileDrop";
import { KindIcon } from "./icons";
import { type TabItem, TabList, TabPanel } from "./Tabs";

const [textSource, qaSource, websiteSource] = sourceCreateSchema.options;

const textSchema = z.object({ title: textSource.shape.title, content: textSource.shape.content });
const qaSchema = z.object({ question: qaSource.shape.question, answer: qaSource.shape.answer });
const websiteSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the website's address")
    .transform(normalizeSiteUrl)
    .pipe(websiteSource.shape.url),
  maxPages: z
    .number({ error: "Enter a number of pages" })
    .int("Use a whole number")
    .min(1, "At least 1 page")
    .max(500, "At most 500 pages"),
});

type TextValues = z.infer<typeof textSchema>;
type QaValues = z.infer<typeof qaSchema>;
type WebsiteInput = z.input<typeof websiteSchema>;
type WebsiteValues = z.output<typeof websiteSchema>;

export type SubmitSource = (
  draft: SourceDraft,
  onUploadProgress?: (fraction: number) => void,
) => Promise<void>;

const KINDS: readonly TabItem<SourceKind>[] = (["text", "qa", "website", "file"] as const).map((id) => ({
  id,
  label: (
    <>
      <KindIcon kind={id} size={16} />
      {SOURCE_KIND_LABEL[id]}
    </>
  ),
}));

interface SourceFormProps {
  idPrefix: string;
  onSubmit: SubmitSource;
  fileLimitMb: number;
  /** Label of the submit button, e.g. "Add source". */
  submitLabel: string;
  /** Extra actions beside the submit button (the quick start's "Skip for now"). */
  secondary?: ReactNode;
  initialKind?: SourceKind;
}

/** Puts the server's field errors (`details`) on the fields; true when at least one landed. */
function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.details) return false;
  let placed = false;
  for (const detail of error.details) {
    const name = detail.path.split(".").pop();
    const field = fields.find((f) => f === name);
    if (field) {
      setError(field, { type: "server", message: detail.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/**
 * Adding knowledge: a plain-text passage, a Q&A pair, a website to crawl, or a document. Each kind
 * keeps its own half-filled form while the user switches between them.
 */
export function SourceForm({
  idPrefix,
  onSubmit,
  fileLimitMb,
  submitLabel,
  secondary,
  initialKind = "text",
}: SourceFormProps) {
  const [kind, setKind] = useState<SourceKind>(initialKind);
  return (
    <div className="source-form">
      <TabList
        idPrefix={idPrefix}
        label="Kind of knowledge"
        tabs={KINDS}
        selected={kind}
        onSelect={setKind}
        className="tabs tabs-pills"
      />
      <TabPanel idPrefix={idPrefix} id="text" active={kind === "text"}>
        <TextSourceForm
          idPrefix={idPrefix}
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          secondary={secondary}
        />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="qa" active={kind === "qa"}>
        <QaSourceForm
          idPrefix={idPrefix}
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          secondary={secondary}
        />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="website" active={kind === "website"}>
        <WebsiteSourceForm
          idPrefix={idPrefix}
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          secondary={secondary}
        />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="file" active={kind === "file"}>
        <FileSourceForm
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          secondary={secondary}
          fileLimitMb={fileLimitMb}
        />
      </TabPanel>
    </div>
  );
}

interface SubFormProps {
  idPrefix: string;
  onSubmit: SubmitSource;
  submitLabel: string;
  secondary?: ReactNode;
}

function Actions({
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
      <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}

const numberFormat = new Intl.NumberFormat("en-US");

function TextSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
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
        label="Text"
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

function QaSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
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

function WebsiteSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WebsiteInput, unknown, WebsiteValues>({
    resolver: zodResolver(websiteSchema),
    defaultValues: { url: "", maxPages: 50 },
  });
  const urlId = `${idPrefix}-web-url`;
  const pagesId = `${idPrefix}-web-pages`;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({ kind: "website", url: values.url, maxPages: values.maxPages });
      reset();
    } catch (error) {
      if (!applyServerErrors(error, ["url", "maxPages"], setError)) setFailure(error);
    }
  });

  return (
    <form className="form source-subform" onSubmit={submit} noValidate>
      <div className="form-row source-web-row">
        <FormField
          label="Website address"
          id={urlId}
          error={errors.url?.message}
          hint="We read this page and the pages it links to on the same site, and respect robots.txt."
        >
          <input
            id={urlId}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com/help"
            {...fieldAria(urlId, errors.url?.message, true)}
            {...register("url")}
          />
        </FormField>
        <FormField label="Page limit" id={pagesId} error={errors.maxPages?.message}>
          <input
            id={pagesId}
            type="number"
            min={1}
            max={500}
            inputMode="numeric"
            {...fieldAria(pagesId, errors.maxPages?.message)}
            {...register("maxPages", { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <ErrorNotice error={failure} />
      <Actions busy={isSubmitting} busyLabel="Adding…" submitLabel={submitLabel} secondary={secondary} />
    </form>
  );
}

function FileSourceForm({
  onSubmit,
  submitLabel,
  secondary,
  fileLimitMb,
}: Omit<SubFormProps, "idPrefix"> & { fileLimitMb: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (next: File | null) => {
    setFailure(null);
    setFile(next);
    setProblem(next ? checkFile(next, fileLimitMb) : null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    if (!file) {
      setProblem("Choose a file to upload.");
      return;
    }
    const issue = checkFile(file, fileLimitMb);
    if (issue) {
      setProblem(issue);
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      await onSubmit({ kind: "file", file }, setProgress);
      setFile(null);
    } catch (error) {
      // The server checks the content: a renamed image is refused here with its own words.
      if (
        isApiError(error) &&
        (error.code === "UNSUPPORTED_MEDIA_TYPE" || error.code === "PAYLOAD_TOO_LARGE")
      )
        setProblem(error.message);
      else setFailure(error);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <form className="form source-subform" onSubmit={submit} noValidate>
      <FileDrop file={file} onFile={choose} limitMb={fileLimitMb} error={problem} disabled={uploading} />
      {uploading ? (
        <div className="upload-progress">
          <div
            className="progress"
            role="progressbar"
            aria-label="Upload"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
          <span className="upload-progress-label">
            {percent < 100 ? `Uploading… ${percent}%` : "Checking the file…"}
          </span>
        </div>
      ) : null}
      <ErrorNotice error={failure} />
      <Actions busy={uploading} busyLabel="Uploading…" submitLabel={submitLabel} secondary={secondary} />
    </form>
  );
}
