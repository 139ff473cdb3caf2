import { paymentsMode } from "../../../app/config";

/**
 * Shown wherever a payment starts or ends while the API runs the sandbox gateway (development, or
 * a staging site with PAYMENTS_SANDBOX_IN_PRODUCTION): nobody should mistake it for a real charge.
 */
export function TestModeBanner({ compact = false }: { compact?: boolean }) {
  if (paymentsMode !== "sandbox") return null;
  return (
    <p
      className={`test-mode-banner${compact ? " test-mode-banner-compact" : ""}`}
      role="note"
      data-testid="test-mode-banner"
    >
      <strong>Test mode.</strong> Payments go to a sandbox gateway: no real money is charged, and a paid plan
      here is for testing only.
    </p>
  );
}
