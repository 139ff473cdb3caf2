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
 * Where the hosted auth service lives. The API writes the deployment's value into index.html
 * (`<meta name="parley:auth-url">`), so one build runs anywhere; the Vite variable is for `vite`
 * dev, where no API rewrites the page; the last resort is the local default.
 */
export function resolveAuthUrl(metaContent: string | null | undefined, envValue: string | undefined): string {
  return httpBase(metaContent) ?? httpBase(envValue) ?? DEFAULT_AUTH_URL;
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

export const PLATFORM_ID = resolvePlatformId(readMeta("parley:platform"));

/** The external auth app's sign-in page for this platform. */
export const signInUrl = `${authUrl}/auth?platform=${encodeURIComponent(PLATFORM_ID)}`;
