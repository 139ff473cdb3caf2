/** One dispatched server-sent event: its `event:` name ("message" when absent) and joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental `text/event-stream` parser (the WHATWG algorithm, minus `id`/`retry`, which a
 * one-shot POST stream does not use). Text can arrive split anywhere — mid-line, between the
 * `\r` and `\n` of a CRLF, mid-field — so a trailing `\r` is held back until the next chunk shows
 * whether a `\n` follows.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = "";
  let name = "";
  let data: string[] = [];
  let first = true;

  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onEvent({ event: name || "message", data: data.join("\n") });
      name = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  };

  const drain = (final: boolean) => {
    for (;;) {
      const at = buffer.search(/[\r\n]/);
      if (at < 0) break;
      if (buffer[at] === "\r" && at === buffer.length - 1 && !final) break;
      const skip = buffer[at] === "\r" && buffer[at + 1] === "\n" ? 2 : 1;
      const text = buffer.slice(0, at);
      buffer = buffer.slice(at + skip);
      line(text);
    }
  };

  return {
    push(text: string) {
      if (first && text) {
        // A byte-order mark may open the stream; it is not part of the first field name.
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      buffer += text;
      drain(false);
    },
    /** End of stream: a last line without its newline is processed; an unterminated event is dropped (per spec). */
    end() {
      drain(true);
      buffer = "";
    },
  };
}

/** Reads a fetch body to the end, calling `onEvent` for each event as it arrives. */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void) {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (err) {
    // Stop the download too when a handler gives up on the stream.
    await reader.cancel().catch(() => {});
    throw err;
  }
}
