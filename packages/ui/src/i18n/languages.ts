/**
 * The languages Parley speaks, and how a page chooses one. Framework-free: the web app, the
 * sign-in app, the widget chat page and the servers (e-mails) all use it.
 *
 * Which language (issue #21, in this order):
 * 1. `?lang=ar` / `?lang=en` on the page's URL (a marketing link can choose);
 * 2. the signed-in user's saved choice;
 * 3. the `parley_lang` cookie, set whenever someone picks a language (before sign-in too) and read
 *    by both the web app and the sign-in app;
 * 4. the browser's languages (`navigator.languages`), first supported one wins;
 * 5. English.
 */

export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The cookie shared by the web app and the sign-in app (same host, any port). */
export const LANGUAGE_COOKIE = "parley_lang";
/** One year: a choice is remembered like a preference, not like a session. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "ar";
}

/** `ar`, `ar-BH`, `AR_sa` → `ar`; anything else we do not speak → null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** Each language's own name, as its speakers write it (for the switch). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ar: "العربية" };

export interface LanguageSources {
  /** `location.search` (with or without the leading `?`). */
  search?: string | undefined;
  /** The signed-in user's saved choice, when known. */
  saved?: string | null | undefined;
  /** `document.cookie`. */
  cookie?: string | undefined;
  /** `navigator.languages`. */
  browser?: readonly string[] | undefined;
}

export function languageFromSearch(search: string | undefined): Language | null {
  if (!search) return null;
  const value = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search).get("lang");
  return toLanguage(value);
}

export function languageFromCookie(cookie: string | undefined): Language | null {
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== LANGUAGE_COOKIE) continue;
    try {
      return toLanguage(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      return null; // a malformed value (parley_lang=%E0%A4%A) is no language, not a crash
    }
  }
  return null;
}

export function languageFromBrowser(languages: readonly string[] | undefined): Language | null {
  for (const tag of languages ?? []) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return null;
}

/** Where a page's language came from: the switch shows nothing special, tests read it. */
export type LanguageSource = "query" | "saved" | "cookie" | "browser" | "default";

export function resolveLanguage(sources: LanguageSources): { language: Language; source: LanguageSource } {
  const fromQuery = languageFromSearch(sources.search);
  if (fromQuery) return { language: fromQuery, source: "query" };
  const saved = toLanguage(sources.saved ?? null);
  if (saved) return { language: saved, source: "saved" };
  const fromCookie = languageFromCookie(sources.cookie);
  if (fromCookie) return { language: fromCookie, source: "cookie" };
  const fromBrowser = languageFromBrowser(sources.browser);
  if (fromBrowser) return { language: fromBrowser, source: "browser" };
  return { language: DEFAULT_LANGUAGE, source: "default" };
}

/** The `Set-Cookie`-free way to remember a choice in the browser (both apps read it). */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Browser only: the language this page should start in (no saved choice known yet). */
export function initialBrowserLanguage(): { language: Language; source: LanguageSource } {
  return resolveLanguage({
    search: globalThis.location?.search,
    cookie: globalThis.document?.cookie,
    browser: globalThis.navigator?.languages,
  });
}

/** Browser only: `lang` and `dir` on `<html>`, and the cookie so the other app follows. */
export function applyLanguage(language: Language, options: { remember?: boolean } = {}): void {
  const root = globalThis.document?.documentElement;
  if (root) {
    root.lang = language;
    root.dir = directionOf(language);
  }
  if (options.remember && globalThis.document) {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie read by two apps; cookieStore is not in every browser we support
    globalThis.document.cookie = languageCookie(language, globalThis.location?.protocol === "https:");
  }
}

/**
 * The `?lang=` of a URL is honoured once; links the app builds keep the page's language in the
 * cookie instead, so the parameter is dropped from the address bar after it was applied.
 */
export function stripLanguageParam(): void {
  const location = globalThis.location;
  const history = globalThis.history;
  if (!location || !history || !/[?&]lang=/.test(location.search)) return;
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
