import { createParser } from "eventsource-parser";

export interface SseEvent {
  event: string;
  data: unknown;
  at: number;
}

/** Reads a `text/event-stream` response into events (with arrival times) until it ends. */
export async function readSse(res: Response, opts: { stopAfter?: number } = {}): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  if (!res.body) return events;
  const parser = createParser({
    onEvent: (m) => {
      events.push({
        event: m.event ?? "message",
        data: m.data ? JSON.parse(m.data) : null,
        at: performance.now(),
      });
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const full = () => opts.stopAfter !== undefined && events.length >= opts.stopAfter;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
    if (full()) {
      await reader.cancel();
      return events.slice(0, opts.stopAfter);
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
