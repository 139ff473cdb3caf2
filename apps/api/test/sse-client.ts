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

export const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === "delta")
    .map((e) => (e.data as { text: string }).text)
    .join("");
