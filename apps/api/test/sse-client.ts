import { createParser } from "eventsource-parser";

export interface SseEvent {
  event: string;
  data: unknown;
  at: number;
  /** The event's `id:` line, when it had one. */
  id?: string;
}

/** Reads a `text/event-stream` response into events (with arrival times) until it ends. */
export async function readSse(res: Response, opts: { stopAfter?: number } = {}): Promise<SseEvent[]> {
  const stream = sseEvents(res);
  const events: SseEvent[] = [];
  for (let e = await stream.next(); e; e = await stream.next()) {
    events.push(e);
    if (opts.stopAfter !== undefined && events.length >= opts.stopAfter) {
      await stream.cancel();
      break;
    }
  }
  return events;
}

/**
 * Reads events one at a time: `next()` resolves with the next event, or undefined when the stream
 * ended (cleanly or cut off).
 */
export function sseEvents(res: Response) {
  const queue: SseEvent[] = [];
  const parser = createParser({
    onEvent: (m) => {
      queue.push({
        event: m.event ?? "message",
        data: m.data ? JSON.parse(m.data) : null,
        at: performance.now(),
        ...(m.id === undefined ? {} : { id: m.id }),
      });
    },
  });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let ended = false;
  return {
    async next(): Promise<SseEvent | undefined> {
      while (queue.length === 0 && !ended && reader) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) ended = true;
        else parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
      return queue.shift();
    },
    /** Stops reading (the connection is closed). */
    async cancel() {
      ended = true;
      await reader?.cancel();
    },
    /** Every event up to the end of the stream. */
    async rest(): Promise<SseEvent[]> {
      const events: SseEvent[] = [];
      for (let e = await this.next(); e; e = await this.next()) events.push(e);
      return events;
    },
  };
}

export const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === "delta")
    .map((e) => (e.data as { text: string }).text)
    .join("");
