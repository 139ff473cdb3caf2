import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const page = (
  title: string,
  body: string,
  links: string[] = [],
) => `<!doctype html><html><head><title>${title}</title>
<style>body{font-family:sans-serif}</style><script>window.tracking = "should never be indexed";</script></head>
<body><header><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</nav></header>
<main>${body}</main><footer>© Bahrain Bikes · <a href="/">Home</a></footer></body></html>`;

export interface TestSiteOptions {
  /** Every page answers after this delay (a slow site, so a crawl can be interrupted mid-way). */
  delayMs?: number;
  /**
   * The home page also links to hostile pages: an endless one, one that never finishes, a 404,
   * an image, a redirect to another site, redirects to `internalUrl` (private addresses) and one
   * nested too deeply to parse.
   */
  hostile?: { otherSiteUrl: string; internalUrl: string };
  /** robots.txt also asks for this Crawl-delay (seconds). */
  crawlDelay?: number;
  /**
   * Every page is served with an ETag and a Last-Modified date, and answers 304 to a request
   * that names them (a site a re-sync can ask whether a page changed).
   */
  validators?: boolean;
  /** robots.txt names /sitemap.xml, which lists every page with its `lastmod`. */
  sitemap?: boolean;
}

/** The date every page of the site last changed (its Last-Modified, and its sitemap `lastmod`). */
const MODIFIED = new Date("2026-10-01T08:00:00Z");

export const HOSTILE_PATHS = [
  "/endless",
  "/never-finishes",
  "/missing",
  "/logo",
  "/moved-away",
  "/to-internal",
  "/to-internal-mapped",
  "/deep",
];

/** A small website served on 127.0.0.1 for crawl tests: robots.txt, links, one disallowed page. */
export async function startTestSite(pages = 3, opts: TestSiteOptions = {}) {
  const extra = Array.from({ length: Math.max(0, pages - 3) }, (_, i) => `/guides/${i + 1}`);

  const routes: Record<string, string> = {
    "/": page(
      "Bahrain Bikes",
      "<h1>Bahrain Bikes</h1><p>We rent city bikes and e-bikes across Manama.</p>",
      ["/about", "/rentals", "/private/admin", "/brochure.pdf", "https://elsewhere.example/"].concat(
        extra,
        opts.hostile ? HOSTILE_PATHS : [],
      ),
    ),
    "/about": page(
      "About us",
      "<h1>About us</h1><h2>Our story</h2><p>Founded in 2019 by two cyclists, Bahrain Bikes now runs six stations along the corniche.</p>",
      ["/", "/rentals"],
    ),
    "/rentals": page(
      "Rentals",
      "<h1>Rentals</h1><h2>E-bike rental</h2><p>An e-bike costs 4 BHD per hour or 15 BHD per day, helmet included.</p><h2>Deposits</h2><p>We hold a deposit of 20 BHD, refunded when the bike is back.</p>",
      ["/", "/about#team"],
    ),
    "/private/admin": page("Admin", "<p>Secret admin page that robots.txt forbids.</p>"),
  };
  for (const [i, p] of extra.entries())
    routes[p] = page(
      `Guide ${i + 1}`,
      `<h1>Guide ${i + 1}</h1><p>Riding tip number ${i + 1}: check the tyre pressure before route ${i + 1}.</p>`,
      ["/"],
    );
  const hits: string[] = [];
  /** When each request arrived (performance.now()), and how many were open at once at most. */
  const arrivals: number[] = [];
  let open = 0;
  let maxOpen = 0;
  /** Bytes written by the endless page, across all its requests. */
  let endlessBytes = 0;
  const hostile = (url: string, res: import("node:http").ServerResponse): boolean => {
    const h = opts.hostile;
    if (!h) return false;
    if (url === "/endless") {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.from(`<p>${"Endless text that never ends. ".repeat(2000)}</p>`);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) endlessBytes += chunk.length;
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    } else if (url === "/never-finishes") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html><body><p>Loading");
    } else if (url === "/deep") {
      // 60 KB nested 10,000 elements deep: the HTML library's recursion cannot follow it.
      const depth = 10_000;
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html><body><main>${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}</main></body></html>`);
    } else if (url === "/missing") {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    } else if (url === "/logo") {
      res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(64));
    } else if (url === "/moved-away") {
      res.writeHead(302, { location: `${h.otherSiteUrl}/` }).end();
    } else if (url === "/to-internal") {
      res.writeHead(302, { location: `${h.internalUrl}/` }).end();
    } else if (url === "/to-internal-mapped") {
      const port = new URL(h.internalUrl).port;
      res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${port}/` }).end();
    } else return false;
    return true;
  };
  const server = createServer(async (req, res) => {
    const url = (req.url ?? "/").split("?")[0] ?? "/";
    hits.push(url);
    arrivals.push(performance.now());
    maxOpen = Math.max(maxOpen, ++open);
    res.once("close", () => open--);
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (hostile(url, res)) return;
    if (url === "/robots.txt") {
      const base = `http://${req.headers.host}`;
      res
        .writeHead(200, { "content-type": "text/plain" })
        .end(
          `User-agent: *\nDisallow: /private/\n${opts.crawlDelay ? `Crawl-delay: ${opts.crawlDelay}\n` : ""}${
            opts.sitemap ? `Sitemap: ${base}/sitemap.xml\n` : ""
          }`,
        );
      return;
    }
    if (url === "/sitemap.xml" && opts.sitemap) {
      const base = `http://${req.headers.host}`;
      const lastmod = MODIFIED.toISOString();
      const urls = Object.keys(routes)
        .filter((p) => !p.startsWith("/private/"))
        .map((p) => `<url><loc>${base}${p}</loc><lastmod>${lastmod}</lastmod></url>`);
      res
        .writeHead(200, { "content-type": "application/xml" })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>`,
        );
      return;
    }
    const html = routes[url];
    if (!html) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    if (opts.validators) {
      const etag = `"${url.length}-${html.length}"`;
      const headers = {
        "content-type": "text/html; charset=utf-8",
        etag,
        "last-modified": MODIFIED.toUTCString(),
      };
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      res.writeHead(200, headers).end(html);
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    hits,
    arrivals,
    maxInFlight: () => maxOpen,
    endlessBytes: () => endlessBytes,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
