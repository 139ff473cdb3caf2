/** Pure URL helpers for the hosted sign-in UI (no DOM access, unit-tested). */
// The module alone: the package's index brings zod, whose eval probe the sign-in page's CSP refuses.
import { parseWebUrl } from "@parley/contracts/urls";
import { languageFromSearch } from "@parley/ui/i18n/languages";
import { invitationParams } from "./invitation";

/** Where the auth service serves this UI; matches `base` in apps/auth/vite.config.ts. */
export const BASE_PATH = "/auth";

export const DEFAULT_PLATFORM = "parley";

export type Page = "sign-in" | "sign-up" | "forgot-password" | "reset-password" | "verified" | "error";

const PAGE_SEGMENTS: Record<Page, string> = {
  "sign-in": "",
  "sign-up": "sign-up",
  "forgot-password": "forgot-password",
  "reset-password": "reset-password",
  verified: "verified",
  error: "error",
};

/** Maps a browser pathname to a page, or `null` for an unknown path under /auth. */
export function pageFromPath(pathname: string): Page | null {
  let rest = pathname;
  if (rest === BASE_PATH || rest.startsWith(`${BASE_PATH}/`)) rest = rest.slice(BASE_PATH.length);
  else return null;
  const segment = rest.replace(/^\/+|\/+$/g, "");
  for (const [page, seg] of Object.entries(PAGE_SEGMENTS) as [Page, string][]) {
    if (seg === segment) return page;
  }
  return null;
}

/** Platform ids are short slugs; anything else is rejected before we ask the service. */
export function isPlausiblePlatformId(id: string): boolean {
  return /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(id);
}

/** The `platform` query parameter, defaulting to Parley itself. */
export function platformFromSearch(search: string): string {
  const value = new URLSearchParams(search).get("platform");
  return value === null || value.trim() === "" ? DEFAULT_PLATFORM : value.trim();
}

/**
 * `?lang=` of this page's address, to keep on a link to another page of this UI (the error page's
 * way back to sign-in): a page opened in Arabic by its address stays in Arabic.
 */
export function languageParams(search: string): { lang?: string } {
  const language = languageFromSearch(search);
  return language ? { lang: language } : {};
}

/** A same-origin href to a page of this UI, always carrying the platform. */
export function pageHref(page: Page, platform: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ platform, ...extra });
  const segment = PAGE_SEGMENTS[page];
  return `${BASE_PATH}${segment ? `/${segment}` : ""}?${params.toString()}`;
}

/**
 * Where the browser goes after a successful sign-in.
 *
 * Contract with the platform's registered callback (apps/web `/auth/callback`): the browser is sent to
 * `${callbackURL}?token=<better-auth session token>&email=<user e-mail>`. Existing query parameters of
 * the registered URL are kept. The session cookie is also set on the auth host, so the callback may
 * equally ignore `token` and ask the auth host for `/token` with `credentials: "include"`.
 * `callbackURL` comes from the service's platform registry, never from the address bar, so this is not
 * an open redirect.
 */
export function callbackRedirectUrl(
  callbackURL: string,
  session: { token: string; email: string },
  /** An invitation being answered (`?invitation=`): the web app opens it again (issue #25). */
  invitation: string | null = null,
): string {
  const url = new URL(callbackURL);
  url.searchParams.set("token", session.token);
  url.searchParams.set("email", session.email);
  if (invitation) url.searchParams.set("invitation", invitation);
  return url.toString();
}

/** Origin of an absolute http(s) URL, or null. */
export function httpOrigin(value: string | null | undefined): string | null {
  return parseWebUrl(value)?.origin ?? null;
}

/**
 * Base URL of the main site for footer links: a `<meta name="parley-web-url">` set by the service wins,
 * else the origin of the Parley platform's callback URL.
 */
export function resolveWebUrl(metaContent: string | null, parleyCallbackURL: string | null): string | null {
  // The meta carries the service's WEB_URL as configured, which may include a base path.
  if (httpOrigin(metaContent) !== null && metaContent) return metaContent.trim().replace(/\/+$/, "");
  const origin = httpOrigin(parleyCallbackURL);
  if (!origin || !parleyCallbackURL) return null;
  // `${WEB_URL}/auth/callback` → WEB_URL; any other callback shape → its origin.
  const { pathname } = new URL(parleyCallbackURL);
  return /\/auth\/callback\/?$/.test(pathname)
    ? origin + pathname.replace(/\/auth\/callback\/?$/, "")
    : origin;
}

/**
 * Where this UI's calls go: "" (same origin, relative paths) when the page is served by the auth
 * server itself, else the auth server's origin from `<meta name="parley-auth-server">` (the pages
 * are served under the auth app's own name, AUTH_APP_URL). Anything but an http(s) URL is ignored.
 */
export function resolveServerBase(metaContent: string | null, pageOrigin: string): string {
  const origin = httpOrigin(metaContent);
  return origin === null || origin === pageOrigin ? "" : origin;
}

/** Relative callback paths handed to better-auth; it resolves them against the auth host. */
export const authCallbacks = {
  /** An invitation being answered stays in the verification link, whichever tab opens it. */
  verified: (platform: string, invitation: string | null = null) =>
    pageHref("verified", platform, invitationParams(invitation)),
  /** An invitation being answered stays in the reset link: signing in after the reset goes back to it. */
  resetPassword: (platform: string, invitation: string | null = null) =>
    pageHref("reset-password", platform, invitationParams(invitation)),
  /** Social sign-in lands back on the sign-in page, which continues to the platform. */
  socialDone: (platform: string, invitation: string | null = null) =>
    pageHref("sign-in", platform, { continue: "1", ...invitationParams(invitation) }),
  /** The error page opens in the language the sign-in page was read in (`?lang=`). */
  socialError: (platform: string, language: string | null = null) =>
    pageHref("error", platform, language ? { lang: language } : {}),
};
