import { ApiError } from "../../lib/api-error";
import { networkError } from "../../lib/network-error";
import type { AccessTokenStore } from "./access-token-cookie";

/**
 * The API access token, as spec §7 and §9 describe it, with no framework in sight:
 *
 * - the token the API wants is a short-lived JWT from the auth service's `/token`, which needs the
 *   auth session cookie (`credentials: "include"`);
 * - a token in memory is reused for 30 s; after that the `accessToken` cookie is read again (another
 *   tab may have refreshed it, or signed out);
 * - a token with less than 5 s left is never handed out: it is refreshed from `/token` first;
 * - concurrent callers share ONE refresh (a single in-flight promise);
 * - `/token` answering 401 means the auth session is gone: listeners hear about it, and the "no
 *   token" answer is itself remembered for the cache window so signed-out pages do not hammer `/token`.
 */

export const TOKEN_CACHE_MS = 30_000;
export const TOKEN_REFRESH_MARGIN_MS = 5_000;

export interface TokenManagerOptions {
  /** Absolute URL of the auth service's `/token`. */
  tokenUrl: string;
  store: AccessTokenStore;
  now?: () => number;
  fetch?: typeof fetch;
  cacheMs?: number;
  refreshMarginMs?: number;
}

export interface GetTokenOptions {
  /** Skip every cache (the API just answered 401 to the token we had). */
  forceRefresh?: boolean;
}

export interface TokenManager {
  getToken(options?: GetTokenOptions): Promise<string | null>;
  /** Forces a refresh; concurrent callers (and `getToken`) share it. */
  refresh(): Promise<string | null>;
  /**
   * Forgets the token everywhere (memory and store); a refresh in flight is discarded, and for the
   * cache window `getToken` answers "no token" instead of fetching one. `refresh()` still fetches.
   */
  clear(): void;
  /** Called when `/token` says the auth session is gone. Returns an unsubscribe function. */
  onSignedOut(listener: () => void): () => void;
}

export interface JwtTimes {
  /** Seconds since the epoch. */
  exp: number;
  iat: number | undefined;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** `exp` (and `iat`) from a JWT's payload, without verifying it: the API does that. Null if unreadable. */
export function decodeJwtTimes(token: string): JwtTimes | null {
  const parts = token.split(".");
  const payloadPart = parts[1];
  if (parts.length !== 3 || !payloadPart) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(payloadPart));
    if (typeof payload !== "object" || payload === null) return null;
    const { exp, iat } = payload as Record<string, unknown>;
    if (typeof exp !== "number" || !Number.isFinite(exp)) return null;
    return { exp, iat: typeof iat === "number" && Number.isFinite(iat) ? iat : undefined };
  } catch {
    return null;
  }
}

interface Cached {
  token: string;
  /** Local clock, ms. */
  expiresAt: number;
  cachedAt: number;
}

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const {
    tokenUrl,
    store,
    now = Date.now,
    cacheMs = TOKEN_CACHE_MS,
    refreshMarginMs = TOKEN_REFRESH_MARGIN_MS,
  } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  let cached: Cached | null = null;
  /** When `/token` last said "no session"; that answer is cached like a token. */
  let signedOutAt: number | null = null;
  let inflight: Promise<string | null> | null = null;
  /** Bumped by `clear()`, so a refresh that started before a sign-out cannot write its token back. */
  let generation = 0;
  const listeners = new Set<() => void>();

  const usable = (expiresAt: number) => expiresAt - now() >= refreshMarginMs;

  async function fetchToken(startedIn: number): Promise<string | null> {
    let response: Response;
    try {
      response = await doFetch(tokenUrl, {
        method: "GET",
        credentials: "include",
        headers: { accept: "application/json" },
      });
    } catch (cause) {
      throw networkError(
        "We couldn't reach the sign-in service. Check your connection and try again.",
        cause,
      );
    }
    if (startedIn !== generation) return null;

    if (response.status === 401 || response.status === 403) {
      cached = null;
      signedOutAt = now();
      store.clear();
      for (const listener of [...listeners]) listener();
      return null;
    }
    if (!response.ok) {
      throw new ApiError({
        status: response.status,
        code: response.status >= 500 ? "SERVICE_UNAVAILABLE" : "BAD_REQUEST",
        message: "The sign-in service is having trouble. Please try again in a moment.",
      });
    }

    let token: unknown;
    try {
      token = ((await response.json()) as { token?: unknown } | null)?.token;
    } catch {
      token = undefined;
    }
    const times = typeof token === "string" ? decodeJwtTimes(token) : null;
    if (typeof token !== "string" || !times) {
      throw new ApiError({
        status: 500,
        code: "INVALID_RESPONSE",
        message: "The sign-in service sent a token we didn't understand. Please sign in again.",
      });
    }
    if (startedIn !== generation) return null;

    // Lifetime from the token's own iat/exp, measured on our clock: a browser whose clock is off
    // by minutes still keeps (and refreshes) the token at the right moments.
    const receivedAt = now();
    const lifetimeMs =
      times.iat === undefined ? times.exp * 1000 - receivedAt : (times.exp - times.iat) * 1000;
    const expiresAt = receivedAt + Math.max(0, lifetimeMs);
    cached = { token, expiresAt, cachedAt: receivedAt };
    signedOutAt = null;
    store.write(token, lifetimeMs / 1000);
    return token;
  }

  function refresh(): Promise<string | null> {
    if (!inflight) {
      const startedIn = generation;
      inflight = fetchToken(startedIn).finally(() => {
        if (startedIn === generation) inflight = null;
      });
    }
    return inflight;
  }

  async function getToken(getOptions: GetTokenOptions = {}): Promise<string | null> {
    if (getOptions.forceRefresh) return refresh();
    if (inflight) return inflight;

    const at = now();
    if (cached && at - cached.cachedAt < cacheMs && usable(cached.expiresAt)) return cached.token;

    const fromStore = store.read();
    const times = fromStore ? decodeJwtTimes(fromStore) : null;
    if (fromStore && times && usable(times.exp * 1000)) {
      cached = { token: fromStore, expiresAt: times.exp * 1000, cachedAt: at };
      return fromStore;
    }

    if (!fromStore && signedOutAt !== null && at - signedOutAt < cacheMs) return null;
    return refresh();
  }

  return {
    getToken,
    refresh,
    clear() {
      generation += 1;
      inflight = null;
      cached = null;
      // Cleared means signed out (or about to be): `getToken` must not quietly fetch a new token
      // while the auth session is still being ended. An explicit `refresh()` (a new sign-in) may.
      signedOutAt = now();
      store.clear();
    },
    onSignedOut(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
