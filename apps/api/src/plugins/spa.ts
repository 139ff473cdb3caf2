import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendError } from "./error-handler";
import { documentTexts, localizeHtml, pageLanguage, varyByLanguage } from "./page-language";

export interface SpaOptions {
  distDir: string;
  /** Runtime settings put into index.html, so one build serves any deployment. */
  runtime: {
    /** The auth server: sessions, tokens (spec: "an auth server"). */
    authUrl: string;
    /** The auth app: the sign-in pages signed-out visitors are sent to (spec: "an auth app"). */
    authAppUrl: string;
    platform: string;
    publicUrl: string;
    paymentsMode: "sandbox" | "live";
  };
  /**
   * The chat page's whole CSP: the app's policy, but framable where the bot allows (the only page
   * that may be framed; everything else is `frame-ancestors 'none'`).
   */
  widgetCsp: (chatbotId: string) => Promise<string>;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * Serves the built SPA: fingerprinted assets cached forever, and index.html (with the runtime
 * settings as <meta> tags) for client-side routes. A missing file is a real 404, never index.html.
 */
export async function registerSpa(app: FastifyInstance, opts: SpaOptions) {
  const indexPath = path.join(opts.distDir, "index.html");
  const widgetPath = path.join(opts.distDir, "widget.html");
  const hasSpa = existsSync(indexPath);
  let indexHtml: { mtimeMs: number; html: string } | undefined;
  const renderIndex = () => {
    // Re-read after a rebuild (dev and `pnpm start` rebuild in place).
    const { mtimeMs } = statSync(indexPath);
    if (!indexHtml || indexHtml.mtimeMs !== mtimeMs) {
      const meta = [
        `<meta name="parley:auth-url" content="${escapeAttr(opts.runtime.authUrl)}">`,
        `<meta name="parley:auth-app-url" content="${escapeAttr(opts.runtime.authAppUrl)}">`,
        `<meta name="parley:platform" content="${escapeAttr(opts.runtime.platform)}">`,
        // What copyable snippets (embed.js tags) point at, wherever the page is served.
        `<meta name="parley:public-url" content="${escapeAttr(opts.runtime.publicUrl)}">`,
        // Billing pages show a "test mode" banner while payments go to the sandbox gateway.
        `<meta name="parley:payments-mode" content="${opts.runtime.paymentsMode}">`,
      ].join("");
      indexHtml = { mtimeMs, html: readFileSync(indexPath, "utf8").replace("</head>", `${meta}</head>`) };
    }
    return indexHtml.html;
  };
  /** index.html in the request's language (`?lang=`, the cookie, then Accept-Language). */
  const renderLocalizedIndex = (request: FastifyRequest) => {
    const language = pageLanguage(request);
    const { title, description, noscript } = documentTexts[language];
    return localizeHtml(renderIndex(), language, { title, description, noscript });
  };
  /** widget.html in the request's language (the chat page then follows the bot's languages). */
  let widgetHtml: { mtimeMs: number; html: string } | undefined;
  const renderWidget = (request: FastifyRequest) => {
    const { mtimeMs } = statSync(widgetPath);
    if (!widgetHtml || widgetHtml.mtimeMs !== mtimeMs)
      widgetHtml = { mtimeMs, html: readFileSync(widgetPath, "utf8") };
    const language = pageLanguage(request);
    const { widgetTitle, widgetLoading } = documentTexts[language];
    return localizeHtml(widgetHtml.html, language, { title: widgetTitle, loading: widgetLoading });
  };

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      // Looked up per request (not globbed at boot), so files from a newer build are found.
      wildcard: true,
      index: false,
      // "/" names the dist directory itself, which @fastify/static answers 403 (index: false);
      // leave it to the not-found handler below, which serves index.html.
      allowedPath: (pathName) => pathName !== "/",
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached forever.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // embed.js keeps a stable URL on customers' sites: short cache, revalidated in the background.
        const embed = filePath.endsWith(`${path.sep}embed.js`);
        // Customers' pages load embed.js cross-site as a script: allow that, and only that file.
        if (embed) res.header("cross-origin-resource-policy", "cross-origin");
        res.header(
          "cache-control",
          immutable
            ? "public, max-age=31536000, immutable"
            : embed
              ? "public, max-age=300, stale-while-revalidate=86400"
              : "no-cache",
        );
      },
    });
  }
  // The widget chat page is its own light entry (widget.html), framed by customers' sites.
  app.get<{ Params: { chatbotId: string } }>("/widget/chat/:chatbotId", async (request, reply) => {
    const hasWidget = existsSync(widgetPath);
    if (!hasWidget && !hasSpa) return sendError(reply, request, "NOT_FOUND", "The web app is not built");
    // The framing rule is the CSP's frame-ancestors; helmet's X-Frame-Options (deny, set on the raw
    // response) would contradict it.
    reply.raw.removeHeader("x-frame-options");
    // The page's language follows ?lang=, the parley_lang cookie and Accept-Language.
    return varyByLanguage(reply)
      .header("content-security-policy", await opts.widgetCsp(request.params.chatbotId))
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(hasWidget ? renderWidget(request) : renderLocalizedIndex(request));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    // Paths that name a file (/assets/x.js, /favicon.svg) are never answered with the app shell.
    const looksLikeFile = pathname.startsWith("/assets/") || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (!isApi && !looksLikeFile && hasSpa && (request.method === "GET" || request.method === "HEAD")) {
      return varyByLanguage(reply)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(renderLocalizedIndex(request));
    }
    return sendError(reply, request, "NOT_FOUND", `Route ${request.method} ${pathname} not found`);
  });
}
