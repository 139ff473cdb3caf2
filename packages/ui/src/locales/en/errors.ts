/**
 * One message per closed error code (and the two the client adds). The apps show these in the
 * user's language; a server's English text is shown only to English readers (see
 * `server-messages.ts`, which also translates the server's specific messages).
 */
const errors = {
  codes: {
    BAD_REQUEST: "The request could not be understood. Please check what you entered and try again.",
    VALIDATION_FAILED: "Some of what you entered needs fixing.",
    UNAUTHORIZED: "Your session has ended. Please sign in again.",
    FORBIDDEN: "Your role in this workspace does not allow this.",
    NOT_FOUND: "We could not find what you were looking for.",
    CONFLICT: "This conflicts with a change made elsewhere. Reload and try again.",
    RATE_LIMITED: "Too many requests. Please wait a moment and try again.",
    PAYLOAD_TOO_LARGE: "That is too large to upload.",
    UNSUPPORTED_MEDIA_TYPE: "That file type is not supported.",
    SERVICE_UNAVAILABLE: "The service is temporarily unavailable. Please try again shortly.",
    INTERNAL: "Something went wrong on our side. Please try again.",
    PLAN_LIMIT_REACHED: "You have reached a limit of your plan. Upgrade to go further.",
    PAYMENT_AMOUNT_MISMATCH: "The price has changed. Please review the amount and try again.",
    SIGNATURE_INVALID: "The payment confirmation could not be verified.",
    PAYMENT_NOT_PAYABLE: "This payment can no longer be completed.",
    GATEWAY_ERROR: "The payment gateway could not be reached. Please try again.",
    MODEL_NOT_CONFIGURED: "This chatbot's AI model is not set up yet.",
    NOT_A_MEMBER: "You are no longer a member of this workspace.",
    NETWORK_ERROR: "We could not reach the server. Check your connection and try again.",
    INVALID_RESPONSE: "The server sent an answer we could not read. Please try again.",
    REPLY_WINDOW_CLOSED:
      "WhatsApp allows only an approved template more than 24 hours after the customer's last message.",
    CHANNEL_REFUSED: "Meta refused the WhatsApp connection. Check the details and try again.",
    CHANNEL_UNAVAILABLE: "Meta could not be reached just now. Please try again in a minute.",
    STEP_UP_REQUIRED: "For your security, sign in again to continue.",
  },
} as const;

export default errors;
