import { z } from "zod";
import { idText, safeText, withoutNul } from "../common/text";
import { billingIntervalSchema, moneySchema, planNamesSchema } from "../plans/plan";

/** Spec: 'mastercard' for card, anything else means 'benefit'. */
export const paymentMethodSchema = z.enum(["mastercard", "benefit"]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const toPaymentMethod = (provider: string | undefined): PaymentMethod =>
  provider === "mastercard" ? "mastercard" : "benefit";

export const paymentStatusSchema = z.enum([
  "pending",
  "captured",
  "failed",
  "canceled",
  "expired",
  "amount_mismatch",
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * POST /api/payments/initiate. The spec's payload is `payment_provider` and `amount`; the server
 * also has to know which plan is bought, because the gateway's callback grants that plan and the
 * server, not the client, sets the price. So:
 * - `planId` (what the web app sends) names the plan; `amount` must equal its price.
 * - Without `planId`, the plan is the one active plan priced at `amount`, narrowed by `planName`
 *   (case-insensitive) when given. No plan at that price: 400 PAYMENT_AMOUNT_MISMATCH; a name no
 *   active plan has: 404; several plans at that price: 400 VALIDATION_FAILED naming `planId`.
 */
export const paymentInitiateRequestSchema = z.object({
  payment_provider: safeText().max(40).optional(),
  /** Major units as shown to the user; must equal the plan's price or the server refuses. */
  amount: z.number().nonnegative(),
  /** The plan being bought; optional for the spec's payload (see above). */
  planId: idText().optional(),
  /** The plan's name, to choose between plans of the same price when `planId` is absent. */
  planName: withoutNul(z.string().trim().min(1).max(100)).optional(),
});
export type PaymentInitiateRequest = z.infer<typeof paymentInitiateRequestSchema>;

export const paymentInitiateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  payment_url: z.string(),
  track_id: z.string(),
});
export type PaymentInitiateResponse = z.infer<typeof paymentInitiateResponseSchema>;

export const paymentCreateRequestSchema = z.object({
  userId: idText(),
  planId: idText(),
  trackId: idText(),
  amount: z.number().nonnegative(),
  username: safeText().max(200),
  planName: safeText().max(200),
});
export type PaymentCreateRequest = z.infer<typeof paymentCreateRequestSchema>;

/**
 * `success`: the payment can go ahead at the gateway (pending) or already has (captured). False
 * for one that was declined, cancelled or timed out before it was recorded: the client then shows
 * the spec's 'Failed to create payment record' instead of sending the user to the gateway.
 */
export const paymentCreateResponseSchema = z.object({ success: z.boolean(), status: paymentStatusSchema });
export type PaymentCreateResponse = z.infer<typeof paymentCreateResponseSchema>;

export const paymentSchema = z.object({
  track_id: z.string(),
  planId: z.string(),
  planName: z.string(),
  planNames: planNamesSchema,
  billingInterval: billingIntervalSchema,
  amount: moneySchema,
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  /** Human reason for a failed or declined payment, when the gateway gave one. */
  resultMessage: z.string().nullable(),
  createdAt: z.string(),
  capturedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = z.array(paymentSchema);

/** Browser local storage under key `payment_info` while the user is at the gateway (spec §3). */
export const storedPaymentInfoSchema = z.object({
  track_id: z.string(),
  amount: z.number(),
  plan_name: z.string(),
  payment_method: paymentMethodSchema,
  timestamp: z.string(),
});
export type StoredPaymentInfo = z.infer<typeof storedPaymentInfoSchema>;
