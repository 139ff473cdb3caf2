import type { Server, ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Streams not yet ended, per HTTP server: a shutting-down replica waits for them to settle. */
const openStreams = new WeakMap<Server, { count: number; waiters: Set<() => void> }>();

/** Number of answer streams open on this server. */
export function openStreamCount(server: Server): number {
  return openStreams.get(server)?.count ?? 0;
}

/**
 * Resolves once every stream of the server has ended, i.e. its handler is done (its answer
 * stored, even when the client went away or the connection was cut at the shutdown deadline).
 */
export function streamsSettled(server: Server): Promise<void> {
  const entry = openStreams.get(server);
  if (!entry || entry.count === 0) return Promise.resolve();
  return new Promise((resolve) => entry.waiters.add(resolve));
}

/**
 * Deltas that follow the first within this window go out together, as one `delta` event in one
 * write: a model streams a token every 10–30 ms, and every write is a syscall through the whole
 * TCP stack (writev was a quarter of the API's CPU with 200 visitors streaming at once). The first
 * delta and every other event go out at once; 40 ms is below what a reader sees as stutter.
 */
export const DELTA_COALESCE_MS = 40;

/** One event in the `text/event-stream` format, with its id when the stream can resume. */
export const sseFrame = (event: string, data: unknown, id?: number): string =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Takes the response over from Fastify and writes the head every event stream of the API has
 * (an answer's, the live inbox's and chat's): no caching or transforming on the way, no buffering
 * in a proxy (nginx's `X-Accel-Buffering`), the request id, and `headers` on top. Returns the
 * raw response to write the events to.
 */
export function writeEventStreamHead(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = {},
): ServerResponse {
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-request-id": request.id,
    ...headers,
  });
  return reply.raw;
}

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client goes away before the stream ended. */
  signal: AbortSignal;
}

/**
 * Turns the reply into a `text/event-stream` (one stream per answer). Headers are flushed at once
 * so the browser sees the stream start before the first token; a client disconnect aborts
 * `signal`, which the caller passes to the model so the upstream call stops too.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = {},
): EventStream {
  const controller = new AbortController();
  const raw = writeEventStreamHead(request, reply, headers);
  let ended = false;
  const server = request.server.server;
  const entry = openStreams.get(server) ?? { count: 0, waiters: new Set<() => void>() };
  openStreams.set(server, entry);
  entry.count++;
  // Apps built without metrics (none today) simply skip them.
  const metrics = (request.server as Partial<Pick<typeof request.server, "metrics">>).metrics;
  const route = request.routeOptions.url ?? "unmatched";
  metrics?.sseOpen.inc();
  let answered = false;
  /** Delta text held back for the next write, and when that write is due. */
  let heldText = "";
  let flushTimer: NodeJS.Timeout | undefined;
  let lastDeltaWrite = 0;
  /**
   * Events other than deltas wait for the end of the current turn of the event loop, so that
   * what a handler sends together leaves in one write: the headers with `start`, the last text
   * with `done`, and `done` with the end of the response.
   */
  let queued = "";
  let flushScheduled = false;
  /** Whether anything went out yet (the headers go with the first write). */
  let wrote = false;
  const write = (chunk: string) => {
    wrote = true;
    if (!raw.destroyed) raw.write(chunk);
  };
  /** The held delta text as an event (and the timer for it cleared), or "". */
  const takeHeld = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (!heldText) return "";
    const text = heldText;
    heldText = "";
    lastDeltaWrite = performance.now();
    return sseFrame("delta", { text });
  };
  const flushQueued = () => {
    flushScheduled = false;
    if (ended || !queued) return;
    const chunk = queued;
    queued = "";
    write(chunk);
  };
  const flushHeld = () => {
    const chunk = queued + takeHeld();
    queued = "";
    if (chunk) write(chunk);
  };
  // The headers go out with the first event sent in this turn, or alone at its end (so the
  // browser sees the stream start before the first token either way).
  flushScheduled = true;
  queueMicrotask(() => {
    if (queued) flushQueued();
    else {
      flushScheduled = false;
      if (!ended && !wrote && !raw.destroyed) raw.flushHeaders();
    }
  });
  raw.on("close", () => {
    clearTimeout(flushTimer);
    if (!ended) controller.abort();
  });
  return {
    signal: controller.signal,
    send(event, data) {
      if (ended || raw.destroyed) return;
      const text = event === "delta" ? (data as { text?: unknown }).text : undefined;
      if (typeof text === "string") {
        if (!answered) {
          answered = true;
          metrics?.firstToken.observe({ route }, reply.elapsedTime / 1000);
        }
        heldText += text;
        const due = lastDeltaWrite + DELTA_COALESCE_MS - performance.now();
        if (lastDeltaWrite === 0 || due <= 0) flushHeld();
        else flushTimer ??= setTimeout(flushHeld, due);
        return;
      }
      // Any other event goes out at the end of this turn, after the text it follows.
      queued += takeHeld() + sseFrame(event, data);
      if (!flushScheduled) {
        flushScheduled = true;
        queueMicrotask(flushQueued);
      }
    },
    end() {
      if (ended) return;
      const rest = queued + takeHeld();
      queued = "";
      ended = true;
      if (raw.destroyed) raw.end();
      else raw.end(rest);
      metrics?.sseOpen.dec();
      entry.count--;
      if (entry.count === 0) {
        for (const resolve of entry.waiters) resolve();
        entry.waiters.clear();
      }
    },
  };
}
