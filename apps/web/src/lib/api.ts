import { errorBodySchema } from "@parley/contracts";
import type { output, ZodType } from "zod";
import { ApiError, type ApiErrorCode } from "./api-error";
import { networkError, UNREACHABLE } from "./network-error";
import { fetchWithToken, type TokenProvider } from "./with-token";

export { ApiError, isApiError } from "./api-error";
export type { TokenProvider } from "./with-token";

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface BaseOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiFetchOptions<S extends ZodType> extends BaseOptions {
  /** The contract the success body must satisfy; the parsed value is returned. */
  schema: S;
}

/**
 * The session layer (features/session) installs a provider that returns the cached access token,
 * refreshing it when needed. Without one, requests go out without Authorization.
 */
let getAccessToken: TokenProvider | undefined;

export function setTokenProvider(provider: TokenProvider | undefined): void {
  getAccessToken = provider;
}

const FALLBACK_STATUS = 500;

/**
 * The one way the web app talks to the API. Resolves with the success body parsed by `schema`;
 * rejects with an `ApiError` that carries the server's status, code, message and request id.
 * An aborted request rejects with the abort reason untouched, so TanStack Query sees a
 * cancellation rather than a failure.
 */
export function apiFetch<S extends ZodType>(path: string, options: ApiFetchOptions<S>): Promise<output<S>>;
export function apiFetch(path: string, options?: BaseOptions): Promise<void>;
export async function apiFetch(
  path: string,
  options: BaseOptions & { schema?: ZodType } = {},
): Promise<unknown> {
  const { method = options.body === undefined ? "GET" : "POST", body, signal, schema } = options;
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await fetchWithToken(getAccessToken, path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "include",
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw networkError(UNREACHABLE, err);
  }

  const headerRequestId = response.headers.get("x-request-id") ?? undefined;
  if (!response.ok) throw await errorFromResponse(response, headerRequestId);

  if (!schema) return undefined;
  let json: unknown;
  try {
    json = response.status === 204 ? undefined : await response.json();
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw invalidResponse(headerRequestId, err);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidResponse(headerRequestId, parsed.error);
  return parsed.data;
}

function invalidResponse(requestId: string | undefined, cause: unknown): ApiError {
  return new ApiError({
    status: FALLBACK_STATUS,
    code: "INVALID_RESPONSE",
    // i18n-ignore: the error's English message, like a server's; people see it through useErrorText, which gives other languages the code's message
    message: "The server sent a response we didn't understand. Please try again.",
    requestId,
    cause,
  });
}

/** Status codes without an error body (a proxy's 502, say) still map onto our closed set. */
function codeForStatus(status: number): ApiErrorCode {
  if (status === 400) return "BAD_REQUEST";
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 409) return "CONFLICT";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 502 || status === 503 || status === 504) return "SERVICE_UNAVAILABLE";
  return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
}

async function errorFromResponse(response: Response, headerRequestId: string | undefined): Promise<ApiError> {
  const status = response.status || FALLBACK_STATUS;
  let text = "";
  try {
    text = await response.text();
  } catch {
    // The body could not be read; fall through to the status-based message.
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, messageKey, values, requestId, details } = parsed.data.error;
    return new ApiError({ status, code, message, messageKey, values, requestId, details });
  }
  // Prefer whatever the server said, even outside our error shape (a gateway, an old build).
  const said = looseMessage(json);
  return new ApiError({
    status,
    code: codeForStatus(status),
    message:
      said ??
      // i18n-ignore: the error's English message, like a server's; people see it through useErrorText, which gives other languages the code's message
      `Request failed with status ${status}${response.statusText ? ` (${response.statusText})` : ""}`,
    requestId: headerRequestId,
    fromServer: said !== undefined,
  });
}

function looseMessage(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const record = json as Record<string, unknown>;
  if (typeof record.message === "string" && record.message) return record.message;
  if (typeof record.error === "string" && record.error) return record.error;
  const nested = record.error;
  if (typeof nested === "object" && nested !== null) {
    const message = (nested as Record<string, unknown>).message;
    if (typeof message === "string" && message) return message;
  }
  return undefined;
}
