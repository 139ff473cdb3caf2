import { formatDate } from "@parley/ui/i18n";
import { useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useMemo } from "react";
import { formatDateTime, formatTime, formatWhen } from "./format";

/** The inbox's dates and numbers in the page's language. */
export function useInboxFormat() {
  const { language } = useLanguage();
  const { t } = useTranslation("inbox");
  const { number } = useFormat();
  return useMemo(
    () => ({
      when: (iso: string) => formatWhen(iso, new Date(), { language, t }),
      dateTime: (iso: string) => formatDateTime(language, iso),
      time: (iso: string) => formatTime(language, iso),
      /** "Wednesday, Mar 4, 2026": above the first message of a day. */
      day: (iso: string) => formatDate(language, iso, "date", { weekday: "long" }),
      number,
    }),
    [language, t, number],
  );
}
