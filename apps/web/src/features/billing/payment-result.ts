import type { Payment, PaymentStatus } from "@parley/contracts";

/** The result page asks again this often while the gateway's decision has not reached us… */
export const RESULT_POLL_INTERVAL_MS = 1500;
/** …and stops after this long, offering a manual "Check again" instead. */
export const RESULT_POLL_LIMIT_MS = 30_000;

/** Polling rule for `refetchInterval`: only while pending and within the time limit. */
export function resultPollInterval(
  payment: Pick<Payment, "status"> | undefined,
  startedAt: number,
  now: number,
): number | false {
  if (payment && payment.status !== "pending") return false;
  return now - startedAt < RESULT_POLL_LIMIT_MS ? RESULT_POLL_INTERVAL_MS : false;
}

export type ResultOutcome =
  | { kind: "pending" }
  | { kind: "success" }
  | { kind: "failure"; title: string; reason: string; canRetry: boolean };

const failures: Record<Exclude<PaymentStatus, "pending" | "captured">, { title: string; reason: string }> = {
  failed: { title: "Payment declined", reason: "The payment was declined." },
  canceled: { title: "Payment cancelled", reason: "The payment was cancelled before it was completed." },
  expired: { title: "Payment expired", reason: "The payment was not completed in time." },
  amount_mismatch: {
    title: "Payment under review",
    reason: "The amount captured differs from the plan's price. Our team will review it and contact you.",
  },
};

/** What the result page says for a payment; the gateway's own reason wins when it gave one. */
export function resultOutcome(payment: Pick<Payment, "status" | "resultMessage">): ResultOutcome {
  if (payment.status === "pending") return { kind: "pending" };
  if (payment.status === "captured") return { kind: "success" };
  const copy = failures[payment.status];
  // A mismatch may have moved money: paying again is not the answer, support is.
  const canRetry = payment.status !== "amount_mismatch";
  const reason = canRetry ? payment.resultMessage?.trim() || copy.reason : copy.reason;
  return { kind: "failure", title: copy.title, reason, canRetry };
}

/** Where "Try again" goes: the billing page, which opens the upgrade modal for the same plan. */
export function retryHref(payment: Pick<Payment, "planName" | "billingInterval">): string {
  const params = new URLSearchParams({ upgrade: payment.planName, interval: payment.billingInterval });
  return `/billing?${params.toString()}`;
}
