import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One answer of the site: a page (HTML unless `type` says), or a status with headers. */
export interface Route {
  status?: number;
  body?: string | Buffer;
  type?: string;
  headers?: Record<string, string>;
  /** The page answers 304 to a matching If-None-Match (and is served with this ETag). */
  etag?: string;
  /** The page answers 304 to an If-Modified-Since at or after it (and is served with it). */
  lastModified?: Date;
  /** The answer waits for this (a test holds a crawl mid-way, then lets it go on). */
  gate?: Promise<void>;
}

/** What the site was asked, with the conditional headers and what it answered. */
export interface Hit {
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  status: number;
}

export const html = (title: string, body: string, extraHead = "") =>
  `<!doctype html><html><head><title>${title}</title>${extraHead}</head><body><main>${body}</main></body></html>`;

/**
 * A site on 127.0.0.1 whose pages a test changes between crawls (`routes` is live): pages edited,
 * added, removed, some with an ETag or a Last-Modified date and some without. Every request is
 * noted with its conditional headers and the status it got.
 */
export async function startChangingSite(
  initial: Record<string, Route> = {},
  /** `delayMs`: every answer waits this long (a slow site, so a sync can be killed mid-way); live. */
  opts: { delayMs?: number } = {},
) {
  const routes: Record<string, Route> = { ...initial };
  const hits: Hit[] = [];
  /** Paths whose answer is waiting at a gate now. */
  const waiting = new Set<string>();
  const answer = (req: IncomingMessage, res: ServerResponse): number => {
    const path = req.url ?? "/";
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return 404;
    }
    const headers: Record<string, string> = {
      "content-type": route.type ?? "text/html; charset=utf-8",
      ...route.headers,
    };
    if (route.etag) headers.etag = route.etag;
    if (route.lastModified) headers["last-modified"] = route.lastModified.toUTCString();
    const inm = req.headers["if-none-match"];
    const ims = req.headers["if-modified-since"];
    const notModified =
      (route.etag && inm === route.etag) ||
      (!inm &&
        route.lastModified &&
        ims &&
        Date.parse(ims) >= Math.floor(route.lastModified.getTime() / 1000) * 1000);
    if (notModified && (route.status ?? 200) === 200) {
      res.writeHead(304, headers).end();
      return 304;
    }
    res.writeHead(route.status ?? 200, headers).end(route.body ?? "");
    return route.status ?? 200;
  };
  const server = createServer(async (req, res) => {
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    const gate = routes[req.url ?? "/"]?.gate;
    if (gate) {
      waiting.add(req.url ?? "/");
      await gate;
      waiting.delete(req.url ?? "/");
    }
    const status = answer(req, res);
    hits.push({
      path: req.url ?? "/",
      status,
      ...(req.headers["if-none-match"] ? { ifNoneMatch: String(req.headers["if-none-match"]) } : {}),
      ...(req.headers["if-modified-since"]
        ? { ifModifiedSince: String(req.headers["if-modified-since"]) }
        : {}),
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    routes,
    hits,
    waiting,
    opts,
    /** Paths asked for, robots.txt and sitemaps left out. */
    pages: () => hits.map((h) => h.path).filter((p) => p !== "/robots.txt" && !/sitemap/.test(p)),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type ChangingSite = Awaited<ReturnType<typeof startChangingSite>>;
