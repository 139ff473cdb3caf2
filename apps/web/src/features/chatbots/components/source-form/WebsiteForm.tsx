import { zodResolver } from "@hookform/resolvers/zod";
import { sourceCreateSchema } from "@parley/contracts";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import en from "@parley/ui/locales/en/builder";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { ErrorNotice } from "../../../../components/ErrorNotice";
import { normalizeSiteUrl } from "../../chatbots";
import { useFormMessage } from "../../form-message";
import { rulesFormSchema } from "../../source-sync";
import { Actions, applyServerErrors, type SubFormProps } from "./shared";
import { WebsiteRulesFields } from "./WebsiteRulesFields";

const websiteSource = sourceCreateSchema.options[2];
const websiteSchema = rulesFormSchema.extend({
  url: z
    .string()
    .trim()
    .min(1, en.forms.urlRequired)
    .transform(normalizeSiteUrl)
    .pipe(websiteSource.shape.url),
  maxPages: z
    .number({ error: en.forms.pagesNumber })
    .int(en.forms.pagesWhole)
    .min(1, en.forms.pagesMin)
    .max(500, en.forms.pagesMax),
});

type WebsiteInput = z.input<typeof websiteSchema>;
type WebsiteValues = z.output<typeof websiteSchema>;

export function WebsiteSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const { t } = useTranslation("builder");
  const formMessage = useFormMessage();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<WebsiteInput, unknown, WebsiteValues>({
    resolver: zodResolver(websiteSchema),
    defaultValues: { url: "", maxPages: 50, include: "", exclude: "", resync: "off" },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const urlError = formMessage(errors.url?.message);
  const pagesError = formMessage(errors.maxPages?.message);
  const urlId = `${idPrefix}-web-url`;
  const pagesId = `${idPrefix}-web-pages`;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({
        kind: "website",
        url: values.url,
        maxPages: values.maxPages,
        include: values.include,
        exclude: values.exclude,
        resync: values.resync,
      });
      reset();
    } catch (error) {
      if (!applyServerErrors(error, ["url", "maxPages", "include", "exclude", "resync"], setError))
        setFailure(error);
    }
  });

  return (
    <FormProvider {...form}>
      <form className="form source-subform" onSubmit={submit} noValidate>
        <div className="form-row source-web-row">
          <Field label={t("forms.website")} id={urlId} error={urlError} hint={t("forms.websiteHint")}>
            <input
              id={urlId}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={t("forms.websitePlaceholder")}
              {...fieldAria(urlId, urlError, true)}
              {...register("url")}
            />
          </Field>
          <Field label={t("forms.pageLimit")} id={pagesId} error={pagesError}>
            <input
              id={pagesId}
              type="number"
              min={1}
              max={500}
              inputMode="numeric"
              {...fieldAria(pagesId, pagesError)}
              {...register("maxPages", { valueAsNumber: true })}
            />
          </Field>
        </div>
        <WebsiteRulesFields idPrefix={idPrefix} />
        <ErrorNotice error={failure} />
        <Actions
          busy={isSubmitting}
          busyLabel={t("knowledge.adding")}
          submitLabel={submitLabel}
          secondary={secondary}
        />
      </form>
    </FormProvider>
  );
}
