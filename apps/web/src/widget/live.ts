import type { ConversationStatus, WidgetMessage } from "@parley/contracts";
import { readSse } from "../lib/sse";
import { isMessage, WidgetApiError } from "./api";

/**
 * Live chat on the visitor's side: the conversation's event stream (GET …/conversations/:id/events),
 * kept open while the page is shown and resumed after a drop from the last event id seen, so
 * nothing is lost; and the bookkeeping that keeps a message from being shown twice.
 */

export type LiveEvent =
  | { type: "ready"; resumed: boolean }
  | { type: "message"; message: WidgetMessage }
  | { type: "status"; status: ConversationStatus; agent: string | null }
  | { type: "typing"; name: string };

const STATUSES: readonly string[] = ["bot", "waiting", "claimed", "closed"];

/** While a person has (or is asked for) the conversation, the bot stays silent. */
export const withTeam = (status: ConversationStatus) => status === "waiting" || status === "claimed";

/** One event of the stream as the chat uses it; null for anything else (or malformed). */
export function liveEvent(event: string, data: string): LiveEvent | null {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  if (event === "ready") return { type: "ready", resumed: v.resumed === true };
  if (event === "message") return isMessage(v.message) ? { type: "message", message: v.message } : null;
  if (event === "status" && STATUSES.includes(v.status as string)) {
    const who = v.assignee as { name?: unknown } | null;
    const agent = typeof who?.name === "string" && who.name ? who.name : null;
    return { type: "status", status: v.status as ConversationStatus, agent };
  }
  if (event === "typing" && typeof v.name === "string" && v.name) return { type: "typing", name: v.name };
  return null;
}

/** What the server stores of a visitor's text: without direction controls, trimmed. */
const stored = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, "").trim();

/**
 * Which messages are on screen, by id. The visitor's own message is drawn before the server has
 * numbered it, and while the team holds the conversation the stream carries it too (sometimes
 * before the answer to the POST says its id): one sent but not yet numbered is matched by its text.
 */
export function createSeen() {
  const ids = new Set<string>();
  const pending: string[] = [];
  const drop = (text: string) => {
    const i = pending.indexOf(stored(text));
    if (i >= 0) pending.splice(i, 1);
    return i >= 0;
  };
  return {
    add: (id: string) => void ids.add(id),
    has: (id: string) => ids.has(id),
    /** The visitor's message is on screen, on its way to the server. */
    sending: (text: string) => void pending.push(stored(text)),
    /** The server numbered it (`start`), or it never got there (null). */
    sent(text: string, id: string | null) {
      drop(text);
      if (id) ids.add(id);
    },
    /** A message from the stream: true when it is not on screen yet (it is counted as shown). */
    fresh(m: Pick<WidgetMessage, "_id" | "role" | "content">): boolean {
      if (ids.has(m._id)) return false;
      ids.add(m._id);
      return !(m.role === "user" && drop(m.content));
    },
  };
}

/**
 * The pause before reconnecting after `failures` failed or dropped connections in a row (1 or
 * more): 1, 2, 4 … 30 s, each halved at random ("equal jitter") so that a server restart does not
 * bring every visitor back in the same second.
 */
export const reconnectDelayMs = (failures: number, random = Math.random()) => {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base / 2 + (random * base) / 2);
};

export interface LiveStreamOptions {
  /** Opens the stream after `lastId` (the API call, which sends it as `Last-Event-ID`). */
  open(lastId: string, signal: AbortSignal): Promise<Response>;
  /** Where to resume: the conversation's last event id when it was loaded. */
  lastId: string;
  onEvent(event: LiveEvent): void;
  /** No byte for this long (the server's heartbeat comes every 20 s) means a dead connection. */
  idleMs?: number;
  /** A connection that lasted this long was a good one: the next drop starts the backoff over. */
  goodMs?: number;
  delayMs?: (failures: number) => number;
}

/**
 * Keeps the event stream open: reconnects after a drop with backoff and jitter, resuming from the
 * last `id:` seen; stops for good when the conversation is gone or refused (404, 403).
 * `pause()` closes the connection until `resume()` (a hidden page holds no connection).
 */
export function liveStream(options: LiveStreamOptions) {
  const { idleMs = 45_000, goodMs = 10_000, delayMs = reconnectDelayMs } = options;
  let lastId = options.lastId;
  let failures = 0;
  let stopped = false;
  let paused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: AbortController | null = null;

  const connect = async () => {
    clearTimeout(timer);
    if (stopped || paused || current) return;
    const mine = new AbortController();
    current = mine;
    const began = Date.now();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => mine.abort(), idleMs);
    };
    try {
      alive();
      const res = await options.open(lastId, mine.signal);
      if (!res.body) throw new Error("no body");
      const watched = res.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, out) {
            alive();
            out.enqueue(chunk);
          },
        }),
      );
      await readSse(watched, (e) => {
        if (e.id) lastId = e.id;
        const event = liveEvent(e.event, e.data);
        if (event) options.onEvent(event);
      });
    } catch (err) {
      if (err instanceof WidgetApiError && (err.status === 404 || err.status === 403)) stopped = true;
    } finally {
      clearTimeout(idle);
      mine.abort();
    }
    if (current !== mine) return;
    current = null;
    if (stopped || paused) return;
    failures = Date.now() - began >= goodMs ? 1 : failures + 1;
    timer = setTimeout(connect, delayMs(failures));
  };

  const now = () => {
    failures = 0;
    void connect();
  };
  // Back online: no need to wait out the backoff.
  globalThis.addEventListener?.("online", now);
  void connect();

  return {
    /** The last event id seen (what the next connection resumes from). */
    lastId: () => lastId,
    /** A newer starting point (the conversation was reloaded): only ever moves forward. */
    skipTo(id: number) {
      if (id > Number(lastId)) lastId = String(id);
    },
    pause() {
      paused = true;
      clearTimeout(timer);
      current?.abort();
      current = null;
    },
    resume() {
      if (!paused) return;
      paused = false;
      now();
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      current?.abort();
      current = null;
      globalThis.removeEventListener?.("online", now);
    },
  };
}
export type LiveStream = ReturnType<typeof liveStream>;
