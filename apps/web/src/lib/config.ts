/** The platform id the hosted auth app knows us by (spec: platform id {product}). */
export const DEFAULT_PLATFORM_ID = "parley";
export const DEFAULT_AUTH_URL = "http://localhost:3001";

/**
 * Only an absolute http(s) URL counts; a trailing slash is dropped so paths can be appended.
 * Anything else (empty, relative, javascript:) is ignored rather than trusted.
 */
function httpBase(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

/**
 * Where the auth server lives (spec §1: "an auth server": sessions, tokens). The API writes the
 * deployment's value into index.html (`<meta name="parley:auth-url">`), so one build runs anywhere;
 * the Vite variable is for `vite` dev, where no API rewrites the page; the last resort is the local
 * default.
 */
export function resolveAuthUrl(metaContent: string | null | undefined, envValue: string | undefined): string {
  return httpBase(metaContent) ?? httpBase(envValue) ?? DEFAULT_AUTH_URL;
}

/**
 * Where the auth app lives (spec §1: "an auth app"): the sign-in pages signed-out visitors are sent
 * to. From `<meta name="parley:auth-app-url">` (the API's AUTH_APP_URL), else `VITE_AUTH_APP_URL`,
 * else the auth server itself, which serves those pages by default.
 */
export function resolveAuthAppUrl(
  metaContent: string | null | undefined,
  envValue: string | undefined,
  serverUrl: string,
): string {
  return httpBase(metaContent) ?? httpBase(envValue) ?? serverUrl;
}

/** A platform id is a short slug; anything else falls back to ours. */
export function resolvePlatformId(metaContent: string | null | undefined): string {
  const value = metaContent?.trim();
  return value && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(value) ? value : DEFAULT_PLATFORM_ID;
}

function readMeta(name: string): string | null {
  if (typeof document === "undefined") return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
}

export const authUrl = resolveAuthUrl(readMeta("parley:auth-url"), import.meta.env.VITE_AUTH_URL);

export const authAppUrl = resolveAuthAppUrl(
  readMeta("parley:auth-app-url"),
  import.meta.env.VITE_AUTH_APP_URL,
  authUrl,
);

export const PLATFORM_ID = resolvePlatformId(readMeta("parley:platform"));

export type PaymentsMode = "sandbox" | "live";

/** The payments mode the API writes into index.html; unknown (vite dev) is null: no claim either way. */
export function resolvePaymentsMode(metaContent: string | null | undefined): PaymentsMode | null {
  const value = metaContent?.trim();
  return value === "sandbox" || value === "live" ? value : null;
}

/** `sandbox`: payments go to the built-in test gateway; billing pages say "test mode". */
export const paymentsMode = resolvePaymentsMode(readMeta("parley:payments-mode"));

/** The sign-in page of the auth app (spec §2: "the external auth app's /auth page with a platform query parameter"). */
export function signInUrlOf(appUrl: string, platformId: string): string {
  return `${appUrl}/auth?platform=${encodeURIComponent(platformId)}`;
}

/** The external auth app's sign-in page for this platform. */
export const signInUrl = signInUrlOf(authAppUrl, PLATFORM_ID);

/** The auth app's sign-up page: where "Start free" goes (a new visitor has no account to sign in with). */
export function signUpUrlOf(appUrl: string, platformId: string): string {
  return `${appUrl}/auth/sign-up?platform=${encodeURIComponent(platformId)}`;
}

export const signUpUrl = signUpUrlOf(authAppUrl, PLATFORM_ID);

/**
 * The app's public origin, for every copyable snippet (embed.js tags): the API writes the
 * deployment's PUBLIC_URL into index.html (`<meta name="parley:public-url">`); under `vite` dev,
 * where nothing rewrites the page, the page's own origin.
 */
export function resolvePublicUrl(metaContent: string | null | undefined, pageOrigin: string): string {
  const base = httpBase(metaContent);
  return base ? new URL(base).origin : pageOrigin;
}

export const publicUrl = resolvePublicUrl(
  readMeta("parley:public-url"),
  typeof window === "undefined" ? "http://localhost:3000" : window.location.origin,
);
