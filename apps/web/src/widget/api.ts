import type {
  Citation,
  Feedback,
  HandoffResult,
  LeadInput,
  StreamDone,
  WidgetConfig,
  WidgetConversation,
  WidgetMessage,
  WidgetSession,
} from "@parley/contracts";
import { readSse } from "../lib/sse";
import { language, serverText, t } from "./lang";
import type { SignedCustomer } from "./visitor";

// Types only from the contracts: zod itself would cost more than this whole page. Responses are
// checked by the small guards below instead, so a changed API fails loudly, not half-rendered.

/** A failed call: the API's error code (or NETWORK / BAD_RESPONSE) and a message fit for a visitor. */
export class WidgetApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isStrOrNull = (v: unknown) => v === null || isStr(v);
const isBoolOrNull = (v: unknown) => v === null || typeof v === "boolean";
// Generic functions as declarations: `<T>(…) =>` would read as JSX to the catalog scan's TSX parser.
function isArrOf<T>(v: unknown, item: (x: unknown) => x is T): v is T[] {
  return Array.isArray(v) && v.every(item);
}

export const isCitation = (v: unknown): v is Citation =>
  isObj(v) && isStr(v.sourceId) && isStr(v.title) && isStr(v.kind) && isStrOrNull(v.url) && isStr(v.snippet);

export const isConfig = (v: unknown): v is WidgetConfig =>
  isObj(v) &&
  isStr(v._id) &&
  isStr(v.name) &&
  (v.language === "en" || v.language === "ar") &&
  isStr(v.greeting) &&
  isArrOf(v.suggestedQuestions, isStr) &&
  isObj(v.theme) &&
  isStr(v.theme.primaryColor) &&
  isStr(v.theme.position) &&
  isStr(v.theme.launcherText) &&
  typeof v.leadCapture === "boolean" &&
  typeof v.showBranding === "boolean" &&
  (v.greetingBubble === null ||
    (isObj(v.greetingBubble) &&
      isStr(v.greetingBubble.text) &&
      typeof v.greetingBubble.delaySeconds === "number"));

export const isMessage = (v: unknown): v is WidgetMessage =>
  isObj(v) &&
  isStr(v._id) &&
  (v.role === "user" || v.role === "assistant" || v.role === "agent") &&
  // A team member's reply names them; the others name nobody.
  (v.author == null || (isObj(v.author) && isStr(v.author.name))) &&
  isStr(v.content) &&
  isArrOf(v.citations, isCitation) &&
  isBoolOrNull(v.answered) &&
  (v.feedback === null || v.feedback === "up" || v.feedback === "down");

export const isConversation = (v: unknown): v is WidgetConversation =>
  isObj(v) && isStr(v._id) && isArrOf(v.messages, isMessage) && typeof v.leadCaptured === "boolean";

export const isSession = (v: unknown): v is WidgetSession =>
  isObj(v) &&
  isObj(v.identity) &&
  (v.identity.status === "anonymous" ||
    v.identity.status === "verified" ||
    v.identity.status === "refused") &&
  isStrOrNull(v.identity.message) &&
  (v.conversation === null || isConversation(v.conversation));

/** The answer to "talk to a person" (the button's call, or the stream's `handoff` event). */
export const isHandoff = (v: unknown): v is HandoffResult =>
  isObj(v) &&
  isStr(v.status) &&
  typeof v.withinHours === "boolean" &&
  typeof v.offerLead === "boolean" &&
  (v.reply === null || (isObj(v.reply) && isStr(v.reply._id) && isStr(v.reply.content)));

/**
 * The end of an answer. `held`: the team has the conversation (or was just asked for), so the bot
 * said nothing; `handoff` is what asking for a person in words did; `offerHandoff`: the bot could
 * not answer and a person may be asked instead.
 */
export type Done = StreamDone & { held?: boolean; offerHandoff?: boolean; handoff?: HandoffResult };

export const isDone = (v: unknown): v is StreamDone =>
  isObj(v) && isStrOrNull(v.messageId) && typeof v.answered === "boolean" && isArrOf(v.citations, isCitation);

/** The API's `{error:{code,message}}` body as a WidgetApiError (or a generic one when it has none). */
async function errorOf(res: Response): Promise<WidgetApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's HTML error page): fall through to the generic message.
  }
  const err = isObj(body) && isObj(body.error) ? body.error : null;
  const code = err && isStr(err.code) ? err.code : res.status === 429 ? "RATE_LIMITED" : "HTTP_ERROR";
  const message = err && isStr(err.message) && err.message ? serverText(code, err.message) : t("generic");
  return new WidgetApiError(code, message, res.status);
}

export interface StreamHandlers {
  /** The stored id of the visitor's message. */
  onStart?(messageId: string | null): void;
  onDelta(text: string): void;
}

/** The customer header: base64url of the UTF-8 JSON, so any name or id survives HTTP. */
export function customerHeader(customer: SignedCustomer): string {
  const bytes = new TextEncoder().encode(JSON.stringify(customer));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Who the calls speak for: set once the host page has said (see bridge.ts). */
export interface Caller {
  visitorId: string;
  customer: SignedCustomer | null;
}

export function createWidgetApi(chatbotId: string, caller: Caller, base = "") {
  const root = `${base}/api/widget/${encodeURIComponent(chatbotId)}`;
  const headers = (json: boolean): Record<string, string> => ({
    "x-parley-visitor": caller.visitorId,
    ...(caller.customer ? { "x-parley-customer": customerHeader(caller.customer) } : {}),
    ...(json ? { "content-type": "application/json" } : {}),
  });

  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(root + path, { ...init, credentials: "omit" });
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") throw err;
      throw new WidgetApiError("NETWORK", t("offline"));
    }
    if (!res.ok) throw await errorOf(res);
    return res;
  };

  async function json<T>(path: string, guard: (v: unknown) => v is T, init?: RequestInit): Promise<T> {
    const res = await call(path, init);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new WidgetApiError("BAD_RESPONSE", t("generic"), res.status);
    }
    if (!guard(body)) throw new WidgetApiError("BAD_RESPONSE", t("generic"), res.status);
    return body;
  }
  const post = (body: unknown): RequestInit => ({
    method: "POST",
    headers: headers(true),
    body: JSON.stringify(body),
  });
  const conv = (id: string) => `/conversations/${encodeURIComponent(id)}`;

  return {
    /** The bot's settings and texts, in `wanted` when the bot speaks it (else its default language). */
    config: (wanted?: string) => json(wanted ? `/config?lang=${wanted}` : "/config", isConfig),
    /** Whether the customer identity holds, and the conversation to pick up. */
    session: () => json("/session", isSession, { method: "POST", headers: headers(false) }),
    startConversation: () =>
      json("/conversations", isConversation, { method: "POST", headers: headers(false) }),
    conversation: (id: string) => json(conv(id), isConversation, { headers: headers(false) }),
    feedback: (id: string, messageId: string, value: Feedback["value"]) =>
      call(`${conv(id)}/messages/${encodeURIComponent(messageId)}/feedback`, post({ value })),
    lead: (id: string, lead: LeadInput) => call(`${conv(id)}/lead`, post(lead)),
    /** Asks for a person (live chat): the bot's reply, and whether the team was asked. */
    handoff: (id: string) =>
      json(`${conv(id)}/handoff?lang=${language()}`, isHandoff, { method: "POST", headers: headers(false) }),
    /** The visitor is typing (the team sees it while a person has the conversation). */
    typing: (id: string) => call(`${conv(id)}/typing`, { method: "POST", headers: headers(false) }),
    /** The conversation's live events after `lastId` (a stream: see live.ts). */
    events: (id: string, lastId: string, signal: AbortSignal) =>
      call(`${conv(id)}/events`, { headers: { ...headers(false), "last-event-id": lastId }, signal }),

    /**
     * Sends a message and streams the reply (fetch + POST; EventSource cannot POST or set the
     * visitor header). Resolves with the `done` event; rejects on an `error` event, on a cut
     * stream, or on a non-2xx answer (whose JSON error message is kept for the visitor).
     */
    async ask(id: string, content: string, on: StreamHandlers, signal?: AbortSignal): Promise<Done> {
      const res = await call(`${conv(id)}/messages`, { ...post({ content, language: language() }), signal });
      if (!res.body || !(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
        throw new WidgetApiError("BAD_RESPONSE", t("generic"), res.status);
      }
      const result: { done?: Done; handoff?: HandoffResult } = {};
      try {
        await readSse(res.body, ({ event, data }) => {
          let payload: unknown;
          try {
            payload = JSON.parse(data);
          } catch {
            return;
          }
          if (!isObj(payload)) return;
          if (event === "start") on.onStart?.(isStr(payload.messageId) ? payload.messageId : null);
          else if (event === "delta" && isStr(payload.text)) on.onDelta(payload.text);
          else if (event === "handoff" && isHandoff(payload)) result.handoff = payload;
          else if (event === "done" && isDone(payload)) result.done = payload;
          else if (event === "error") {
            throw new WidgetApiError(
              isStr(payload.code) ? payload.code : "STREAM_ERROR",
              isStr(payload.message) && payload.message
                ? serverText(isStr(payload.code) ? payload.code : "", payload.message, "answerFailed")
                : t("generic"),
            );
          }
        });
      } catch (err) {
        if (err instanceof WidgetApiError || (err instanceof DOMException && err.name === "AbortError"))
          throw err;
        throw new WidgetApiError("NETWORK", t("cutOff"));
      }
      if (!result.done) throw new WidgetApiError("NETWORK", t("cutOff"));
      return result.handoff ? { ...result.done, handoff: result.handoff } : result.done;
    },
  };
}

export type WidgetApi = ReturnType<typeof createWidgetApi>;
