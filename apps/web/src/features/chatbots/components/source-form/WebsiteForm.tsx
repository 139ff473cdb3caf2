import { sourceCreateSchema } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import en from "@parley/ui/locales/en/builder";
import { z } from "zod";
import { normalizeSiteUrl } from "../../chatbots";
import { rulesFormSchema } from "../../source-sync";
import { FormField, NumberFormField } from "../FormField";
import { SubForm, type SubFormProps, useSourceForm } from "./shared";
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

export function WebsiteSourceForm({ idPrefix, onSubmit, submitLabel, secondary }: SubFormProps) {
  const { t } = useTranslation("builder");
  const { frame } = useSourceForm(
    websiteSchema,
    { url: "", maxPages: 50, include: "", exclude: "", resync: "off" },
    ["url", "maxPages", "include", "exclude", "resync"],
    (values) => ({
      kind: "website",
      url: values.url,
      maxPages: values.maxPages,
      include: values.include,
      exclude: values.exclude,
      resync: values.resync,
    }),
    onSubmit,
  );

  return (
    <SubForm {...frame} submitLabel={submitLabel} secondary={secondary}>
      <div className="form-row source-web-row">
        <FormField
          name="url"
          id={`${idPrefix}-web-url`}
          label={t("forms.website")}
          hint={t("forms.websiteHint")}
        >
          {(control) => (
            <input
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={t("forms.websitePlaceholder")}
              {...control}
            />
          )}
        </FormField>
        <NumberFormField
          name="maxPages"
          id={`${idPrefix}-web-pages`}
          label={t("forms.pageLimit")}
          min={1}
          max={500}
        />
      </div>
      <WebsiteRulesFields idPrefix={idPrefix} />
    </SubForm>
  );
}
