import type { Payment } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { formatDate, PAYMENT_METHOD_LABEL, PAYMENT_STATUS_LABEL } from "../billing";

const statusTone: Record<Payment["status"], string> = {
  pending: "status-badge-neutral",
  captured: "status-badge-success",
  failed: "status-badge-danger",
  canceled: "status-badge-neutral",
  expired: "status-badge-neutral",
  amount_mismatch: "status-badge-warning",
};

export function PaymentStatusBadge({ status }: { status: Payment["status"] }) {
  return <span className={`status-badge ${statusTone[status]}`}>{PAYMENT_STATUS_LABEL[status]}</span>;
}

/** Newest first. On phones each row becomes a small card (see styles/billing-page.css). */
export function PaymentHistory({ payments }: { payments: readonly Payment[] }) {
  if (payments.length === 0) {
    return (
      <div className="billing-empty" data-testid="payments-empty">
        <p className="billing-empty-title">No payments yet</p>
        <p>When you upgrade or renew, your payments and receipts appear here.</p>
      </div>
    );
  }
  return (
    <div className="payments-table-wrap">
      <table className="payments-table">
        <caption className="sr-only">Payment history, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Plan</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col">Method</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.track_id} data-track-id={payment.track_id}>
              <td data-label="Date">{formatDate(payment.capturedAt ?? payment.createdAt)}</td>
              <td data-label="Plan">
                {payment.planName}
                <span className="payments-interval">
                  {payment.billingInterval === "yearly" ? "Yearly" : "Monthly"}
                </span>
              </td>
              <td data-label="Amount" className="numeric">
                {formatMoney(payment.amount.amount, payment.amount.currency)}
              </td>
              <td data-label="Method">{PAYMENT_METHOD_LABEL[payment.method]}</td>
              <td data-label="Status">
                <PaymentStatusBadge status={payment.status} />
                {payment.status !== "captured" && payment.status !== "pending" && payment.resultMessage ? (
                  <span className="payments-reason">{payment.resultMessage}</span>
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
