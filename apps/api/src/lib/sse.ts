import type { FastifyReply, FastifyRequest } from "fastify";

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
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-request-id": request.id,
    ...headers,
  });
  raw.flushHeaders();
  let ended = false;
  raw.on("close", () => {
    if (!ended) controller.abort();
  });
  return {
    signal: controller.signal,
    send(event, data) {
      if (ended || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      raw.end();
    },
  };
}
