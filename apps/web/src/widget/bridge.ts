/**
 * The chat page's side of the conversation with embed.js on the host page. Messages are objects
 * `{ parley: <type>, ... }`.
 *   to the host:   hello {css} · close · unread {count} · greet {text, delay} · gone {why}
 *   from the host: init {visitor, who, open} · open · close · identify {who}
 *
 * The host's origin comes from the iframe URL's fragment (`#origin=…`, set by embed.js). It is
 * only a claim, but a safe one to rely on: postMessage delivers to the parent only if the parent
 * really has that origin, and incoming messages are accepted only when the browser-reported
 * `event.origin` matches it and they come from the parent window itself. So a page that frames
 * this one can only ever hand it its own visitor id, and never learns another site's: ids come
 * from the parent, are kept nowhere here, and go only to this page's own API.
 */
export type HostMessage =
  | { parley: "init"; visitor: unknown; who: unknown; open: unknown }
  | { parley: "open" }
  | { parley: "close" }
  | { parley: "identify"; who: unknown };

export type PageMessage =
  | { parley: "hello"; css: string }
  | { parley: "close" }
  | { parley: "unread"; count: number }
  | { parley: "greet"; text: string; delay: number }
  | { parley: "gone"; why: string };

/**
 * How this page is shown: on its own (a direct link), inside a page of the app itself (the live
 * demo), inside a customer's page by embed.js (`host`, with the origin it claims), or inside some
 * other page that did not say who it is (`foreign`).
 */
export type Framing =
  | { kind: "top" }
  | { kind: "app" }
  | { kind: "host"; origin: string }
  | { kind: "foreign" };

export function framing(win: Window = window): Framing {
  if (win.parent === win) return { kind: "top" };
  try {
    // Reading a cross-origin parent's location throws; a same-origin parent is the app itself.
    if (win.parent.location.origin === win.location.origin) return { kind: "app" };
  } catch {
    // Cross-origin: see whether embed.js said where it runs.
  }
  const claimed = new URLSearchParams(win.location.hash.slice(1)).get("origin");
  if (!claimed) return { kind: "foreign" };
  try {
    const url = new URL(claimed);
    const ok = (url.protocol === "https:" || url.protocol === "http:") && url.origin === claimed;
    return ok ? { kind: "host", origin: claimed } : { kind: "foreign" };
  } catch {
    return { kind: "foreign" };
  }
}

export const isHostMessage = (data: unknown): data is HostMessage => {
  if (typeof data !== "object" || data === null) return false;
  const type = (data as { parley?: unknown }).parley;
  return type === "init" || type === "open" || type === "close" || type === "identify";
};

export interface Bridge {
  /** Inside a customer's page, talking to embed.js. */
  framed: boolean;
  send(message: PageMessage): void;
}

/** Listens to the host (only the parent window, only at its origin) and talks to it. */
export function createBridge(origin: string | null, onMessage: (message: HostMessage) => void): Bridge {
  if (origin) {
    window.addEventListener("message", (event) => {
      if (event.origin !== origin || event.source !== window.parent || !isHostMessage(event.data)) return;
      onMessage(event.data);
    });
  }
  return {
    framed: origin !== null,
    send(message) {
      if (origin) window.parent.postMessage(message, origin);
    },
  };
}
