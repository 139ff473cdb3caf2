import { useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useMemo } from "react";
import { type PlanText, planText } from "./pricing";

/** Plan names, descriptions, features and buttons in the page's language (see `planText`). */
export function usePlanText(): PlanText {
  const { t } = useTranslation("site");
  const { number } = useFormat();
  const { language } = useLanguage();
  return useMemo(() => planText(t, (value) => number(value), language), [t, number, language]);
}
