import type { Analytics } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { CountBars } from "./CountBars";

/** The most asked questions (the same wording counts together), with a bar against the top one. */
export function TopQuestions({ questions }: { questions: Analytics["topQuestions"] }) {
  const { t } = useTranslation("inbox");
  return (
    <CountBars
      empty={t("analytics.top.none")}
      rows={questions.map((q) => ({
        key: q.question,
        label: q.question,
        title: q.question,
        count: q.count,
        countText: t("analytics.top.times", { count: q.count }),
      }))}
    />
  );
}
