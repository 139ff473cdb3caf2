import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import { useFormMessage } from "../../form-message";
import type { RulesFormInput } from "../../source-sync";

/**
 * Which paths of a website to read, which never, and how often to re-sync it: the same fields
 * when a website is added and when its sync settings are edited (inside either form's
 * FormProvider; both validate with `rulesFormSchema`).
 */
export function WebsiteRulesFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation("builder");
  const formMessage = useFormMessage();
  const {
    register,
    formState: { errors },
  } = useFormContext<RulesFormInput>();
  const includeError = formMessage(errors.include?.message);
  const excludeError = formMessage(errors.exclude?.message);
  const resyncError = formMessage(errors.resync?.message);
  const includeId = `${idPrefix}-web-include`;
  const excludeId = `${idPrefix}-web-exclude`;
  const resyncId = `${idPrefix}-web-resync`;
  return (
    <div className="source-rules">
      <Field
        label={t("forms.includePaths")}
        id={includeId}
        error={includeError}
        hint={t("forms.includeHint")}
      >
        <input
          id={includeId}
          type="text"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          {...fieldAria(includeId, includeError, true)}
          {...register("include")}
        />
      </Field>
      <Field
        label={t("forms.excludePaths")}
        id={excludeId}
        error={excludeError}
        hint={t("forms.excludeHint")}
      >
        <input
          id={excludeId}
          type="text"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          {...fieldAria(excludeId, excludeError, true)}
          {...register("exclude")}
        />
      </Field>
      <Field label={t("forms.resync")} id={resyncId} error={resyncError} className="source-rules-schedule">
        <select id={resyncId} {...fieldAria(resyncId, resyncError)} {...register("resync")}>
          <option value="off">{t("forms.resyncOff")}</option>
          <option value="daily">{t("forms.resyncDaily")}</option>
          <option value="weekly">{t("forms.resyncWeekly")}</option>
        </select>
      </Field>
    </div>
  );
}
