import type { PaymentMethod } from "@parley/contracts";

export type ProviderId = "sandbox" | "benefit" | "mpgs";
/** Where a gateway says a payment stands, normalised across gateways. */
export type GatewayStatus = "pending" | "captured" | "failed" | "canceled";

export interface InitiateInput {
  trackId: string;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  /** Browser return after the gateway page. */
  returnUrl: string;
  /** Server-to-server notification target. */
  callbackUrl: string;
  customer: { id: string; email?: string };
}

export interface InitiateResult {
  paymentUrl: string;
  providerRef: string | null;
  /** Kept server-side only (e.g. MPGS successIndicator). */
  providerSecret?: string | null;
}

/** A callback or inquiry answer whose authenticity has been verified. */
export interface VerifiedEvent {
  /** Unique per gateway notification; replays carry the same id. */
  eventId: string;
  trackId: string;
  providerRef?: string | null;
  status: GatewayStatus;
  amountMinor?: number;
  currency?: string;
  resultCode?: string | null;
  resultMessage?: string | null;
  raw: unknown;
}

export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  contentType: string;
}

export interface InquiryTarget {
  trackId: string;
  providerRef: string | null;
  providerSecret: string | null;
  amountMinor: number;
  currency: string;
}

/** What a gateway said to a refund: done, or refused (with its words). */
export type RefundResult =
  | { status: "refunded"; providerRef: string | null }
  | { status: "failed"; message: string };

/** One interface for every gateway (BENEFIT, Mastercard hosted checkout, the sandbox). */
export interface PaymentProvider {
  readonly id: ProviderId;
  initiate(input: InitiateInput): Promise<InitiateResult>;
  /** Verifies the callback (signature, secret or encryption) and normalises it; throws SIGNATURE_INVALID. */
  parseCallback(request: CallbackRequest): Promise<VerifiedEvent>;
  /** Server-to-server status lookup, for reconciliation of payments stuck in pending. */
  inquire(target: InquiryTarget): Promise<VerifiedEvent>;
  /**
   * Returns money of a captured payment (absent: the gateway takes refunds only in its own
   * console). `refundId` makes a retried request the same refund at the gateway.
   */
  refund?(target: InquiryTarget, input: { refundId: string; amountMinor: number }): Promise<RefundResult>;
  /** The HTTP answer the gateway expects to its callback (BENEFIT wants `REDIRECT=<url>`). */
  callbackAck?(ctx: { resultUrl: string }): { contentType: string; body: string };
}

export function headerValue(headers: CallbackRequest["headers"], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Minor units to the decimal string gateways expect ("25.000" for BHD, never a float). */
export function minorToDecimalString(minor: number, currency: string, exponent: number): string {
  void currency;
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (exponent === 0) return `${sign}${abs}`;
  const s = String(abs).padStart(exponent + 1, "0");
  return `${sign}${s.slice(0, -exponent)}.${s.slice(-exponent)}`;
}

export function decimalStringToMinor(value: string, exponent: number): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  const [whole = "0", frac = ""] = value.trim().split(".");
  if (frac.length > exponent) return undefined;
  return Number(whole) * 10 ** exponent + Number(frac.padEnd(exponent, "0") || "0");
}
