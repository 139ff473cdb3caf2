import { createParser } from "eventsource-parser";

/**
 * One dispatched server-sent event: its `event:` name ("message" when absent), joined `data:`
 * lines, and its `id:` when it had one (live streams resume from the last id seen).
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads a `text/event-stream` body to the end, calling `onEvent` for each event as it arrives.
 * The one SSE reader of the web app (the playground and the widget); parsing is
 * `eventsource-parser`'s (the WHATWG algorithm: chunks cut anywhere, CRLF split between reads, an
 * unterminated last event dropped). `EventSource` itself cannot POST or send our headers.
 *
 * `onEvent` returns `true` to stop reading (the rest of the body is cancelled); a throw from it
 * cancels the body too and is rethrown. Resolves `true` when stopped, `false` at the body's end.
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => unknown,
): Promise<boolean> {
  let stop = false;
  const parser = createParser({
    onEvent: (m) => {
      if (stop) return;
      const event: SseEvent = { event: m.event ?? "message", data: m.data };
      if (m.id !== undefined) event.id = m.id;
      if (onEvent(event) === true) stop = true;
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) {
        parser.feed(decoder.decode());
        return false;
      }
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
  // Anything after the event the caller stopped on is not ours to read.
  await reader.cancel().catch(() => {});
  return true;
}
