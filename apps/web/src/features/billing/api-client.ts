import {
  type CheckAndCancelResponse,
  checkAndCancelResponseSchema,
  type DowngradeRequest,
  downgradeResponseSchema,
  type Payment,
  type PaymentCreateRequest,
  type PaymentInitiateRequest,
  type PlanChange,
  paymentCreateResponseSchema,
  paymentInitiateResponseSchema,
  paymentListSchema,
  paymentSchema,
  planChangeListSchema,
  type SubscriptionDetails,
  subscriptionDetailsSchema,
} from "@parley/contracts";
import type { z } from "zod";
import { apiFetch } from "../../lib/api";
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
  planChanges: (userId: string) => [...billingKeys.user(userId), "plan-changes"] as const,
};

/**
 * The replies the flows interpret themselves (spec §5), parsed leniently so a reply that only
 * carries the server's verdict still reaches them with its message, instead of failing the
 * contract and falling back to a default (server message preferred, spec §8):
 * - initiation: a refusal may carry only `success` and a message; a missing URL or track id
 *   becomes the spec's message;
 * - record: `{success: false}` is 'Failed to create payment record';
 * - downgrade: a reply without data, or whose message contains 'Failed', is a failure showing
 *   that message.
 */
export const initiateReplySchema = paymentInitiateResponseSchema.partial({
  message: true,
  payment_url: true,
  track_id: true,
});
export const recordReplySchema = paymentCreateResponseSchema.partial({ status: true });
export const downgradeReplySchema = downgradeResponseSchema.partial();
export type DowngradeReply = z.infer<typeof downgradeReplySchema>;
export type RecordReply = z.infer<typeof recordReplySchema>;

/** The billing calls, each parsed by its contract. `base` lets tests point it at a local server. */
export function createBillingApi(base = "") {
  return {
    subscription: (userId: string, signal?: AbortSignal): Promise<SubscriptionDetails> =>
      apiFetch(`${base}/api/subscription/details/${encodeURIComponent(userId)}`, {
        schema: subscriptionDetailsSchema,
        signal,
      }),
    planChanges: (signal?: AbortSignal): Promise<PlanChange[]> =>
      apiFetch(`${base}/api/subscription/changes`, { schema: planChangeListSchema, signal }),
    payments: (signal?: AbortSignal): Promise<Payment[]> =>
      apiFetch(`${base}/api/payments`, { schema: paymentListSchema, signal }),
    payment: (trackId: string, signal?: AbortSignal): Promise<Payment> =>
      apiFetch(`${base}/api/payments/${encodeURIComponent(trackId)}`, { schema: paymentSchema, signal }),
    initiate: (body: PaymentInitiateRequest): Promise<InitiateReply> =>
      apiFetch(`${base}/api/payments/initiate`, { method: "POST", body, schema: initiateReplySchema }),
    create: (body: PaymentCreateRequest): Promise<RecordReply> =>
      apiFetch(`${base}/api/payments/create`, { method: "POST", body, schema: recordReplySchema }),
    downgrade: (body: DowngradeRequest): Promise<DowngradeReply> =>
      apiFetch(`${base}/api/subscriptions/downgrade-subscription`, {
        method: "POST",
        body,
        schema: downgradeReplySchema,
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

/**
 * The subscription queries (billing and dashboard) do not retry on their own: a failure shows the
 * "plan details aren't available" notice with Try again at once, instead of skeletons for the
 * query client's default retries (1 s + 2 s).
 */
export const SUBSCRIPTION_RETRY = false;

/**
 * The subscription as every page loads it. Spec §8: subscription fetch errors are only logged;
 * the pages then show themselves without the plan, or a quiet notice with a retry, and never the
 * error's text. A cancelled request (the user left the page) is not an error.
 */
export async function loadSubscription(
  api: Pick<BillingApi, "subscription">,
  userId: string,
  signal?: AbortSignal,
): Promise<SubscriptionDetails> {
  try {
    return await api.subscription(userId, signal);
  } catch (error) {
    if (!signal?.aborted) console.error("[parley] could not load the subscription", error);
    throw error;
  }
}
