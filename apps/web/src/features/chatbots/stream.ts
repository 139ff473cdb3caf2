import {
  errorBodySchema,
  type StreamDone,
  streamDeltaSchema,
  streamDoneSchema,
  streamErrorSchema,
  streamStartSchema,
} from "@parley/contracts";
import type { TokenProvider } from "../../app/api";

/**
 * The playground's client for one streamed reply: a `fetch` POST answered with
 * `text/event-stream`, read incrementally (`EventSource` cannot POST or send a Bearer token).
 */

export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export interface EventStreamParser {
  /** Feed decoded text as it arrives, cut anywhere (mid-line, mid-field, between \r and \n). */
  push(text: string): void;
  /** The stream ended. A last event without its terminating blank line is dropped, as browsers do. */
  end(): void;
}

/**
 * An incremental `text/event-stream` parser following the HTML standard: lines end in \n, \r\n or
 * \r; a blank line dispatches the event; `data` lines are joined with \n; lines starting with ":"
 * are comments; unknown fields are ignored.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void): EventStreamParser {
  let buffer = "";
  let started = false;
  let eventType = "";
  let dataLines: string[] = [];
  let lastId: string | undefined;

  const dispatch = () => {
    const hasData = dataLines.length > 0;
    const event = { event: eventType || "message", data: dataLines.join("\n"), id: lastId };
    eventType = "";
    dataLines = [];
    if (hasData) onEvent(event);
  };

  const processLine = (line: string) => {
    if (line === "") {
      dispatch();
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventType = value;
    else if (field === "data") dataLines.push(value);
    else if (field === "id" && !value.includes("\0")) lastId = value;
  };

  return {
    push(text) {
      buffer += text;
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.startsWith("\uFEFF")) buffer = buffer.slice(1);
      }
      let lineStart = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== "\n" && ch !== "\r") continue;
        // A \r at the very end may be the first half of \r\n: wait for the next chunk.
        if (ch === "\r" && i === buffer.length - 1) break;
        processLine(buffer.slice(lineStart, i));
        if (ch === "\r" && buffer[i + 1] === "\n") i++;
        lineStart = i + 1;
      }
      buffer = buffer.slice(lineStart);
    },
    end() {
      if (buffer === "\r") processLine("");
      buffer = "";
      eventType = "";
      dataLines = [];
    },
  };
}

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

const NETWORK_MESSAGE = "We couldn't reach Parley. Check your connection and try again.";
const INTERRUPTED_MESSAGE = "The answer was cut off before it finished. Try again.";
const INVALID_MESSAGE = "The server sent an answer we didn't understand. Try again.";

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
  if (response.status === 404)
    return { code: "NOT_FOUND", message: "This chatbot no longer exists.", requestId };
  if (response.status === 429)
    return {
      code: "RATE_LIMITED",
      message: "Too many messages at once. Wait a moment and try again.",
      requestId,
    };
  return {
    code: response.status >= 500 ? "SERVICE_UNAVAILABLE" : "BAD_REQUEST",
    message: `The request failed with status ${response.status}. Try again.`,
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

  const send = (token: string | null) =>
    doFetch(request.url, {
      method: "POST",
      headers: {
        accept: "text/event-stream",
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(request.body),
      credentials: "include",
      signal,
    });

  let response: Response;
  try {
    const token = getToken ? await getToken() : null;
    response = await send(token);
    // An expired token: refresh once and retry once, like apiFetch.
    if (response.status === 401 && getToken && token) {
      const fresh = await getToken({ forceRefresh: true });
      if (fresh && fresh !== token) {
        await response.body?.cancel().catch(() => undefined);
        response = await send(fresh);
      }
    }
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

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  // An object, not a `let`: the parser callback sets it, and TypeScript would not see that.
  const state: { outcome: StreamOutcome | null } = { outcome: null };

  const parser = createEventStreamParser((event) => {
    if (state.outcome || aborted()) return;
    switch (event.event) {
      case "start":
        request.onStart?.(parseData(streamStartSchema, event.data));
        return;
      case "delta":
        request.onDelta?.(parseData(streamDeltaSchema, event.data).text);
        return;
      case "done": {
        const done = parseData(streamDoneSchema, event.data);
        state.outcome = "done";
        request.onDone?.(done);
        return;
      }
      case "error": {
        const error = parseData(streamErrorSchema, event.data);
        state.outcome = "error";
        request.onError?.({ code: error.code, message: error.message, requestId });
        return;
      }
      default:
        // Events a newer server may add are ignored.
        return;
    }
  });

  try {
    while (!state.outcome) {
      const { value, done } = await reader.read();
      if (done) {
        parser.push(decoder.decode());
        parser.end();
        break;
      }
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    if (aborted()) return "aborted";
    if (err instanceof BadEvent)
      return fail({ code: "INVALID_RESPONSE", message: INVALID_MESSAGE, requestId });
    return fail({ code: "STREAM_INTERRUPTED", message: INTERRUPTED_MESSAGE, requestId });
  }
  if (state.outcome) {
    // Anything after the final event is not ours to read.
    await reader.cancel().catch(() => undefined);
    return aborted() ? "aborted" : state.outcome;
  }
  return fail({ code: "STREAM_INTERRUPTED", message: INTERRUPTED_MESSAGE, requestId });
}
