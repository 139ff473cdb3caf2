import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useMemo } from "react";
import { type PlanText, planText } from "./pricing";

/** Plan names, descriptions, features and buttons in the page's language (see `planText`). */
export function usePlanText(): PlanText {
  const { t } = useTranslation("site");
  const { number } = useFormat();
  return useMemo(() => planText(t, (value) => number(value)), [t, number]);
}
