import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { type CspDirectives, cspWithStyleNonce } from "@parley/config/security-headers";
import { type RequestLanguage, requestLanguage } from "@parley/ui/i18n/request-language";
import arAuth from "@parley/ui/locales/ar/auth";
import enAuth from "@parley/ui/locales/en/auth";
import { escapeHtml } from "@parley/ui/mail";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The built auth UI (apps/auth/dist/ui, Vite `base: "/auth/"`) at /auth and /auth/*. Files are
 * served as they are; any other path under /auth is a client-side route and gets index.html.
 * The folder is looked at per request, so building the UI needs no restart.
 */
export async function authUiRoutes(
  app: FastifyInstance,
  opts: {
    dir: string;
    webUrl: string;
    /** The auth server (AUTH_URL) the pages call, wherever they are served from (AUTH_APP_URL). */
    serverUrl?: string;
    csp: CspDirectives;
  },
) {
  const root = path.resolve(opts.dir);
  // serve: false — only reply.sendFile (ranges, etags, content types); routing is ours.
  await app.register(fastifyStatic, { root, serve: false });

  const handler = async (rest: string, request: FastifyRequest, reply: FastifyReply) => {
    const index = path.join(root, "index.html");
    if (!existsSync(index)) {
      const nonce = randomBytes(16).toString("base64");
      return reply
        .status(503)
        .header("content-security-policy", cspWithStyleNonce(opts.csp, nonce))
        .type("text/html; charset=utf-8")
        .send(notBuilt(nonce));
    }
    const file = resolveInside(root, rest);
    if (file && file !== index && existsSync(file) && statSync(file).isFile()) {
      const immutable = rest.startsWith("assets/");
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      // cacheControl: false — the header above is ours (send would overwrite it with max-age=0).
      return reply.sendFile(path.relative(root, file), { cacheControl: false });
    }
    // Tell the UI where the web app is (footer links) and where the auth server is (its calls, when
    // the pages are served under the auth app's own name), without rebuilding it per environment.
    const serverMeta = opts.serverUrl
      ? `<meta name="parley-auth-server" content="${escapeHtml(opts.serverUrl)}">`
      : "";
    let html = (await readFile(index, "utf8")).replace(
      "</head>",
      `<meta name="parley-web-url" content="${escapeHtml(opts.webUrl)}">${serverMeta}</head>`,
    );
    // Right to left from the first paint when the page will be Arabic (the app decides again), with
    // the title, description and <noscript> in the page's language (from the `auth` catalog).
    const language = pageLanguage(request);
    html = localizeDocument(html, language);
    // The page's language follows ?lang=, the parley_lang cookie and Accept-Language (CORS may
    // already have named Origin).
    const vary = String(reply.getHeader("vary") ?? "");
    reply.header("vary", vary ? `${vary}, cookie, accept-language` : "cookie, accept-language");
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html);
  };

  app.get("/auth", (request, reply) => handler("", request, reply));
  app.get<{ Params: { "*": string } }>("/auth/*", (request, reply) =>
    handler(request.params["*"] ?? "", request, reply),
  );
  // Browsers ask every host for /favicon.ico (for JSON answers and redirects too), so it is served
  // at the root as well as beside the UI.
  app.get("/favicon.ico", (_request, reply) => {
    const file = path.join(root, "favicon.ico");
    if (!existsSync(file)) return reply.status(404).send();
    reply.header("cache-control", "public, max-age=86400");
    return reply.sendFile("favicon.ico", { cacheControl: false });
  });
  // Nothing else lives at the root of the auth host; people who type it get the sign-in page.
  app.get("/", (_request, reply) => reply.redirect("/auth"));
}

/**
 * The sign-in page's language by the sign-in app's own rules (packages/ui i18n/languages.ts):
 * `?lang=`, then the shared `parley_lang` cookie, then the browser's languages, then English.
 */
export function pageLanguage(request: FastifyRequest): RequestLanguage {
  const query = request.query as Record<string, unknown> | undefined;
  return requestLanguage(query?.lang, request.headers.cookie, request.headers["accept-language"]);
}

const documentTexts = { en: enAuth.document, ar: arAuth.document } as const;

/**
 * index.html in `language`: `<html lang dir>` (only when Arabic; English stays as built), <title>,
 * the meta description and <noscript>. Only catalog texts are written, nothing from the request.
 */
export function localizeDocument(html: string, language: "en" | "ar"): string {
  // The built page is the English one (its texts are the catalog's, checked by the no-bypass scan).
  if (language === "en") return html;
  const texts = documentTexts[language];
  const title = escapeHtml(texts.title);
  const description = escapeHtml(texts.description);
  const noscript = escapeHtml(texts.noscript);
  return html
    .replace(/<html\b[^>]*>/i, '<html lang="ar" dir="rtl">')
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${title}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/i,
      (_m, open: string, close: string) => `${open}${description}${close}`,
    )
    .replace(/<noscript>[^<]*<\/noscript>/i, () => `<noscript>${noscript}</noscript>`);
}

function resolveInside(root: string, rest: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${path.sep}${decoded}`);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

const notBuilt = (nonce: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign-in app not built · Parley</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:640px;margin:4rem auto;padding:0 1rem;color:#1f2330;line-height:1.5}code{background:#f1f1f5;padding:2px 6px;border-radius:4px}</style>
</head><body>
<h1>The sign-in app is not built yet</h1>
<p>The auth service is running, but its web pages have not been built. From the repository root, run:</p>
<p><code>pnpm build</code></p>
<p>(or <code>pnpm --filter @parley/auth build:ui</code> for the sign-in app alone), then reload this page.</p>
</body></html>
`;
