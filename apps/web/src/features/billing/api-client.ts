import {
  type CheckAndCancelResponse,
  checkAndCancelResponseSchema,
  type DowngradeRequest,
  type DowngradeResponse,
  downgradeResponseSchema,
  type Payment,
  type PaymentCreateRequest,
  type PaymentCreateResponse,
  type PaymentInitiateRequest,
  paymentCreateResponseSchema,
  paymentInitiateResponseSchema,
  paymentListSchema,
  paymentSchema,
  type SubscriptionDetails,
  subscriptionDetailsSchema,
} from "@parley/contracts";
import { apiFetch } from "../../app/api";
import type { InitiateReply } from "./upgrade-flow";

/**
 * Everything billing caches is per user: a second account signing in on the same tab never sees
 * the first one's subscription or payments, even before the caches are cleared.
 */
export const billingKeys = {
  all: ["billing"] as const,
  user: (userId: string) => [...billingKeys.all, userId] as const,
  subscription: (userId: string) => [...billingKeys.user(userId), "subscription"] as const,
  payments: (userId: string) => [...billingKeys.user(userId), "payments"] as const,
  paymentList: (userId: string) => [...billingKeys.payments(userId), "list"] as const,
  payment: (userId: string, trackId: string) => [...billingKeys.payments(userId), "detail", trackId] as const,
};

/**
 * A refused initiation may carry only `success` and a message; the upgrade flow turns a missing
 * URL or track id into the spec's messages, so only `success` is required here.
 */
const initiateReplySchema = paymentInitiateResponseSchema.partial({
  message: true,
  payment_url: true,
  track_id: true,
});

/** The billing calls, each parsed by its contract. `base` lets tests point it at a local server. */
export function createBillingApi(base = "") {
  return {
    subscription: (userId: string, signal?: AbortSignal): Promise<SubscriptionDetails> =>
      apiFetch(`${base}/api/subscription/details/${encodeURIComponent(userId)}`, {
        schema: subscriptionDetailsSchema,
        signal,
      }),
    payments: (signal?: AbortSignal): Promise<Payment[]> =>
      apiFetch(`${base}/api/payments`, { schema: paymentListSchema, signal }),
    payment: (trackId: string, signal?: AbortSignal): Promise<Payment> =>
      apiFetch(`${base}/api/payments/${encodeURIComponent(trackId)}`, { schema: paymentSchema, signal }),
    initiate: (body: PaymentInitiateRequest): Promise<InitiateReply> =>
      apiFetch(`${base}/api/payments/initiate`, { method: "POST", body, schema: initiateReplySchema }),
    create: (body: PaymentCreateRequest): Promise<PaymentCreateResponse> =>
      apiFetch(`${base}/api/payments/create`, { method: "POST", body, schema: paymentCreateResponseSchema }),
    downgrade: (body: DowngradeRequest): Promise<DowngradeResponse> =>
      apiFetch(`${base}/api/subscriptions/downgrade-subscription`, {
        method: "POST",
        body,
        schema: downgradeResponseSchema,
      }),
    checkAndCancel: (userId: string): Promise<CheckAndCancelResponse> =>
      apiFetch(`${base}/api/subscriptions/check-and-cancel`, {
        method: "POST",
        body: { userId },
        schema: checkAndCancelResponseSchema,
      }),
  };
}
export type BillingApi = ReturnType<typeof createBillingApi>;
