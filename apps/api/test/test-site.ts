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

/** A small website served on 127.0.0.1 for crawl tests: robots.txt, links, one disallowed page. */
export async function startTestSite(pages = 3) {
  const extra = Array.from({ length: Math.max(0, pages - 3) }, (_, i) => `/guides/${i + 1}`);
  const routes: Record<string, string> = {
    "/": page(
      "Bahrain Bikes",
      "<h1>Bahrain Bikes</h1><p>We rent city bikes and e-bikes across Manama.</p>",
      ["/about", "/rentals", "/private/admin", "/brochure.pdf", "https://elsewhere.example/"].concat(extra),
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
  const server = createServer((req, res) => {
    const url = (req.url ?? "/").split("?")[0] ?? "/";
    hits.push(url);
    if (url === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nDisallow: /private/\n");
      return;
    }
    const html = routes[url];
    if (!html) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
