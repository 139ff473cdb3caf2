import robotsParser from "robots-parser";
import {
  blockedCause,
  type OutboundGuard,
  type OutboundResponse,
  OutboundTooLargeError,
} from "../../../lib/outbound";
import type { htmlToText } from "./html-text";
import { IngestError } from "./ingest-error";
import { ParseFailure } from "./parse-file";

export interface CrawledPage {
  url: string;
  title: string;
  text: string;
  /** Same-site links found on the page that the crawl may follow (normalised). */
  links: string[];
}

/** A page visited by an earlier run of the same crawl (a run re-taken after its process died). */
export interface VisitedPage {
  url: string;
  links: string[];
  /** False when the page was skipped. */
  read: boolean;
}

export interface CrawlOptions {
  maxPages: number;
  /** Every request (robots.txt, pages, each redirect hop) goes through it. */
  guard: OutboundGuard;
  /** Reads a page's HTML (in the parse process: a crafted page can take seconds to parse). */
  parsePage: (html: string) => Promise<ReturnType<typeof htmlToText>>;
  onPage: (page: CrawledPage, progress: { done: number; total: number }) => Promise<void>;
  /** A page that could not be learned from, and why; the crawl goes on. */
  onSkip: (url: string, reason: string) => Promise<void>;
  /** Pages an earlier run already read or skipped, in the order it visited them. */
  resume?: VisitedPage[];
  signal?: AbortSignal;
  /** Requests in flight to the site at once (default 4). */
  concurrency?: number;
  /**
   * Politeness: at least this long between the starts of two requests to the site (default
   * 100 ms); a longer robots.txt Crawl-delay wins, up to 5 s.
   */
  delayMs?: number;
  /** For each page, body included. */
  timeoutMs?: number;
  /** What paces request starts (the real monotonic clock unless a test brings its own). */
  clock?: CrawlClock;
}

/** The time the crawler paces by, and how it waits. */
export interface CrawlClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: CrawlClock = { now: () => performance.now(), sleep: (ms, signal) => sleep(ms, signal) };

const USER_AGENT = "ParleyBot/1.0 (+https://parley.app/bot)";
export const MAX_PAGE_BYTES = 3 * 1024 * 1024;
const MAX_ROBOTS_BYTES = 512 * 1024;
const DEFAULT_DELAY_MS = 100;
const MAX_CRAWL_DELAY_MS = 5000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const SKIP_EXT = /\.(png|jpe?g|gif|webp|svg|ico|pdf|zip|gz|mp4|mp3|woff2?|ttf|css|js|json|xml|rss|txt)$/i;
export const PRIVATE_SITE_MESSAGE = "This address is on a private or local network, which can't be crawled.";

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

/** Why a page was skipped: `reason` for the source's list, `message` when it was the start page. */
interface Skip {
  reason: string;
  message: string;
}

function describeFetchError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (err as { code?: string }).code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "no such host";
  if (code === "ECONNRESET") return "the connection was reset";
  return cause?.message ?? (err as Error).message;
}

/**
 * Crawls a site from its start URL: same site only, robots.txt honoured, at most `maxPages` HTML
 * pages, breadth first. Returns the number of pages read. Only an unusable start page fails the
 * whole crawl; any other page that cannot be read (an error, a timeout, too large, a redirect to
 * another site or to a private address) is skipped with its reason and the crawl goes on.
 * Every request goes through the outbound guard, and a page is read as a stream that stops at
 * 3 MB or at the deadline.
 */
export async function crawlSite(startUrl: string, opts: CrawlOptions): Promise<number> {
  const start = normaliseUrl(startUrl, startUrl);
  if (!start) throw new IngestError("This address is not a web page we can crawl.");
  try {
    await opts.guard.check(start);
  } catch (err) {
    if (blockedCause(err)) throw new IngestError(PRIVATE_SITE_MESSAGE);
    // Anything else (no such host…) is reported by the start page's fetch below.
  }
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const robots = await loadRobots(opts.guard, start, timeoutMs, opts.signal);
  if (robots && !robots.isAllowed(start.toString(), USER_AGENT)) {
    throw new IngestError(`The site's robots.txt does not allow crawling ${start.toString()}.`);
  }

  const robotsDelay = (robots?.getCrawlDelay(USER_AGENT) ?? 0) * 1000;
  const delayMs = Math.max(opts.delayMs ?? DEFAULT_DELAY_MS, Math.min(robotsDelay, MAX_CRAWL_DELAY_MS));
  // Request starts are spaced `delayMs` apart, measured from when the last one really left: callers
  // take turns, and each waits until the delay since the previous start has passed.
  const clock = opts.clock ?? realClock;
  let lastStart = Number.NEGATIVE_INFINITY;
  let pacing = Promise.resolve();
  const pace = () => {
    const turn = pacing.then(async () => {
      // Timers may fire a little early against the monotonic clock: wait until it really is time.
      for (let wait = lastStart + delayMs - clock.now(); wait > 0; ) {
        await clock.sleep(Math.ceil(wait), opts.signal);
        wait = lastStart + delayMs - clock.now();
      }
      lastStart = clock.now();
    });
    pacing = turn.catch(() => {});
    return turn;
  };

  const resumed = opts.resume ?? [];
  // The site is where the start page really is (http://example.com may live at https://…).
  const firstRead = resumed.find((p) => p.read);
  let origin = firstRead ? new URL(firstRead.url).origin : start.origin;
  const seen = new Set<string>([start.toString()]);
  const queue: URL[] = [];
  for (const page of resumed) seen.add(page.url);
  for (const page of resumed) {
    for (const link of page.links) {
      if (seen.has(link)) continue;
      seen.add(link);
      const next = normaliseUrl(link, link);
      if (next) queue.push(next);
    }
  }
  if (resumed.length === 0) queue.push(start);
  let done = resumed.filter((p) => p.read).length;
  let startSkip: Skip | undefined;

  const skipFrom = (url: URL, err: unknown): Skip => {
    if (blockedCause(err))
      return { reason: "It leads to a private or local address.", message: PRIVATE_SITE_MESSAGE };
    if (err instanceof OutboundTooLargeError)
      return {
        reason: "The page is larger than 3 MB; reading stopped there.",
        message: `${url.toString()} is larger than 3 MB.`,
      };
    const name = (err as Error).name;
    if (name === "TimeoutError" || name === "AbortError") {
      const n = Math.max(1, Math.round(timeoutMs / 1000));
      const within = `within ${n} second${n === 1 ? "" : "s"}`;
      return {
        reason: `The page did not load ${within}.`,
        message: `${url.toString()} did not load ${within}.`,
      };
    }
    const detail = describeFetchError(err);
    return {
      reason: `We couldn't reach it (${detail}).`,
      message: `We couldn't reach ${url.toString()} (${detail}).`,
    };
  };

  const offSite = (url: URL, to: string): Skip => ({
    reason: `It redirects to another site (${to}).`,
    message: `${url.toString()} redirects to another site (${to}).`,
  });

  /** Follows redirects itself: another site is never contacted, and each hop passes the guard. */
  const open = async (url: URL): Promise<OutboundResponse | Skip> => {
    let current = url;
    for (let hop = 0; ; hop++) {
      await pace();
      const res = await opts.guard.request(current, {
        headers: { "user-agent": USER_AGENT, accept: "text/html,application/xhtml+xml" },
        signal: opts.signal,
        timeoutMs,
        maxBytes: MAX_PAGE_BYTES,
        maxRedirects: 0,
      });
      const location = res.headers.get("location");
      if (!REDIRECTS.has(res.status) || !location) return res;
      await res.cancel();
      const next = normaliseUrl(location, current.toString());
      if (!next || hop >= 5)
        return {
          reason: "It redirects too often, or nowhere.",
          message: `${url.toString()} redirects too often.`,
        };
      // The start page may move the whole site (http to https, a www. host); later pages may not.
      const movesSite = url === start && done === 0;
      if (next.origin !== origin && !movesSite) return offSite(url, next.origin);
      current = next;
    }
  };

  const fetchPage = async (url: URL): Promise<{ html: string; finalUrl: URL } | Skip> => {
    let res: OutboundResponse | undefined;
    try {
      const opened = await open(url);
      if ("reason" in opened) return opened;
      res = opened;
      const finalUrl = normaliseUrl(res.url.toString(), res.url.toString()) ?? url;
      if (!res.ok) {
        await res.cancel();
        const status = `${res.status} ${res.statusText}`.trim();
        return { reason: `The page answered ${status}.`, message: `${url.toString()} answered ${status}.` };
      }
      if (url === start && done === 0) origin = finalUrl.origin;
      if (finalUrl.origin !== origin) {
        await res.cancel();
        return offSite(url, finalUrl.origin);
      }
      const type = res.headers.get("content-type") ?? "";
      if (!/text\/html|application\/xhtml/i.test(type)) {
        await res.cancel();
        const kind = type.split(";")[0]?.trim() || "unknown type";
        return {
          reason: `It is not a web page (${kind}).`,
          message: `${url.toString()} is not a web page (${kind}).`,
        };
      }
      return { html: await res.text(), finalUrl };
    } catch (err) {
      await res?.cancel();
      if (opts.signal?.aborted) throw err;
      return skipFrom(url, err);
    }
  };

  // The first failure (an abort, a limit the caller enforces in onPage) stops every worker.
  let failure: { err: unknown } | undefined;
  // A pool of workers over one queue. A worker that finds the queue empty while others are still
  // fetching waits for them (their pages may add links) instead of quitting: otherwise the crawl
  // of a site, which starts from one page, would run one request at a time.
  let inFlight = 0;
  let wake: (() => void) | undefined;
  let woken = new Promise<void>((r) => {
    wake = r;
  });
  const wakeAll = () => {
    wake?.();
    woken = new Promise<void>((r) => {
      wake = r;
    });
  };
  const worker = async () => {
    for (;;) {
      if (failure) return;
      if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
      if (done >= opts.maxPages || (queue.length === 0 && inFlight === 0)) return;
      // No more requests than pages still wanted: skipped pages free their slot for the next.
      if (queue.length === 0 || done + inFlight >= opts.maxPages) {
        await woken;
        continue;
      }
      const url = queue.shift();
      if (!url) continue;
      inFlight++;
      try {
        await visit(url);
      } catch (err) {
        failure ??= { err };
      } finally {
        inFlight--;
        wakeAll();
      }
    }
  };
  // Pages are fetched (and parsed) side by side; the caller hears of them one at a time, in the
  // order they finish, as with a single worker (its staging and progress are not concurrent).
  let reporting = Promise.resolve();
  // After a failure nothing more is reported (the caller is already unwinding).
  const serially = (report: () => Promise<void>) => {
    const next = reporting.then(() => (failure ? undefined : report()));
    reporting = next.catch((err) => {
      failure ??= { err };
    });
    return next;
  };
  const visit = async (url: URL) => {
    const page = await fetchPage(url);
    if ("reason" in page) {
      if (url === start) startSkip = page;
      await serially(() => opts.onSkip(url.toString(), page.reason));
      return;
    }
    if (done >= opts.maxPages) return;
    let parsed: Awaited<ReturnType<CrawlOptions["parsePage"]>>;
    try {
      parsed = await opts.parsePage(page.html);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      await serially(() => opts.onSkip(url.toString(), pageParseReason(err)));
      return;
    }
    const { title, text, links } = parsed;
    const follow: string[] = [];
    for (const href of links) {
      const next = normaliseUrl(href, page.finalUrl.toString());
      if (!next || next.origin !== origin || SKIP_EXT.test(next.pathname)) continue;
      const key = next.toString();
      if (robots && !robots.isAllowed(key, USER_AGENT)) continue;
      if (!follow.includes(key)) follow.push(key);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(next);
    }
    done++;
    const progress = { done, total: Math.min(opts.maxPages, Math.max(done, seen.size)) };
    await serially(() =>
      opts.onPage(
        {
          url: page.finalUrl.toString(),
          title: text.trim() ? title || page.finalUrl.pathname : title,
          text: text.trim() ? text : "",
          links: follow,
        },
        progress,
      ),
    );
  };

  const workers = await Promise.allSettled(Array.from({ length: opts.concurrency ?? 4 }, worker));
  if (failure) throw failure.err;
  for (const w of workers) if (w.status === "rejected") throw w.reason;
  if (done === 0)
    throw new IngestError(startSkip?.message ?? `No readable pages were found at ${start.toString()}.`);
  return done;
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function pageParseReason(err: unknown): string {
  if (!(err instanceof ParseFailure)) return "The page could not be read.";
  if (err.kind === "memory") return "The page needs more memory to read than allowed.";
  if (err.kind === "timeout") return "The page took too long to read.";
  if (err.kind === "reason") return err.message;
  return "The page could not be read.";
}

async function loadRobots(guard: OutboundGuard, start: URL, timeoutMs: number, signal?: AbortSignal) {
  const robotsUrl = new URL("/robots.txt", start.origin).toString();
  try {
    const res = await guard.request(robotsUrl, {
      headers: { "user-agent": USER_AGENT },
      signal,
      timeoutMs,
      maxBytes: MAX_ROBOTS_BYTES,
    });
    if (!res.ok) {
      await res.cancel();
      return undefined; // no robots.txt: everything allowed
    }
    return robotsParser(robotsUrl, await res.text());
  } catch {
    return undefined; // unreachable or oversized robots.txt; the start page fetch reports reachability
  }
}
