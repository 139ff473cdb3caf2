import { useTranslation } from "@parley/ui/i18n/react";
import type { RulesFormInput } from "../../source-sync";
import { FormField } from "../FormField";

/**
 * Which paths of a website to read, which never, and how often to re-sync it: the same fields
 * when a website is added and when its sync settings are edited (inside either form's
 * FormProvider; both validate with `rulesFormSchema`).
 */
export function WebsiteRulesFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation("builder");
  const paths = [
    { name: "include", label: t("forms.includePaths"), hint: t("forms.includeHint") },
    { name: "exclude", label: t("forms.excludePaths"), hint: t("forms.excludeHint") },
  ] as const;
  return (
    <div className="source-rules">
      {paths.map(({ name, label, hint }) => (
        <FormField<RulesFormInput>
          key={name}
          name={name}
          id={`${idPrefix}-web-${name}`}
          label={label}
          hint={hint}
        >
          {(control) => <input type="text" dir="ltr" autoComplete="off" spellCheck={false} {...control} />}
        </FormField>
      ))}
      <FormField<RulesFormInput>
        name="resync"
        id={`${idPrefix}-web-resync`}
        label={t("forms.resync")}
        className="source-rules-schedule"
      >
        {(control) => (
          <select {...control}>
            <option value="off">{t("forms.resyncOff")}</option>
            <option value="daily">{t("forms.resyncDaily")}</option>
            <option value="weekly">{t("forms.resyncWeekly")}</option>
          </select>
        )}
      </FormField>
    </div>
  );
}
