import type { WidgetTheme } from "@parley/contracts";

/**
 * The chat page's side of the conversation with embed.js on the host page. Messages are objects
 * `{ parley: <type>, ... }`.
 *   to the host:   ready {ok, theme?} · close · unread {count}
 *   from the host: open · close · identify {email?, name?}
 * The host's origin comes from the iframe URL's fragment (`#origin=…`, set by embed.js). It is
 * only a claim, but a safe one to rely on: postMessage delivers to the parent only if the parent
 * really has that origin, and incoming messages are accepted only when the browser-reported
 * `event.origin` matches it and they come from the parent window itself.
 */
export type HostMessage =
  | { parley: "open" }
  | { parley: "close" }
  | { parley: "identify"; email?: string; name?: string };

export type PageMessage =
  | { parley: "ready"; ok: boolean; theme?: WidgetTheme }
  | { parley: "close" }
  | { parley: "unread"; count: number };

/** The embedding page's origin, when this page is framed by embed.js; otherwise null. */
export function hostOrigin(win: Window = window): string | null {
  if (win.parent === win) return null;
  const claimed = new URLSearchParams(win.location.hash.slice(1)).get("origin");
  if (!claimed) return null;
  try {
    const url = new URL(claimed);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === claimed ? claimed : null;
  } catch {
    return null;
  }
}

const isHostMessage = (data: unknown): data is HostMessage => {
  if (typeof data !== "object" || data === null) return false;
  const type = (data as { parley?: unknown }).parley;
  return type === "open" || type === "close" || type === "identify";
};

export interface Bridge {
  framed: boolean;
  send(message: PageMessage): void;
}

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
