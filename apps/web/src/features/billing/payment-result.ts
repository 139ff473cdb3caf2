import type { Payment } from "@parley/contracts";
import { type BillingKey, englishBilling, type Wording } from "./wording";

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

/**
 * What the result page says for a payment; the gateway's own reason wins when it gave one.
 * `t` words the page's own texts; `gatewayText` the gateway's reason (the reader's language,
 * or `fallback` when it has no translation for it).
 */
export function resultOutcome(
  payment: Pick<Payment, "status" | "resultMessage">,
  t: Wording<BillingKey> = englishBilling,
  gatewayText: (message: string, fallback: string) => string = (message) => message,
): ResultOutcome {
  if (payment.status === "pending") return { kind: "pending" };
  if (payment.status === "captured") return { kind: "success" };
  const title = t(`result.failures.${payment.status}.title`);
  const ownReason = t(`result.failures.${payment.status}.reason`);
  // A mismatch may have moved money: paying again is not the answer, support is.
  const canRetry = payment.status !== "amount_mismatch";
  const gateway = payment.resultMessage?.trim();
  const reason = canRetry && gateway ? gatewayText(gateway, ownReason) : ownReason;
  return { kind: "failure", title, reason, canRetry };
}

/** Where "Try again" goes: the billing page, which opens the upgrade modal for the same plan. */
export function retryHref(payment: Pick<Payment, "planName" | "billingInterval">): string {
  const params = new URLSearchParams({ upgrade: payment.planName, interval: payment.billingInterval });
  return `/billing?${params.toString()}`;
}
