import { zodResolver } from "@hookform/resolvers/zod";
import { sourceCreateSchema } from "@parley/contracts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormField, fieldAria } from "../../../../components/FormField";
import { normalizeSiteUrl } from "../../chatbots";
import { ErrorNotice } from "../ErrorNotice";
import { Actions, applyServerErrors, type SubFormProps } from "./shared";

const websiteSource = sourceCreateSchema.options[2];
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

type WebsiteInput = z.input<typeof websiteSchema>;
type WebsiteValues = z.output<typeof websiteSchema>;

export function WebsiteSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
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
