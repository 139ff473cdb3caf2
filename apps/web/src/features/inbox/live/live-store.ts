import type { LiveConnectionState } from "./live-connection";

/**
 * What the tab's live stream knows beyond the query cache: whether it is connected, who is typing
 * right now (visitors, per conversation; ephemeral), and whether the member was removed from the
 * workspace. Read in React with `useSyncExternalStore`.
 */

/** A visitor's "typing" lasts this long after their last signal. */
export const TYPING_SHOWN_MS = 5_000;

interface LiveSnapshot {
  connection: LiveConnectionState;
  /** Conversation id → until when its visitor shows as typing (ms since the epoch). */
  typing: ReadonlyMap<string, number>;
  gone: boolean;
}

let snapshot: LiveSnapshot = { connection: "stopped", typing: new Map(), gone: false };
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function set(next: Partial<LiveSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export const liveStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): LiveSnapshot {
    return snapshot;
  },
  setConnection(connection: LiveConnectionState) {
    if (snapshot.connection !== connection) set({ connection });
  },
  /** The visitor of `conversationId` is typing (shown for TYPING_SHOWN_MS). */
  typing(conversationId: string, now = Date.now()) {
    const typing = new Map(snapshot.typing);
    typing.set(conversationId, now + TYPING_SHOWN_MS);
    set({ typing });
    const old = timers.get(conversationId);
    if (old) clearTimeout(old);
    timers.set(
      conversationId,
      setTimeout(() => liveStore.stoppedTyping(conversationId), TYPING_SHOWN_MS),
    );
  },
  /** Their message arrived (or the signal expired): no longer typing. */
  stoppedTyping(conversationId: string) {
    const old = timers.get(conversationId);
    if (old) clearTimeout(old);
    timers.delete(conversationId);
    if (!snapshot.typing.has(conversationId)) return;
    const typing = new Map(snapshot.typing);
    typing.delete(conversationId);
    set({ typing });
  },
  markGone() {
    if (!snapshot.gone) set({ gone: true });
  },
  /** A new session or workspace: nothing carried over. */
  reset() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    snapshot = { connection: "stopped", typing: new Map(), gone: false };
    for (const listener of listeners) listener();
  },
};
