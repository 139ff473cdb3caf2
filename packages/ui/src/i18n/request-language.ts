/**
 * A page's language as a server chooses it, by the apps' own rules (languages.ts in the browser):
 * `?lang=`, then the shared `parley_lang` cookie, then the browser's languages, then English.
 * DOM-free, for the API and the sign-in service (languages.ts also holds browser-only helpers).
 */
export type RequestLanguage = "en" | "ar";

/** `ar`, `ar-BH`, `AR_sa`, `ar;q=0.9` → `ar`; anything else we do not speak → null. */
const primary = (tag: unknown): RequestLanguage | null => {
  const value = typeof tag === "string" ? tag.trim().toLowerCase().split(/[-_;]/)[0] : undefined;
  return value === "en" || value === "ar" ? value : null;
};

export function requestLanguage(
  lang: unknown,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): RequestLanguage {
  const fromQuery = primary(lang);
  if (fromQuery) return fromQuery;
  const fromCookie = primary(/(?:^|;\s*)parley_lang=([^;]*)/.exec(String(cookie ?? ""))?.[1]);
  if (fromCookie) return fromCookie;
  for (const tag of String(acceptLanguage ?? "").split(",")) {
    const fromBrowser = primary(tag);
    if (fromBrowser) return fromBrowser;
  }
  return "en";
}
