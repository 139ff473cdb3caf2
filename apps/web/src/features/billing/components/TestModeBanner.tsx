import { useTranslation } from "@parley/ui/i18n/react";
import { paymentsMode } from "../../../lib/config";

/**
 * Shown wherever a payment starts or ends while the API runs the sandbox gateway (development, or
 * a staging site with PAYMENTS_SANDBOX_IN_PRODUCTION): nobody should mistake it for a real charge.
 */
export function TestModeBanner({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("billing");
  if (paymentsMode !== "sandbox") return null;
  return (
    <p
      className={`test-mode-banner${compact ? " test-mode-banner-compact" : ""}`}
      role="note"
      data-testid="test-mode-banner"
    >
      <strong>{t("testMode.title")}</strong> {t("testMode.body")}
    </p>
  );
}
