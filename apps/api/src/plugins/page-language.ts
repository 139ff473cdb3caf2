import { type RequestLanguage, requestLanguage } from "@parley/ui/i18n/request-language";
import arSite from "@parley/ui/locales/ar/site";
import enSite from "@parley/ui/locales/en/site";
import type { FastifyReply, FastifyRequest } from "fastify";

export type PageLanguage = RequestLanguage;

/** The words of the HTML entries (apps/web index.html and widget.html) before any script runs. */
export const documentTexts = { en: enSite.document, ar: arSite.document } as const;

/** A page's language by the apps' own rules (see `requestLanguage`). */
export function pageLanguage(request: FastifyRequest): PageLanguage {
  const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
  return requestLanguage(
    new URLSearchParams(search).get("lang"),
    request.headers.cookie,
    request.headers["accept-language"],
  );
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
