import { z } from "zod";

/**
 * The closed set of error codes the API may answer with. The UI switches on `code`;
 * `message` is human text (word for word from the spec where the spec names it).
 */
export const errorCodeSchema = z.enum([
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
  /** A numeric plan limit (chatbots, monthly messages…) would be exceeded. */
  "PLAN_LIMIT_REACHED",
  /** The client-sent amount differs from the server's price for the plan. */
  "PAYMENT_AMOUNT_MISMATCH",
  /** A gateway callback whose signature does not verify. */
  "SIGNATURE_INVALID",
  /** The payment can no longer change: expired, or already decided. */
  "PAYMENT_NOT_PAYABLE",
  /** The payment gateway could not be reached or answered nonsense. */
  "GATEWAY_ERROR",
  /** A bot set to use an AI model has no model endpoint configured. */
  "MODEL_NOT_CONFIGURED",
  /** The token's workspace no longer has this user as a member (removed, or left). */
  "NOT_A_MEMBER",
  /** WhatsApp: a free-form message outside the 24 hours after the customer's last message. */
  "REPLY_WINDOW_CLOSED",
  /** A messaging channel's provider refused what it was given (a token, an id, a template). */
  "CHANNEL_REFUSED",
  /** A messaging channel's provider could not be reached or answered nonsense. */
  "CHANNEL_UNAVAILABLE",
  /** The operator's console: this action needs a sign-in within the last minutes (step-up). */
  "STEP_UP_REQUIRED",
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * A message's stable code and the values of its `{{name}}` placeholders (issue #32): clients
 * translate the code, never the English `message` (which stays word for word from the spec). Sent
 * when the message is one people see; absent for others (developers', Fastify's own).
 */
export const messageKeySchema = z.string().max(120);
export const messageValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type MessageValues = z.infer<typeof messageValuesSchema>;

export const errorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  messageKey: messageKeySchema.optional(),
  values: messageValuesSchema.optional(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** The code of `message` in the server-message catalog, and its placeholders' values. */
    messageKey: messageKeySchema.optional(),
    values: messageValuesSchema.optional(),
    requestId: z.string(),
    /** Field-level problems for VALIDATION_FAILED, keyed by dotted path. */
    details: z.array(errorDetailSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** HTTP status each code is sent with; one table so server and client agree. */
export const errorStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  PLAN_LIMIT_REACHED: 403,
  PAYMENT_AMOUNT_MISMATCH: 400,
  SIGNATURE_INVALID: 401,
  NOT_A_MEMBER: 403,
  PAYMENT_NOT_PAYABLE: 409,
  GATEWAY_ERROR: 502,
  MODEL_NOT_CONFIGURED: 422,
  REPLY_WINDOW_CLOSED: 409,
  CHANNEL_REFUSED: 422,
  CHANNEL_UNAVAILABLE: 502,
  STEP_UP_REQUIRED: 401,
};
