import { setTokenProvider, type TokenProvider } from "../../lib/api";
import { authUrl } from "../../lib/config";
import { createCookieTokenStore } from "./access-token-cookie";
import { createAuthClient } from "./auth-client";
import type { AuthSession } from "./session-data";
import { createTokenManager } from "./token-manager";

/**
 * The browser's single auth client and token manager. Importing this module installs the token
 * provider, so every `apiFetch` from the signed-in app sends `Authorization: Bearer <jwt>`. Only the
 * lazy signed-in chunks import it: public pages never ask the auth service for anything.
 */
export const authClient = createAuthClient(authUrl);

export const tokens = createTokenManager({ tokenUrl: `${authUrl}/token`, store: createCookieTokenStore() });

/** The signed-in app's token provider, for the calls that cannot go through apiFetch (SSE, upload). */
export const getAccessToken: TokenProvider = (options) => tokens.getToken(options);

setTokenProvider((options) => tokens.getToken(options));

/** How long the callback's fresh session is trusted by the app shell without asking again. */
const FRESH_SESSION_MS = 60_000;
let freshSession: { session: AuthSession; at: number } | null = null;

/** The callback page just confirmed this session; the app shell uses it instead of a second round trip. */
export function rememberFreshSession(session: AuthSession): void {
  freshSession = { session, at: Date.now() };
}

/**
 * Read without consuming: a render that React throws away (a route transition waiting for a lazy
 * chunk) runs state initialisers again. The shell forgets it once it has committed.
 */
export function peekFreshSession(): AuthSession | null {
  return freshSession && Date.now() - freshSession.at < FRESH_SESSION_MS ? freshSession.session : null;
}

export function forgetFreshSession(): void {
  freshSession = null;
}

/**
 * Spec §7: after a failed sign-out the API drops the `accessToken` cookie (JSON content type).
 * Failures are only logged: the browser leaves for `/` either way.
 */
export async function clearServerCookies(): Promise<void> {
  try {
    const response = await fetch("/api/auth/clear-cookies", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{}",
    });
    if (!response.ok) console.error("[parley] clearing cookies failed with status", response.status);
  } catch (error) {
    console.error("[parley] clearing cookies failed", error);
  }
}
