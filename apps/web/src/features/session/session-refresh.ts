import type { AuthSession } from "./session-data";

/** Spec §4 and §9: session refresh is enabled, every 5 minutes. */
export const SESSION_REFRESH_INTERVAL_MS = 300_000;

export interface SessionRefreshOptions {
  /** Asks the auth service for the current session (null: signed out). */
  check: () => Promise<AuthSession | null>;
  onSession: (session: AuthSession) => void;
  /** The session is gone (expired, revoked, signed out elsewhere). */
  onExpired: () => void;
  intervalMs?: number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/**
 * Re-checks the session on a timer. A network failure is not an expiry: the next tick tries again.
 * Once the session is gone the loop stops, so the expiry handler runs once. Returns a stop function.
 */
export function startSessionRefresh(options: SessionRefreshOptions): () => void {
  const {
    check,
    onSession,
    onExpired,
    intervalMs = SESSION_REFRESH_INTERVAL_MS,
    setInterval: schedule = (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: cancel = (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  } = options;
  let stopped = false;
  let running = false;

  const tick = async () => {
    if (stopped || running) return;
    running = true;
    try {
      const session = await check();
      if (stopped) return;
      if (session) {
        onSession(session);
      } else {
        stop();
        onExpired();
      }
    } catch {
      // Offline for a moment, or the service hiccuped: keep the session, try next time.
    } finally {
      running = false;
    }
  };

  const handle = schedule(() => void tick(), intervalMs);
  function stop() {
    if (stopped) return;
    stopped = true;
    cancel(handle);
  }
  return stop;
}
