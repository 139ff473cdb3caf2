import type { Payment } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { PAYMENT_METHOD_LABEL, PAYMENT_STATUS_LABEL } from "../billing";
import { useReplyText } from "../use-wording";

const statusTone: Record<Payment["status"], string> = {
  pending: "status-badge-neutral",
  captured: "status-badge-success",
  failed: "status-badge-danger",
  canceled: "status-badge-neutral",
  expired: "status-badge-neutral",
  amount_mismatch: "status-badge-warning",
};

export function PaymentStatusBadge({ status }: { status: Payment["status"] }) {
  const { t } = useTranslation("billing");
  return <span className={`status-badge ${statusTone[status]}`}>{t(PAYMENT_STATUS_LABEL[status])}</span>;
}

/** Newest first. On phones each row becomes a small card (see styles/billing-page.css). */
export function PaymentHistory({ payments }: { payments: readonly Payment[] }) {
  const { t } = useTranslation("billing");
  const format = useFormat();
  const replyText = useReplyText();
  if (payments.length === 0) {
    return (
      <div className="billing-empty" data-testid="payments-empty">
        <p className="billing-empty-title">{t("payments.emptyTitle")}</p>
        <p>{t("payments.emptyBody")}</p>
      </div>
    );
  }
  return (
    <div className="payments-table-wrap">
      <table className="payments-table">
        <caption className="sr-only">{t("payments.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("payments.date")}</th>
            <th scope="col">{t("payments.plan")}</th>
            <th scope="col" className="numeric">
              {t("payments.amount")}
            </th>
            <th scope="col">{t("payments.method")}</th>
            <th scope="col">{t("payments.status")}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.track_id} data-track-id={payment.track_id}>
              <td data-label={t("payments.date")}>{format.date(payment.capturedAt ?? payment.createdAt)}</td>
              <td data-label={t("payments.plan")}>
                {payment.planName}
                <span className="payments-interval">
                  {payment.billingInterval === "yearly" ? t("interval.yearly") : t("interval.monthly")}
                </span>
              </td>
              <td data-label={t("payments.amount")} className="numeric">
                {formatMoney(payment.amount.amount, payment.amount.currency)}
              </td>
              <td data-label={t("payments.method")}>{t(PAYMENT_METHOD_LABEL[payment.method])}</td>
              <td data-label={t("payments.status")}>
                <PaymentStatusBadge status={payment.status} />
                {payment.status !== "captured" && payment.status !== "pending" && payment.resultMessage ? (
                  <span className="payments-reason">
                    {replyText(payment.resultMessage, t(`result.failures.${payment.status}.reason`))}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PaymentHistorySkeleton() {
  return (
    <div className="payments-table-wrap skeleton-stack payments-skeleton" aria-hidden="true">
      {["a", "b", "c"].map((key) => (
        <span key={key} className="skeleton skeleton-line" />
      ))}
    </div>
  );
}
