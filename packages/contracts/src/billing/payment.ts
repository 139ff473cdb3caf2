import { z } from "zod";
import { billingIntervalSchema, moneySchema } from "../plans/plan";

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

export const paymentInitiateRequestSchema = z.object({
  payment_provider: z.string().optional(),
  /** Major units as shown to the user; must equal the plan's price or the server refuses. */
  amount: z.number().nonnegative(),
  /** The plan being bought. */
  planId: z.string().min(1),
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
  userId: z.string().min(1),
  planId: z.string().min(1),
  trackId: z.string().min(1),
  amount: z.number().nonnegative(),
  username: z.string(),
  planName: z.string(),
});
export type PaymentCreateRequest = z.infer<typeof paymentCreateRequestSchema>;

export const paymentCreateResponseSchema = z.object({ success: z.boolean(), status: paymentStatusSchema });
export type PaymentCreateResponse = z.infer<typeof paymentCreateResponseSchema>;

export const paymentSchema = z.object({
  track_id: z.string(),
  planId: z.string(),
  planName: z.string(),
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
