import { isLanguage, type Language, languageFromSearch } from "@parley/ui/i18n/languages";

/**
 * The signed-in user's saved language (issue #21), framework-free and unit-tested. The page starts
 * in the language of `?lang=`, else the `parley_lang` cookie, else the browser's (main.tsx); once
 * the session knows the user, their saved choice replaces the cookie's and the browser's, but never
 * a `?lang=` the page was opened with. Order: query > saved > cookie > browser > English.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A saved choice as the auth service sends it: exactly "en" or "ar"; anything else is no choice. */
export function savedLanguage(value: unknown): Language | null {
  return isLanguage(value) ? value : null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The `locale` claim of an access token (`AccessTokenClaims.locale`, optional), without verifying
 * the token: it only decides which language the page shows. Null when absent or unreadable.
 */
export function localeOfToken(token: string | null | undefined): Language | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    return isRecord(claims) ? savedLanguage(claims.locale) : null;
  } catch {
    return null;
  }
}

/** Whether a page address chooses its language (`?lang=en` / `?lang=ar`; other values do not). */
export function chosenByQuery(...searches: ReadonlyArray<string | undefined>): boolean {
  return searches.some((search) => languageFromSearch(search) !== null);
}

export interface SavedLanguageInput {
  /** The language the page shows now (from the query, the cookie or the browser). */
  current: Language;
  /** The account's saved choice (session user or token claim); null/undefined: none saved. */
  saved: Language | null | undefined;
  /** The page was opened with `?lang=`: that choice wins over the saved one. */
  openedWithQuery: boolean;
}

/** The language to switch to once the account's saved choice is known, or null to stay. */
export function languageToApply({ current, saved, openedWithQuery }: SavedLanguageInput): Language | null {
  if (openedWithQuery || !saved) return null;
  return saved === current ? null : saved;
}

/**
 * Whether a new choice should be written to the account: not when it is already the saved one
 * (applying the saved choice on sign-in must not write it back).
 */
export function shouldSaveChoice(next: Language, saved: Language | null | undefined): boolean {
  return next !== saved;
}
