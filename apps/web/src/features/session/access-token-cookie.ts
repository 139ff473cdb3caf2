/**
 * The API access token lives in a first-party cookie named `accessToken` (spec §9: path /,
 * SameSite=Lax; Secure on https). It is written by script, so it is not httpOnly: the JWT is
 * short-lived (15 min) and only grants API calls, never a new sign-in. The cookie also lets a
 * second tab reuse the token instead of asking the auth service again.
 */
export const ACCESS_TOKEN_COOKIE = "accessToken";

export interface AccessTokenStore {
  read(): string | null;
  /** `maxAgeSeconds`: how long the token stays valid; the cookie expires with it. */
  write(token: string, maxAgeSeconds: number): void;
  clear(): void;
}

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function serializeAccessTokenCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor(maxAgeSeconds));
  return `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function expiredAccessTokenCookie(secure: boolean): string {
  return `${ACCESS_TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The browser store: `document.cookie` on this origin. The document is looked up when the store is
 * used, not when it is made, so a module that makes one can be imported where there is no document.
 */
export function createCookieTokenStore(given?: Document): AccessTokenStore {
  const doc = () => given ?? document;
  const secure = () => doc().location?.protocol === "https:";
  return {
    read: () => readCookie(doc().cookie, ACCESS_TOKEN_COOKIE),
    write: (token, maxAgeSeconds) => {
      doc().cookie = serializeAccessTokenCookie(token, maxAgeSeconds, secure());
    },
    clear: () => {
      doc().cookie = expiredAccessTokenCookie(secure());
    },
  };
}

/** For tests and for environments without cookies. */
export function createMemoryTokenStore(): AccessTokenStore & { value: string | null; maxAge: number | null } {
  const store = {
    value: null as string | null,
    maxAge: null as number | null,
    read: () => store.value,
    write: (token: string, maxAgeSeconds: number) => {
      store.value = token;
      store.maxAge = maxAgeSeconds;
    },
    clear: () => {
      store.value = null;
      store.maxAge = null;
    },
  };
  return store;
}
