import type { Analytics } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { formatCount } from "../numbers";

/** The most asked questions (the same wording counts together), with a bar against the top one. */
export function TopQuestions({ questions }: { questions: Analytics["topQuestions"] }) {
  const { t } = useTranslation("inbox");
  if (questions.length === 0) return <p className="an-empty">{t("analytics.top.none")}</p>;
  const top = Math.max(...questions.map((q) => q.count));
  return (
    <ol className="top-questions">
      {questions.map((q) => (
        <li key={q.question} className="top-question">
          <span className="top-question-text" title={q.question}>
            {q.question}
          </span>
          <span className="top-question-count">
            {formatCount(q.count)}
            <span className="sr-only">{t("analytics.top.times", { count: q.count })}</span>
          </span>
          <span className="top-question-bar" aria-hidden="true">
            <span style={{ width: `${(q.count / top) * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
