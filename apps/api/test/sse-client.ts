export interface SseEvent {
  event: string;
  data: unknown;
  at: number;
}

/** Reads a `text/event-stream` response into events (with arrival times) until it ends. */
export async function readSse(res: Response, opts: { stopAfter?: number } = {}): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  if (!res.body) return events;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let idx = buffer.indexOf("\n\n");
    while (idx >= 0) {
      const block = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 2);
      idx = buffer.indexOf("\n\n");
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      events.push({ event, data: data ? JSON.parse(data) : null, at: performance.now() });
      if (opts.stopAfter !== undefined && events.length >= opts.stopAfter) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

export const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === "delta")
    .map((e) => (e.data as { text: string }).text)
    .join("");
