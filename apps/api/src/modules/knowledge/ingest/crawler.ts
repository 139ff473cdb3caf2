import { createHash } from "node:crypto";
import robotsParser from "robots-parser";
import {
  blockedCause,
  type OutboundGuard,
  type OutboundResponse,
  OutboundTooLargeError,
} from "../../../lib/outbound";
import type { PageText } from "./html-text";
import { IngestError } from "./ingest-error";
import { ParseFailure } from "./parse-file";
import { pathRules, type RuleCount } from "./path-rules";
import { looksLikeSitemap, readSitemaps, type SitemapEntry } from "./sitemap";

/** What a page answered with, kept to ask it next time whether it changed (conditional requests). */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
  /** The sitemap's `lastmod` for the page (ISO), when it gave one. */
  lastmod: string | null;
}

export interface CrawledPage extends PageValidators {
  url: string;
  title: string;
  text: string;
  /** Same-site links found on the page that the crawl may follow (normalised). */
  links: string[];
  /** sha256 of the title and text: the same hash next time means nothing to re-index. */
  hash: string;
}

/** A page the last sync read, as the next one needs it: validators, text hash and links. */
export interface KnownPage extends PageValidators {
  hash: string;
  links: string[];
}

/** A page found unchanged: it answered 304, its sitemap `lastmod` did not move, or its text hashed the same. */
export interface UnchangedPage extends PageValidators {
  url: string;
  hash: string;
  links: string[];
  /** How it was known: no request at all (`lastmod`), a 304, or a full read whose text was the same. */
  by: "lastmod" | "not-modified" | "same-text";
}

/**
 * Why a page was not learned from, for what happens to what the source already knew of it:
 * `gone` (404/410) and `refused` (noindex, not HTML, another site, robots.txt) mean the page is no
 * longer part of the source; `failed` (timeouts, errors) may be passing, so its old text stays;
 * `duplicate` is another address of a page already read; `sitemap` is about a sitemap file.
 */
export type SkipKind = "gone" | "refused" | "failed" | "duplicate" | "sitemap";

/** What the crawl found besides pages: the sitemaps it used and what each path rule decided. */
export interface CrawlSummary {
  /** Sitemaps read (empty: the pages were found by following links). */
  sitemaps: string[];
  /** Pages the sitemaps listed on this site, before the path rules and the page limit. */
  listed: number;
  rules: RuleCount[];
}

export const pageHash = (title: string, text: string) =>
  createHash("sha256").update(`${title}\n${text}`).digest("hex");

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
  parsePage: (html: string) => Promise<PageText>;
  onPage: (page: CrawledPage, progress: { done: number; total: number }) => Promise<void>;
  /** A page that could not be learned from, and why; the crawl goes on. */
  onSkip: (url: string, reason: string, kind: SkipKind) => Promise<void>;
  /** A page the last sync read that has not changed (nothing to re-index). */
  onUnchanged?: (page: UnchangedPage, progress: { done: number; total: number }) => Promise<void>;
  /** Told once, when the crawl has read every page: the sitemaps it used and what each rule decided. */
  onSummary?: (summary: CrawlSummary) => void;
  /** Pages the last sync read, by address: asked conditionally, and revisited (removed if gone). */
  known?: ReadonlyMap<string, KnownPage>;
  /** Path patterns (see path-rules.ts): only pages matching one of `include`, none of `exclude`. */
  include?: string[];
  exclude?: string[];
  /** Pages an earlier run already read or skipped, in the order it visited them. */
  resume?: VisitedPage[];
  signal?: AbortSignal;
  /** Requests in flight to the site at once (default 4). */
  concurrency?: number;
  /**
   * Politeness: at least this long between the starts of two requests to the site (default
   * 100 ms); a longer robots.txt Crawl-delay wins, up to 5 s. Quick 304 answers to conditional
   * requests shorten it, down to REVALIDATION_SPACING_MS (never below a Crawl-delay).
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
const GONE = new Set([404, 410]);
const DEFAULT_DELAY_MS = 100;
const MAX_CRAWL_DELAY_MS = 5000;
/**
 * The least spacing of request starts while the site answers quick 304s (see `answered`): at most
 * 200 requests a second, and only to a site that answers each within 2.5 ms (a CDN's edge, a
 * cache); a slower one is held to twice its answer's time.
 */
export const REVALIDATION_SPACING_MS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const SKIP_EXT = /\.(png|jpe?g|gif|webp|svg|ico|pdf|zip|gz|mp4|mp3|woff2?|ttf|css|js|json|xml|rss|txt)$/i;
export const PRIVATE_SITE_MESSAGE = "This address is on a private or local network, which can't be crawled.";

/**
 * An absolute http(s) address without its fragment. The path is kept as written: `/docs/` and
 * `/docs` may be different pages (one may be a 404); they are one page only when the site says
 * so, by a redirect or a canonical link.
 */
export function normaliseUrl(href: string, base: string): URL | undefined {
  try {
    const u = new URL(href, base);
    if (u.protocol !== "http:" && u.protocol !== "https:") return undefined;
    u.hash = "";
    return u;
  } catch {
    return undefined;
  }
}

/** Why a page was skipped: `reason` for the source's list, `message` when it was the start page. */
interface Skip {
  reason: string;
  message: string;
  kind: SkipKind;
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
  const known = opts.known ?? new Map<string, KnownPage>();
  const rules = pathRules(opts.include, opts.exclude);

  // A start address that names a sitemap is read as one; from a start page, the site's own
  // sitemap (robots.txt's Sitemap lines, else /sitemap.xml) is used when there is one. With a
  // sitemap, the pages are the ones it lists: links are not followed, and a page that leaves the
  // sitemap leaves the source.
  const startIsSitemap = looksLikeSitemap(start);
  const declared = (robots?.getSitemaps() ?? []).flatMap((s) => normaliseUrl(s, start.toString()) ?? []);
  const sitemapRoots = startIsSitemap
    ? [start]
    : declared.length
      ? declared
      : [new URL("/sitemap.xml", start.origin)];
  const sitemap = await readSitemaps(sitemapRoots, {
    guard: opts.guard,
    origin: start.origin,
    headers: { "user-agent": USER_AGENT, accept: "application/xml,text/xml,*/*" },
    timeoutMs,
    signal: opts.signal,
    // Most sites have no /sitemap.xml: only a sitemap someone named is worth a word when missing.
    quietWhenMissing: !startIsSitemap && declared.length === 0,
    onRefused: (url, reason) => opts.onSkip(url, reason, "sitemap"),
  });
  if (startIsSitemap && !sitemap)
    throw new IngestError(`${start.toString()} could not be read as a sitemap.`);
  const listed: SitemapEntry[] = sitemap?.entries ?? [];
  const followLinks = !sitemap;

  const robotsDelay = Math.min((robots?.getCrawlDelay(USER_AGENT) ?? 0) * 1000, MAX_CRAWL_DELAY_MS);
  const delayMs = Math.max(opts.delayMs ?? DEFAULT_DELAY_MS, robotsDelay);
  // Request starts are spaced `spacing` apart, measured from when the last one really left: callers
  // take turns, and each waits until the spacing since the previous start has passed.
  //
  // The spacing is `delayMs`, except while the site answers conditional requests with a quick 304
  // (a re-sync of pages that did not change: a few header lines, nothing read or indexed): each
  // such answer halves it, down to REVALIDATION_SPACING_MS, but never below twice the time the
  // answer took, so the site spends at most half its time on us, one request at a time. Any other
  // answer (a page, a redirect, an error, a 304 slower than the delay) sets it back. A site that
  // asked for a Crawl-delay keeps it.
  const floorMs = Math.min(delayMs, Math.max(REVALIDATION_SPACING_MS, robotsDelay));
  let spacing = delayMs;
  const answered = (notModified: boolean, tookMs: number) => {
    spacing =
      notModified && tookMs < delayMs ? Math.max(floorMs, Math.ceil(spacing / 2), 2 * tookMs) : delayMs;
  };
  const clock = opts.clock ?? realClock;
  let lastStart = Number.NEGATIVE_INFINITY;
  let pacing = Promise.resolve();
  const pace = () => {
    const turn = pacing.then(async () => {
      // Timers may fire a little early against the monotonic clock: wait until it really is time.
      for (let wait = lastStart + spacing - clock.now(); wait > 0; ) {
        await clock.sleep(Math.ceil(wait), opts.signal);
        wait = lastStart + spacing - clock.now();
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
  const seen = new Set<string>();
  /** Pages read (or found unchanged), under the address they are kept by: one passage set each. */
  const kept = new Set<string>();
  const lastmodOf = new Map<string, string>();
  const queue: URL[] = [];
  /** Queues a same-site page the rules allow, once. */
  const enqueue = (next: URL) => {
    const key = next.toString();
    if (seen.has(key) || next.origin !== origin || SKIP_EXT.test(next.pathname)) return;
    if (robots && !robots.isAllowed(key, USER_AGENT)) return;
    if (!rules.allows(next)) return;
    seen.add(key);
    queue.push(next);
  };
  for (const page of resumed) {
    seen.add(page.url);
    if (page.read) kept.add(page.url);
  }
  // The start page is read even when the rules leave it out (its links lead to the pages they
  // keep), but not learned from; a sitemap is not a page.
  const startKept = startIsSitemap || rules.allows(start);
  if (!startIsSitemap && !seen.has(start.toString())) {
    seen.add(start.toString());
    queue.push(start);
  }
  // The pages the source already has come first, so a site that grew past the page limit does
  // not push them out for new ones (they would leave the source): new pages take what is left.
  const listedUrls: URL[] = [];
  for (const entry of listed) {
    if (entry.lastmod) lastmodOf.set(entry.url, entry.lastmod);
    const next = normaliseUrl(entry.url, entry.url);
    if (next) listedUrls.push(next);
  }
  for (const next of listedUrls) if (known.has(next.toString())) enqueue(next);
  for (const next of listedUrls) enqueue(next);
  if (followLinks) {
    // Pages the last sync read are asked again (conditionally): a page that is gone leaves.
    for (const url of known.keys()) {
      const next = normaliseUrl(url, url);
      if (next) enqueue(next);
    }
    for (const page of resumed) for (const link of page.links) enqueue(new URL(link));
  }
  let done = resumed.filter((p) => p.read).length;
  let startSkip: Skip | undefined;

  const skipFrom = (url: URL, err: unknown): Skip => {
    if (blockedCause(err))
      return {
        reason: "It leads to a private or local address.",
        message: PRIVATE_SITE_MESSAGE,
        kind: "refused",
      };
    if (err instanceof OutboundTooLargeError)
      return {
        reason: "The page is larger than 3 MB; reading stopped there.",
        message: `${url.toString()} is larger than 3 MB.`,
        kind: "refused",
      };
    const name = (err as Error).name;
    if (name === "TimeoutError" || name === "AbortError") {
      const n = Math.max(1, Math.round(timeoutMs / 1000));
      const within = `within ${n} second${n === 1 ? "" : "s"}`;
      return {
        reason: `The page did not load ${within}.`,
        message: `${url.toString()} did not load ${within}.`,
        kind: "failed",
      };
    }
    const detail = describeFetchError(err);
    return {
      reason: `We couldn't reach it (${detail}).`,
      message: `We couldn't reach ${url.toString()} (${detail}).`,
      kind: "failed",
    };
  };

  const offSite = (url: URL, to: string): Skip => ({
    reason: `It redirects to another site (${to}).`,
    message: `${url.toString()} redirects to another site (${to}).`,
    kind: "refused",
  });

  /** Follows redirects itself: another site is never contacted, and each hop passes the guard. */
  const open = async (url: URL, conditional: Record<string, string>): Promise<OutboundResponse | Skip> => {
    let current = url;
    for (let hop = 0; ; hop++) {
      await pace();
      const sentAt = clock.now();
      const res = await opts.guard
        .request(current, {
          headers: { "user-agent": USER_AGENT, accept: "text/html,application/xhtml+xml", ...conditional },
          signal: opts.signal,
          timeoutMs,
          maxBytes: MAX_PAGE_BYTES,
          maxRedirects: 0,
        })
        .catch((err: unknown) => {
          answered(false, clock.now() - sentAt);
          throw err;
        });
      // Only a 304 to a conditional request counts (a site that answers 304 to anything gains nothing).
      answered(res.status === 304 && Object.keys(conditional).length > 0, clock.now() - sentAt);
      const location = res.headers.get("location");
      if (!REDIRECTS.has(res.status) || !location) return res;
      await res.cancel();
      const next = normaliseUrl(location, current.toString());
      if (!next || hop >= 5)
        return {
          reason: "It redirects too often, or nowhere.",
          message: `${url.toString()} redirects too often.`,
          kind: "refused",
        };
      // The start page may move the whole site (http to https, a www. host); later pages may not.
      const movesSite = url === start && done === 0;
      if (next.origin !== origin && !movesSite) return offSite(url, next.origin);
      current = next;
    }
  };

  type Fetched =
    | { html: string; finalUrl: URL; etag: string | null; lastModified: string | null }
    | { notModified: true; finalUrl: URL; etag: string | null; lastModified: string | null };
  const fetchPage = async (url: URL, before: KnownPage | undefined): Promise<Fetched | Skip> => {
    let res: OutboundResponse | undefined;
    const conditional: Record<string, string> = {};
    if (before?.etag) conditional["if-none-match"] = before.etag;
    if (before?.lastModified) conditional["if-modified-since"] = before.lastModified;
    try {
      const opened = await open(url, conditional);
      if ("reason" in opened) return opened;
      res = opened;
      const finalUrl = normaliseUrl(res.url.toString(), res.url.toString()) ?? url;
      const validators = {
        etag: res.headers.get("etag") ?? before?.etag ?? null,
        lastModified: res.headers.get("last-modified") ?? before?.lastModified ?? null,
      };
      if (res.status === 304 && before && Object.keys(conditional).length) {
        await res.cancel();
        return { notModified: true, finalUrl, ...validators };
      }
      if (!res.ok) {
        await res.cancel();
        const status = `${res.status} ${res.statusText}`.trim();
        return {
          reason: `The page answered ${status}.`,
          message: `${url.toString()} answered ${status}.`,
          kind: GONE.has(res.status)
            ? "gone"
            : res.status >= 500 || res.status === 429
              ? "failed"
              : "refused",
        };
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
          kind: "refused",
        };
      }
      return { html: await res.text(), finalUrl, ...validators };
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
  const progress = () => ({ done, total: Math.min(opts.maxPages, Math.max(done, seen.size)) });
  /** Claims `key` for this visit; false when another address of the same page was kept first. */
  const claim = (key: string) => {
    if (kept.has(key)) return false;
    kept.add(key);
    return true;
  };
  const duplicate = (url: URL, of: string) =>
    serially(() => opts.onSkip(url.toString(), `It is the same page as ${of}.`, "duplicate"));
  const unchanged = async (page: UnchangedPage) => {
    done++;
    rules.kept(new URL(page.url));
    const p = progress();
    await serially(async () => {
      await opts.onUnchanged?.(page, p);
    });
  };
  const visit = async (url: URL) => {
    const key = url.toString();
    const before = known.get(key);
    const lastmod = lastmodOf.get(key) ?? null;
    // The sitemap says the page has not changed since the last sync read it: no request at all.
    if (before && lastmod && before.lastmod && Date.parse(lastmod) <= Date.parse(before.lastmod)) {
      if (!claim(key)) return duplicate(url, key);
      return unchanged({ ...before, url: key, lastmod, by: "lastmod" });
    }
    const page = await fetchPage(url, before);
    if ("reason" in page) {
      if (url === start) startSkip = page;
      await serially(() => opts.onSkip(key, page.reason, page.kind));
      return;
    }
    if (done >= opts.maxPages) return;
    const finalKey = page.finalUrl.toString();
    if ("notModified" in page && before) {
      if (finalKey !== key && kept.has(finalKey)) return duplicate(url, finalKey);
      if (!claim(key)) return duplicate(url, key);
      if (followLinks) for (const link of before.links) enqueue(new URL(link));
      return unchanged({
        ...before,
        url: key,
        etag: page.etag,
        lastModified: page.lastModified,
        lastmod,
        by: "not-modified",
      });
    }
    if (!("html" in page)) return;
    // A redirect says the two addresses are one page (`/docs` to `/docs/`): read once.
    if (finalKey !== key && kept.has(finalKey)) return duplicate(url, finalKey);
    let parsed: PageText;
    try {
      parsed = await opts.parsePage(page.html);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      await serially(() => opts.onSkip(key, pageParseReason(err), "failed"));
      return;
    }
    const { title, text, links } = parsed;
    const follow: string[] = [];
    if (!parsed.nofollow) {
      for (const href of links) {
        const next = normaliseUrl(href, finalKey);
        if (!next || next.origin !== origin || SKIP_EXT.test(next.pathname)) continue;
        const link = next.toString();
        if (robots && !robots.isAllowed(link, USER_AGENT)) continue;
        if (!follow.includes(link)) follow.push(link);
        if (followLinks) enqueue(next);
      }
    }
    if (url === start && !startKept) return;
    if (parsed.noindex) {
      await serially(() => opts.onSkip(key, "The page asks not to be indexed (noindex).", "refused"));
      return;
    }
    // The page names its canonical address (same site): it is kept under that one, once.
    const canonical = parsed.canonical ? normaliseUrl(parsed.canonical, finalKey) : undefined;
    const pageUrl = canonical && canonical.origin === origin ? canonical : page.finalUrl;
    const pageKey = pageUrl.toString();
    if (!claim(pageKey)) return duplicate(url, pageKey);
    // Addresses the site named as this page are not fetched again.
    seen.add(finalKey);
    seen.add(pageKey);
    const hash = pageHash(title, text);
    const previous = known.get(pageKey) ?? before;
    const validators = {
      etag: page.etag,
      lastModified: page.lastModified,
      lastmod: lastmodOf.get(pageKey) ?? lastmod,
    };
    if (previous && previous.hash === hash)
      return unchanged({ url: pageKey, hash, links: follow, ...validators, by: "same-text" });
    done++;
    rules.kept(pageUrl);
    const p = progress();
    await serially(() =>
      opts.onPage(
        {
          url: pageKey,
          title: text.trim() ? title || pageUrl.pathname : title,
          text: text.trim() ? text : "",
          links: follow,
          hash,
          ...validators,
        },
        p,
      ),
    );
  };

  const workers = await Promise.allSettled(Array.from({ length: opts.concurrency ?? 4 }, worker));
  if (failure) throw failure.err;
  for (const w of workers) if (w.status === "rejected") throw w.reason;
  opts.onSummary?.({ sitemaps: sitemap?.read ?? [], listed: listed.length, rules: rules.counts() });
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
