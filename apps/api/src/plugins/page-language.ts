import arSite from "@parley/ui/locales/ar/site";
import enSite from "@parley/ui/locales/en/site";
import type { FastifyReply, FastifyRequest } from "fastify";

export type PageLanguage = "en" | "ar";

/** The words of the HTML entries (apps/web index.html and widget.html) before any script runs. */
export const documentTexts = { en: enSite.document, ar: arSite.document } as const;

/** `ar`, `ar-BH`, `AR_sa`, `ar;q=0.9` → `ar`; anything else we do not speak → null. */
const primary = (tag: string | undefined | null): PageLanguage | null => {
  const value = tag?.trim().toLowerCase().split(/[-_;]/)[0];
  return value === "en" || value === "ar" ? value : null;
};

/**
 * A page's language by the apps' own rules (packages/ui i18n/languages.ts, as the sign-in server
 * does in apps/auth/src/http/ui.ts): `?lang=`, then the shared `parley_lang` cookie, then the
 * browser's languages, then English. Local, because languages.ts also holds browser-only helpers
 * that do not type-check without the DOM library.
 */
export function pageLanguage(request: FastifyRequest): PageLanguage {
  const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
  const fromQuery = primary(new URLSearchParams(search).get("lang"));
  if (fromQuery) return fromQuery;
  const cookie = /(?:^|;\s*)parley_lang=([^;]*)/.exec(String(request.headers.cookie ?? ""))?.[1];
  const fromCookie = primary(cookie);
  if (fromCookie) return fromCookie;
  for (const tag of String(request.headers["accept-language"] ?? "").split(",")) {
    const fromBrowser = primary(tag);
    if (fromBrowser) return fromBrowser;
  }
  return "en";
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The HTML entry in `language`: `<html lang dir>` (only when Arabic: English pages stay as built),
 * and whichever of <title>, the meta description, <noscript> and the loading label (aria-label of
 * the widget's `#app`) the page has, from the catalog. Only catalog
 * texts are written: nothing from the request reaches the page.
 */
export function localizeHtml(
  html: string,
  language: PageLanguage,
  texts: { title: string; description?: string; noscript?: string; loading?: string },
): string {
  let out = html;
  if (language === "ar") out = out.replace(/<html\b[^>]*>/i, '<html lang="ar" dir="rtl">');
  const title = escapeHtml(texts.title);
  out = out.replace(/<title>[^<]*<\/title>/i, () => `<title>${title}</title>`);
  if (texts.description !== undefined) {
    const description = escapeHtml(texts.description);
    out = out.replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/i,
      (_m, open: string, close: string) => `${open}${description}${close}`,
    );
  }
  if (texts.noscript !== undefined) {
    const noscript = escapeHtml(texts.noscript);
    out = out.replace(/<noscript>[^<]*<\/noscript>/i, () => `<noscript>${noscript}</noscript>`);
  }
  if (texts.loading !== undefined) {
    const loading = escapeHtml(texts.loading);
    out = out.replace(
      /(<div id="app"[^>]*\baria-label=")[^"]*(")/i,
      (_m, open: string, close: string) => `${open}${loading}${close}`,
    );
  }
  return out;
}

/** The page varies with the language's sources; keeps what Vary already names (CORS adds Origin). */
export function varyByLanguage(reply: FastifyReply): FastifyReply {
  const existing = reply.getHeader("vary");
  const names = (Array.isArray(existing) ? existing.join(",") : String(existing ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of ["cookie", "accept-language"])
    if (!names.some((n) => n.toLowerCase() === name)) names.push(name);
  return reply.header("vary", names.join(", "));
}
