import { useTranslation } from "@parley/ui/i18n/react";
import { StrokeSvg } from "../../../components/Svg";

/** The corner "×" of the billing modals; hidden while work is in flight, when closing is not allowed. */
export function CloseButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation("billing");
  if (disabled) return null;
  return (
    <button type="button" className="modal-close" onClick={onClick} aria-label={t("close")}>
      <StrokeSvg size={20}>
        <path d="M6 6l12 12M18 6 6 18" />
      </StrokeSvg>
    </button>
  );
}
