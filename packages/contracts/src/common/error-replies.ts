import type { ErrorBody, ErrorCode, MessageValues } from "./errors";

/** A message's code and values (`messageKey`, `values`), when it has them. */
export interface MessageKeyOf {
  messageKey?: string | undefined;
  values?: MessageValues | undefined;
}

/**
 * The house error body for a request (`requestId` joins it to the logs). `keyed` is the message's
 * code and values (the services find them in the server-message catalog of @parley/ui).
 */
export const errorBody = (
  code: ErrorCode,
  message: string,
  requestId: string,
  details?: ErrorBody["error"]["details"],
  keyed?: MessageKeyOf,
): ErrorBody => ({
  error: {
    code,
    message,
    ...(keyed?.messageKey ? { messageKey: keyed.messageKey } : {}),
    ...(keyed?.messageKey && keyed.values && Object.keys(keyed.values).length
      ? { values: keyed.values }
      : {}),
    requestId,
    ...(details ? { details } : {}),
  },
});

/** Fastify's own error codes that are the client's fault, mapped to our closed set (both services). */
export const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "BAD_REQUEST",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "BAD_REQUEST",
  FST_ERR_CTP_EMPTY_TYPE: "BAD_REQUEST",
  FST_ERR_CTP_INVALID_TYPE: "BAD_REQUEST",
};
