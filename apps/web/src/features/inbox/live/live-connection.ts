import { errorBodySchema } from "@parley/contracts";
import { readSse } from "../../../lib/sse";
import type { TokenProvider } from "../../../lib/with-token";
import { fetchWithToken } from "../../../lib/with-token";
import { backoffDelay, createEventTracker, parseTeamEvent, type TeamEvent } from "./live-events";

/** What the connection is doing, for the inbox's "live" indicator. */
export type LiveConnectionState = "connecting" | "open" | "retrying" | "stopped";

export interface LiveConnectionOptions {
  /** `/api/events`. */
  url: string;
  getToken: TokenProvider | undefined;
  /** Each new event once (repeats and unknown events are dropped here). */
  onEvent: (event: TeamEvent) => void;
  /** The member was removed from the workspace: the stream stops for good. */
  onGone: () => void;
  onState?: (state: LiveConnectionState) => void;
  fetch?: typeof fetch;
  /** Waits `ms` unless `signal` aborts first (tests make time pass at once). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Why an attempt ended: try again (after the backoff), or stop for good. */
type Ended = "retry" | "gone" | "stopped";

/**
 * One `GET /api/events` stream, kept open: it reconnects after drops with a growing, jittered
 * wait (1 s → 30 s), sends `Last-Event-ID` so the server replays what was missed, and hands each
 * event on once. `ready {resumed:false}` forgets the ids remembered (the caller reloads its data).
 * Ends on `stop()`, on `gone` (the member left the workspace), and on a refusal that a retry cannot
 * change (403 NOT_A_MEMBER). Returns `stop`.
 */
export function startLiveConnection(options: LiveConnectionOptions): () => void {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const controller = new AbortController();
  const { signal } = controller;
  const tracker = createEventTracker();
  let attempt = 0;

  const setState = (state: LiveConnectionState) => {
    if (!signal.aborted || state === "stopped") options.onState?.(state);
  };

  async function once(): Promise<Ended> {
    const lastId = tracker.lastId();
    let response: Response;
    try {
      response = await fetchWithToken(
        options.getToken,
        options.url,
        {
          method: "GET",
          headers: {
            accept: "text/event-stream",
            ...(lastId !== null ? { "last-event-id": String(lastId) } : {}),
          },
          credentials: "include",
          cache: "no-store",
          signal,
        },
        doFetch,
      );
    } catch {
      return signal.aborted ? "stopped" : "retry";
    }

    if (!response.ok) {
      const code = await errorCode(response);
      return code === "NOT_A_MEMBER" ? "gone" : "retry";
    }
    if (!response.body || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
      await response.body?.cancel().catch(() => undefined);
      return "retry";
    }

    let ended: Ended = "retry";
    try {
      await readSse(response.body, (raw) => {
        if (signal.aborted) return true;
        const event = parseTeamEvent(raw);
        if (!event) return false;
        if (event.type === "gone") {
          ended = "gone";
          return true;
        }
        if (event.type === "ready") {
          // Connected: the next drop starts the backoff afresh.
          attempt = 0;
          setState("open");
          if (!event.resumed) tracker.reset();
        } else if (
          (event.type === "message" || event.type === "status" || event.type === "delivery") &&
          event.id !== null
        ) {
          if (!tracker.accept(event.id)) return false;
        }
        try {
          options.onEvent(event);
        } catch (err) {
          // A failure applying one event is not the stream's: keep reading (and say so).
          console.error("[parley] live event not applied", err);
        }
        return false;
      });
    } catch {
      // The connection broke (network, proxy, server restart): resume from the last id.
    }
    return signal.aborted ? "stopped" : ended;
  }

  void (async () => {
    setState("connecting");
    while (!signal.aborted) {
      const ended = await once();
      if (ended === "gone") {
        controller.abort();
        setState("stopped");
        options.onGone();
        return;
      }
      if (ended === "stopped" || signal.aborted) break;
      setState("retrying");
      await sleep(backoffDelay(attempt, options.random), signal);
      attempt += 1;
    }
    setState("stopped");
  })();

  return () => controller.abort();
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const parsed = errorBodySchema.safeParse(await response.json());
    return parsed.success ? parsed.data.error.code : undefined;
  } catch {
    return undefined;
  }
}
