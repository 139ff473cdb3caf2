import type { Payment } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { EmptyState } from "@parley/ui/components/EmptyState";
import { useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { PAYMENT_METHOD_LABEL, PAYMENT_STATUS_LABEL } from "../billing";
import { useReplyText } from "../use-wording";
import { BillingTable } from "./BillingTable";

/** Payments a page of the history (newest first). */
const PAGE_SIZE = 20;

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
  const { language } = useLanguage();
  const format = useFormat();
  const replyText = useReplyText();
  if (payments.length === 0) {
    return (
      <EmptyState className="billing-empty" data-testid="payments-empty" title={t("payments.emptyTitle")}>
        <p>{t("payments.emptyBody")}</p>
      </EmptyState>
    );
  }
  return (
    <BillingTable
      caption={t("payments.caption")}
      rows={payments}
      rowKey={(payment) => payment.track_id}
      rowProps={(payment) => ({ "data-track-id": payment.track_id })}
      pageSize={PAGE_SIZE}
      columns={[
        {
          key: "date",
          header: t("payments.date"),
          cell: (payment) => format.date(payment.capturedAt ?? payment.createdAt),
        },
        {
          key: "plan",
          header: t("payments.plan"),
          cell: (payment) => (
            <>
              {payment.planNames[language]}
              <span className="payments-interval">
                {payment.billingInterval === "yearly" ? t("interval.yearly") : t("interval.monthly")}
              </span>
            </>
          ),
        },
        {
          key: "amount",
          header: t("payments.amount"),
          className: "numeric",
          cell: (payment) => formatMoney(payment.amount.amount, payment.amount.currency),
        },
        {
          key: "method",
          header: t("payments.method"),
          cell: (payment) => t(PAYMENT_METHOD_LABEL[payment.method]),
        },
        {
          key: "status",
          header: t("payments.status"),
          cell: (payment) => (
            <>
              <PaymentStatusBadge status={payment.status} />
              {payment.status !== "captured" && payment.status !== "pending" && payment.resultMessage ? (
                <span className="payments-reason">
                  {replyText(payment.resultMessage, t(`result.failures.${payment.status}.reason`))}
                </span>
              ) : null}
            </>
          ),
        },
      ]}
    />
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
