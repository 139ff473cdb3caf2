import robotsParser from "robots-parser";
import { IngestError } from "./extract-file";
import { htmlToText } from "./html-text";

export interface CrawledPage {
  url: string;
  title: string;
  text: string;
}

export interface CrawlOptions {
  maxPages: number;
  /** Refuse loopback and private addresses (production); tests crawl a site on 127.0.0.1. */
  allowPrivateHosts: boolean;
  onPage: (page: CrawledPage, progress: { done: number; total: number }) => Promise<void>;
  signal?: AbortSignal;
  concurrency?: number;
  timeoutMs?: number;
}

const USER_AGENT = "ParleyBot/1.0 (+https://parley.app/bot)";
const MAX_PAGE_BYTES = 3 * 1024 * 1024;
const SKIP_EXT = /\.(png|jpe?g|gif|webp|svg|ico|pdf|zip|gz|mp4|mp3|woff2?|ttf|css|js|json|xml|rss|txt)$/i;

export function isPrivateHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (
    h === "localhost" ||
    h.endsWith(".localhost") ||
    h === "::1" ||
    h.startsWith("fc") ||
    h.startsWith("fd") ||
    h.startsWith("fe80")
  )
    return true;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(h);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** Same site, no fragment, no trailing slash differences: one key per page. */
export function normaliseUrl(href: string, base: string): URL | undefined {
  try {
    const u = new URL(href, base);
    if (u.protocol !== "http:" && u.protocol !== "https:") return undefined;
    u.hash = "";
    if (u.pathname.length > 1 && u.pathname.endsWith("/")) u.pathname = u.pathname.slice(0, -1);
    return u;
  } catch {
    return undefined;
  }
}

/**
 * Crawls a site from its start URL: same origin only, robots.txt honoured, at most `maxPages`
 * HTML pages, breadth first. Returns the number of pages read. An unreachable start page fails
 * the whole crawl with a clear reason; a broken page further in is skipped.
 */
export async function crawlSite(startUrl: string, opts: CrawlOptions): Promise<number> {
  const start = normaliseUrl(startUrl, startUrl);
  if (!start) throw new IngestError("This address is not a web page we can crawl.");
  if (!opts.allowPrivateHosts && isPrivateHost(start.hostname)) {
    throw new IngestError("Private and local addresses cannot be crawled.");
  }
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const robots = await loadRobots(start, timeoutMs);
  if (robots && !robots.isAllowed(start.toString(), USER_AGENT)) {
    throw new IngestError(`The site's robots.txt does not allow crawling ${start.toString()}.`);
  }

  const seen = new Set<string>([start.toString()]);
  const queue: URL[] = [start];
  let done = 0;
  let firstError: string | undefined;

  const fetchPage = async (url: URL): Promise<{ html: string; finalUrl: URL } | undefined> => {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { "user-agent": USER_AGENT, accept: "text/html,application/xhtml+xml" },
        redirect: "follow",
        signal: opts.signal
          ? AbortSignal.any([opts.signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      firstError ??= `We couldn't reach ${url.toString()} (${describeFetchError(err)}).`;
      return undefined;
    }
    const finalUrl = normaliseUrl(res.url || url.toString(), url.toString()) ?? url;
    if (!res.ok) {
      firstError ??= `${url.toString()} answered ${res.status} ${res.statusText}.`;
      await res.body?.cancel();
      return undefined;
    }
    if (finalUrl.origin !== start.origin) {
      await res.body?.cancel();
      return undefined;
    }
    const type = res.headers.get("content-type") ?? "";
    if (!/text\/html|application\/xhtml/i.test(type)) {
      await res.body?.cancel();
      return undefined;
    }
    const length = Number(res.headers.get("content-length") ?? 0);
    if (length > MAX_PAGE_BYTES) {
      await res.body?.cancel();
      return undefined;
    }
    const html = await res.text();
    return html.length > MAX_PAGE_BYTES ? undefined : { html, finalUrl };
  };

  const worker = async () => {
    while (queue.length && done < opts.maxPages) {
      if (opts.signal?.aborted) return;
      const url = queue.shift();
      if (!url) return;
      const page = await fetchPage(url);
      if (!page || done >= opts.maxPages) continue;
      const { title, text, links } = htmlToText(page.html);
      for (const href of links) {
        const next = normaliseUrl(href, page.finalUrl.toString());
        if (!next || next.origin !== start.origin || SKIP_EXT.test(next.pathname)) continue;
        const key = next.toString();
        if (seen.has(key) || (robots && !robots.isAllowed(key, USER_AGENT))) continue;
        seen.add(key);
        queue.push(next);
      }
      done++;
      const total = Math.min(opts.maxPages, Math.max(done, seen.size));
      if (text.trim())
        await opts.onPage(
          { url: page.finalUrl.toString(), title: title || page.finalUrl.pathname, text },
          { done, total },
        );
      else await opts.onPage({ url: page.finalUrl.toString(), title, text: "" }, { done, total });
    }
  };

  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  if (done === 0) throw new IngestError(firstError ?? `No readable pages were found at ${start.toString()}.`);
  return done;
}

async function loadRobots(start: URL, timeoutMs: number) {
  const robotsUrl = new URL("/robots.txt", start.origin).toString();
  try {
    const res = await fetch(robotsUrl, {
      headers: { "user-agent": USER_AGENT },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return undefined; // no robots.txt: everything allowed
    return robotsParser(robotsUrl, await res.text());
  } catch {
    return undefined; // unreachable robots.txt; the start page fetch reports reachability
  }
}

function describeFetchError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND") return "no such host";
  if ((err as Error).name === "TimeoutError") return "timed out";
  return cause?.code ?? cause?.message ?? (err as Error).message;
}
