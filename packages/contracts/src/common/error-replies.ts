import type { ErrorBody, ErrorCode } from "./errors";

/** The house error body for a request (`requestId` joins it to the logs). */
export const errorBody = (
  code: ErrorCode,
  message: string,
  requestId: string,
  details?: ErrorBody["error"]["details"],
): ErrorBody => ({ error: { code, message, requestId, ...(details ? { details } : {}) } });

/** Fastify's own error codes that are the client's fault, mapped to our closed set (both services). */
export const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "BAD_REQUEST",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "BAD_REQUEST",
  FST_ERR_CTP_EMPTY_TYPE: "BAD_REQUEST",
  FST_ERR_CTP_INVALID_TYPE: "BAD_REQUEST",
};
