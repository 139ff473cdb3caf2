import type { AdminPayment } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { PAYMENT_TONE } from "../console";
import { Badge } from "./Status";

/** A payment's state; `amount_mismatch` reads "Held for review". */
export function PaymentStateBadge({ state }: { state: AdminPayment["state"] }) {
  const { t } = useTranslation("admin");
  return <Badge tone={PAYMENT_TONE[state]}>{t(`payments.states.${state}`)}</Badge>;
}

/** "Sandbox (test) · Card". */
export function ProviderText({ payment }: { payment: Pick<AdminPayment, "provider" | "method"> }) {
  const { t } = useTranslation("admin");
  return (
    <>
      {t(`payments.providers.${payment.provider}`)}
      <span className="admin-sub">{t(`payments.methods.${payment.method}`)}</span>
    </>
  );
}
