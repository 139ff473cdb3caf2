import type { ErrorCode, ErrorDetail, MessageValues } from "@parley/contracts";

/**
 * Codes the client adds to the server's closed set: the request never got an answer
 * (`NETWORK_ERROR`), or the answer did not match its contract (`INVALID_RESPONSE`).
 */
export type ApiErrorCode = ErrorCode | "NETWORK_ERROR" | "INVALID_RESPONSE";

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  requestId?: string | undefined;
  /** The message's code in the server-message catalog and its values: what the apps translate. */
  messageKey?: string | undefined;
  values?: MessageValues | undefined;
  details?: ErrorDetail[] | undefined;
  cause?: unknown;
  /**
   * Whether `message` is the server's own words (its error body) rather than one this client made
   * up for a status without a body. Defaults to true except for the client's own codes.
   */
  fromServer?: boolean;
}

/**
 * Every failed API call rejects with this. Kept free of zod so code in the initial chunk
 * (the query client's retry rule) can check `instanceof ApiError` without pulling zod in.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The server's HTTP status, or 500 when there was none (network failure, bad body). */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly requestId: string | undefined;
  /** See `ApiErrorInit.messageKey`. */
  readonly messageKey: string | undefined;
  readonly values: MessageValues | undefined;
  readonly details: ErrorDetail[] | undefined;
  /** The message is the server's (see `ApiErrorInit.fromServer`). */
  readonly fromServer: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.messageKey = init.messageKey;
    this.values = init.values;
    this.details = init.details;
    this.fromServer = init.fromServer ?? (init.code !== "NETWORK_ERROR" && init.code !== "INVALID_RESPONSE");
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
