import { formatPercent } from "@parley/ui/i18n/format";
import { useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { confidenceView } from "./confidence";

/**
 * The built-in engine's confidence in one reply (the Playground, the inbox transcript): a small
 * chip with a tooltip saying what the number means. Nothing for AI-model replies (no confidence).
 */
export function ConfidenceChip({
  confidence,
  answered,
}: {
  confidence: number | null | undefined;
  answered: boolean | null | undefined;
}) {
  const { t } = useTranslation("common");
  const { language } = useLanguage();
  const view = confidenceView(confidence, answered);
  if (view.kind === "none") return null;
  const percent = formatPercent(language, view.ratio);
  if (view.kind === "heldBack")
    return (
      <span className="confidence-chip confidence-chip-held" title={t("confidence.heldBackTitle")}>
        {t("confidence.heldBack", { percent })}
      </span>
    );
  return (
    <span
      className={`confidence-chip${view.low ? " confidence-chip-low" : ""}`}
      title={view.low ? t("confidence.lowTitle") : t("confidence.title")}
      data-low={view.low || undefined}
    >
      {view.low ? t("confidence.low", { percent }) : t("confidence.label", { percent })}
    </span>
  );
}
