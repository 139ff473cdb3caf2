import {
  errorBodySchema,
  type StreamDone,
  streamDeltaSchema,
  streamDoneSchema,
  streamErrorSchema,
  streamStartSchema,
} from "@parley/contracts";
import en from "@parley/ui/locales/en/builder";
import { readSse } from "../../lib/sse";
import { fetchWithToken, type TokenProvider } from "../../lib/with-token";

/**
 * The playground's client for one streamed reply: a `fetch` POST answered with
 * `text/event-stream`, read incrementally (`EventSource` cannot POST or send a Bearer token).
 */

export interface StreamFailure {
  /** The server's code (MODEL_UNAVAILABLE, PLAN_LIMIT_REACHED…) or NETWORK_ERROR, INVALID_RESPONSE, STREAM_INTERRUPTED. */
  code: string;
  message: string;
  requestId?: string | undefined;
}

export interface StreamHandlers {
  onStart?: (start: { messageId: string | null }) => void;
  onDelta?: (text: string) => void;
  onDone?: (done: StreamDone) => void;
  onError?: (error: StreamFailure) => void;
}

export interface StreamRequest extends StreamHandlers {
  url: string;
  /** Serialised as JSON. */
  body: unknown;
  signal?: AbortSignal | undefined;
  /** The app's token provider (features/session); without one no Authorization is sent. */
  getToken?: TokenProvider | undefined;
  fetch?: typeof fetch;
}

/** How a stream ended. After "aborted" no handler is called again. */
export type StreamOutcome = "done" | "error" | "aborted";

// English, from the catalog; shown through `useClientText`, which translates them.
const NETWORK_MESSAGE = en.stream.network;
const INTERRUPTED_MESSAGE = en.stream.interrupted;
const INVALID_MESSAGE = en.stream.invalid;

class BadEvent extends Error {}

function parseData<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  raw: string,
): T {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new BadEvent("not JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new BadEvent("unexpected shape");
  return parsed.data;
}

async function failureFromResponse(response: Response): Promise<StreamFailure> {
  const requestId = response.headers.get("x-request-id") ?? undefined;
  let text = "";
  try {
    text = await response.text();
  } catch {
    // Unreadable body: fall back to the status line.
  }
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) return { ...parsed.data.error };
  } catch {
    // Not our error shape (a proxy's HTML page, an empty body).
  }
  if (response.status === 404) return { code: "NOT_FOUND", message: en.stream.notFound, requestId };
  if (response.status === 429)
    return {
      code: "RATE_LIMITED",
      message: en.stream.rateLimited,
      requestId,
    };
  return {
    code: response.status >= 500 ? "SERVICE_UNAVAILABLE" : "BAD_REQUEST",
    message: en.stream.status.replace("{{status}}", String(response.status)),
    requestId,
  };
}

/**
 * Sends one message and reads the reply as it streams. Resolves when the stream ends; handlers
 * fire as events arrive. Exactly one of `onDone` / `onError` is called unless the caller aborts,
 * in which case the fetch is cancelled (the server then stops the model) and nothing else fires.
 */
export async function streamEvents(request: StreamRequest): Promise<StreamOutcome> {
  const { signal, getToken } = request;
  const doFetch = request.fetch ?? fetch;
  const aborted = () => signal?.aborted === true;

  const fail = (failure: StreamFailure): StreamOutcome => {
    if (aborted()) return "aborted";
    request.onError?.(failure);
    return "error";
  };

  let response: Response;
  try {
    response = await fetchWithToken(
      getToken,
      request.url,
      {
        method: "POST",
        headers: { accept: "text/event-stream", "content-type": "application/json" },
        body: JSON.stringify(request.body),
        credentials: "include",
        signal,
      },
      doFetch,
    );
  } catch {
    return fail({ code: "NETWORK_ERROR", message: NETWORK_MESSAGE });
  }

  const requestId = response.headers.get("x-request-id") ?? undefined;
  if (!response.ok) return fail(await failureFromResponse(response));
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.includes("text/event-stream") || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return fail({ code: "INVALID_RESPONSE", message: INVALID_MESSAGE, requestId });
  }

  // An object, not a `let`: the event callback sets it, and TypeScript would not see that.
  const state: { outcome: StreamOutcome | null } = { outcome: null };
  const body = response.body;

  try {
    await readSse(body, (event) => {
      if (aborted()) return true;
      switch (event.event) {
        case "start":
          request.onStart?.(parseData(streamStartSchema, event.data));
          return false;
        case "delta":
          request.onDelta?.(parseData(streamDeltaSchema, event.data).text);
          return false;
        case "done": {
          const done = parseData(streamDoneSchema, event.data);
          state.outcome = "done";
          request.onDone?.(done);
          return true;
        }
        case "error": {
          const error = parseData(streamErrorSchema, event.data);
          state.outcome = "error";
          request.onError?.({ code: error.code, message: error.message, requestId });
          return true;
        }
        default:
          // Events a newer server may add are ignored.
          return false;
      }
    });
  } catch (err) {
    if (aborted()) return "aborted";
    if (err instanceof BadEvent)
      return fail({ code: "INVALID_RESPONSE", message: INVALID_MESSAGE, requestId });
    return fail({ code: "STREAM_INTERRUPTED", message: INTERRUPTED_MESSAGE, requestId });
  }
  if (aborted()) return "aborted";
  if (state.outcome) return state.outcome;
  return fail({ code: "STREAM_INTERRUPTED", message: INTERRUPTED_MESSAGE, requestId });
}
