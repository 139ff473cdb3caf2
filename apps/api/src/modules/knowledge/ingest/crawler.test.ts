import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, type Route, startChangingSite } from "../../../../test/changing-site";
import { startInternalService } from "../../../../test/internal-service";
import { startTestSite } from "../../../../test/test-site";
import { createOutboundGuard } from "../../../lib/outbound";
import {
  type CrawledPage,
  crawlSite,
  type KnownPage,
  MAX_PAGE_BYTES,
  PRIVATE_SITE_MESSAGE,
  REVALIDATION_SPACING_MS,
} from "./crawler";
import { htmlToText } from "./html-text";

// These tests are about fetching; pages are parsed in this process (the API uses a parse process).
const parsePage = async (html: string) => htmlToText(html);

/** A crawl that only says how it ended (for the refusals). */
const crawlOnly = (url: string, guard: ReturnType<typeof createOutboundGuard>) =>
  crawlSite(url, { maxPages: 5, guard, parsePage, onPage: async () => {}, onSkip: async () => {} }).catch(
    (e: Error) => e,
  );

describe("crawler isolation", () => {
  let internal: Awaited<ReturnType<typeof startInternalService>>;
  let other: Awaited<ReturnType<typeof startTestSite>>;
  let site: Awaited<ReturnType<typeof startTestSite>>;

  beforeAll(async () => {
    internal = await startInternalService();
    other = await startTestSite();
    site = await startTestSite(3, { hostile: { otherSiteUrl: other.url, internalUrl: internal.url } });
  });
  afterAll(async () => {
    await Promise.all([internal?.close(), other?.close(), site?.close()]);
  });

  it("skips each bad page with its reason and reads the rest", async () => {
    // Production-like: only the test site itself is allowed although it is on 127.0.0.1.
    const guard = createOutboundGuard({ allowPrivate: false, allowHosts: [site.host] });
    const pages: CrawledPage[] = [];
    const skipped: { url: string; reason: string }[] = [];
    const read = await crawlSite(`${site.url}/`, {
      maxPages: 50,
      guard,
      parsePage,
      timeoutMs: 1500,
      // One at a time: this test parses in its own process, and /deep blocks the event loop long
      // enough to run out another page's deadline (the API parses in a child process).
      concurrency: 1,
      onPage: async (page) => void pages.push(page),
      onSkip: async (url, reason) => void skipped.push({ url, reason }),
    });
    await guard.close();

    expect(read).toBe(3);
    expect(pages.map((p) => new URL(p.url).pathname).sort()).toEqual(["/", "/about", "/rentals"]);
    const reasons = Object.fromEntries(skipped.map((s) => [new URL(s.url).pathname, s.reason]));
    expect(reasons).toEqual({
      "/endless": "The page is larger than 3 MB; reading stopped there.",
      "/never-finishes": "The page did not load within 2 seconds.",
      "/missing": "The page answered 404 Not Found.",
      "/logo": "It is not a web page (image/png).",
      "/moved-away": `It redirects to another site (${other.url}).`,
      "/to-internal": `It redirects to another site (${internal.url}).`,
      "/to-internal-mapped": `It redirects to another site (http://[::ffff:7f00:1]:${new URL(internal.url).port}).`,
      "/deep": "The page could not be read.",
    });
    expect(internal.hits).toEqual([]);
    expect(other.hits).toEqual([]);
    // Reading stopped at the cap, not megabytes later (a few socket buffers at most).
    expect(site.endlessBytes()).toBeLessThan(MAX_PAGE_BYTES + 4 * 1024 * 1024);
  });

  it("refuses a start page that redirects to a private address, checking the hop it connects to", async () => {
    const guard = createOutboundGuard({ allowPrivate: false, allowHosts: [site.host] });
    for (const path of ["/to-internal", "/to-internal-mapped"]) {
      const err = await crawlOnly(`${site.url}${path}`, guard);
      expect((err as Error).message).toBe(PRIVATE_SITE_MESSAGE);
    }
    await guard.close();
    expect(internal.hits).toEqual([]);
  });

  it.each([
    (u: string) => u,
    (u: string) => u.replace("127.0.0.1", "[::ffff:127.0.0.1]"),
    (u: string) => u.replace("127.0.0.1", "[::ffff:7f00:1]"),
    (u: string) => u.replace("127.0.0.1", "[0:0:0:0:0:ffff:127.0.0.1]"),
    (u: string) => u.replace("127.0.0.1", "[::]"),
    (u: string) => u.replace("127.0.0.1", "2130706433"),
    (u: string) => u.replace("127.0.0.1", "0x7f.0.0.1"),
    (u: string) => u.replace("127.0.0.1", "localhost"),
  ])("refuses a private start address (%s) without fetching anything", async (spell) => {
    const guard = createOutboundGuard({ allowPrivate: false });
    const err = await crawlOnly(spell(`${internal.url}/`), guard);
    await guard.close();
    expect((err as Error).message).toBe(PRIVATE_SITE_MESSAGE);
    expect(internal.hits).toEqual([]);
  });

  it("resumes from the pages an earlier run read, fetching none of them again", async () => {
    const guard = createOutboundGuard({ allowPrivate: true });
    const fresh = await startTestSite(8);
    const pages: string[] = [];
    const read = await crawlSite(`${fresh.url}/`, {
      maxPages: 50,
      guard,
      parsePage,
      // The earlier run read the home page and /about, and skipped /rentals.
      resume: [
        {
          url: `${fresh.url}/`,
          links: [`${fresh.url}/about`, `${fresh.url}/guides/1`, `${fresh.url}/guides/2`],
          read: true,
        },
        { url: `${fresh.url}/about`, links: [`${fresh.url}/`, `${fresh.url}/rentals`], read: true },
        { url: `${fresh.url}/rentals`, links: [], read: false },
      ],
      onPage: async (page) => void pages.push(new URL(page.url).pathname),
      onSkip: async () => {},
    });
    await guard.close();
    await fresh.close();
    expect(fresh.hits.filter((h) => h !== "/robots.txt" && h !== "/sitemap.xml").sort()).toEqual([
      "/guides/1",
      "/guides/2",
    ]);
    expect(pages.sort()).toEqual(["/guides/1", "/guides/2"]);
    expect(read).toBe(4);
  });

  /**
   * Virtual time for the pacing: it moves only when the crawler waits, by exactly what it asks for
   * (after letting the real network and the other workers run), so the spacing of request starts is
   * checked exactly, on any machine, without waiting for it.
   */
  function virtualClock() {
    let t = 0;
    return {
      now: () => t,
      sleep: async (ms: number) => {
        await new Promise<void>((r) => setImmediate(r));
        t += ms;
      },
      advance: (ms: number) => {
        t += ms;
      },
    };
  }

  /**
   * A crawl of `site` that notes the virtual time each page request leaves at. `slow`: pages whose
   * answer takes that many ms of the virtual time (the others take none).
   */
  async function pacedCrawl(
    url: string,
    opts: {
      concurrency: number;
      delayMs: number;
      known?: Map<string, KnownPage>;
      slow?: Record<string, number>;
    },
  ) {
    const guard = createOutboundGuard({ allowPrivate: true });
    const clock = virtualClock();
    const sent: number[] = [];
    const timed: typeof guard = {
      ...guard,
      request: async (...args) => {
        const target = String(args[0]);
        if (!/\/(robots\.txt|sitemap\.xml)$/.test(target)) sent.push(clock.now());
        const res = await guard.request(...args);
        clock.advance(opts.slow?.[new URL(target).pathname] ?? 0);
        return res;
      },
    };
    const pages: string[] = [];
    const crawled: CrawledPage[] = [];
    const read = await crawlSite(url, {
      maxPages: 50,
      guard: timed,
      parsePage,
      clock,
      concurrency: opts.concurrency,
      delayMs: opts.delayMs,
      known: opts.known,
      onPage: async (page) => {
        pages.push(new URL(page.url).pathname);
        crawled.push(page);
      },
      onSkip: async () => {},
    });
    await guard.close();
    return { read, pages, crawled, gaps: sent.slice(1).map((at, i) => at - (sent[i] ?? 0)) };
  }

  /** What a crawl's pages tell the next one. */
  const knownFrom = (pages: CrawledPage[]) =>
    new Map(
      pages.map((p) => [
        p.url,
        { etag: p.etag, lastModified: p.lastModified, lastmod: p.lastmod, hash: p.hash, links: p.links },
      ]),
    );

  /** A home page and eight pages, each with an ETag: a re-sync asks for each conditionally. */
  const revalidatedSite = (extra: Record<string, Route> = {}) => {
    const paths = Array.from({ length: 8 }, (_, i) => `/p${i + 1}`);
    const links = paths.map((p) => `<a href="${p}">${p}</a>`).join(" ");
    return startChangingSite({
      "/": { etag: '"home"', body: html("Home", `<p>Home.</p>${links}`) },
      ...Object.fromEntries(
        paths.map((p) => [p, { etag: `"${p}-1"`, body: html(p, `<p>Page ${p}, first text.</p>`) }]),
      ),
      ...extra,
    });
  };

  it("shortens the spacing while a re-sync's conditional requests come back as quick 304s, and restores it at the first page sent", async () => {
    const site = await revalidatedSite();
    try {
      // The first crawl: every page is sent whole, so every start is the full delay apart.
      const first = await pacedCrawl(`${site.url}/`, { concurrency: 1, delayMs: 80 });
      expect(first.read).toBe(9);
      expect(first.gaps).toEqual(Array(8).fill(80));
      // The re-sync: each quick 304 halves the spacing, down to the floor (5 ms) but never below
      // twice the answer's time (/p2's took 15 ms); /p4 changed and is sent whole, which restores
      // the full delay; /p6 answers its 304 slower than the delay, which does too.
      site.routes["/p4"] = { etag: '"/p4-2"', body: html("/p4", "<p>Page /p4, second text.</p>") };
      const again = await pacedCrawl(`${site.url}/`, {
        concurrency: 1,
        delayMs: 80,
        known: knownFrom(first.crawled),
        slow: { "/p2": 15, "/p6": 100 },
      });
      expect(again.pages).toEqual(["/p4"]);
      expect(REVALIDATION_SPACING_MS).toBe(5);
      // (/p7 leaves when /p6's slow answer is in, 100 ms after /p6 left.)
      //               /p1 /p2 /p3 /p4 /p5 /p6 /p7  /p8
      expect(again.gaps).toEqual([40, 20, 30, 15, 80, 40, 100, 40]);
      // With every answer quick, the spacing settles at the floor.
      site.routes["/p4"] = { etag: '"/p4-2"', body: html("/p4", "<p>Page /p4, second text.</p>") };
      const third = await pacedCrawl(`${site.url}/`, {
        concurrency: 1,
        delayMs: 80,
        known: knownFrom([...first.crawled.filter((p) => !p.url.endsWith("/p4")), ...again.crawled]),
      });
      expect(third.pages).toEqual([]);
      expect(third.gaps).toEqual([40, 20, 10, 5, 5, 5, 5, 5]);
    } finally {
      await site.close();
    }
  });

  it("gains a site nothing by answering 304 to requests that asked nothing", async () => {
    const paths = Array.from({ length: 5 }, (_, i) => `/p${i + 1}`);
    const site = await startChangingSite({
      "/": { body: html("Home", paths.map((p) => `<a href="${p}">${p}</a>`).join(" ")) },
      ...Object.fromEntries(paths.map((p) => [p, { status: 304 }])),
    });
    try {
      const crawl = await pacedCrawl(`${site.url}/`, { concurrency: 1, delayMs: 80 });
      expect(crawl.pages).toEqual(["/"]);
      expect(crawl.gaps).toEqual(Array(5).fill(80));
    } finally {
      await site.close();
    }
  });

  it("keeps a site's Crawl-delay through a re-sync of unchanged pages", async () => {
    const site = await revalidatedSite({
      "/robots.txt": { type: "text/plain", body: "User-agent: *\nCrawl-delay: 1\n" },
    });
    try {
      const first = await pacedCrawl(`${site.url}/`, { concurrency: 1, delayMs: 80 });
      const again = await pacedCrawl(`${site.url}/`, {
        concurrency: 1,
        delayMs: 80,
        known: knownFrom(first.crawled),
      });
      expect(again.pages).toEqual([]);
      expect(again.gaps).toEqual(Array(8).fill(1000));
    } finally {
      await site.close();
    }
  });

  it("fetches pages side by side, never more than its bound, spacing request starts by the delay", async () => {
    // A slow site (each answer after 300 ms) with 10 pages: three requests are open at once.
    const slow = await startTestSite(10, { delayMs: 300 });
    const { read, pages, gaps } = await pacedCrawl(`${slow.url}/`, { concurrency: 3, delayMs: 80 });
    await slow.close();
    expect(read).toBe(10);
    expect(new Set(pages).size).toBe(10);
    expect(slow.maxInFlight()).toBeGreaterThanOrEqual(2);
    expect(slow.maxInFlight()).toBeLessThanOrEqual(3);
    // Politeness: each page request leaves exactly the delay after the one before
    // (robots.txt is read once before the crawl, outside the pacing).
    expect(gaps).toEqual(Array(9).fill(80));
  });

  it("honours the site's robots.txt Crawl-delay when it asks for more, up to 5 s", async () => {
    const polite = await startTestSite(4, { crawlDelay: 2 });
    const asked = await pacedCrawl(`${polite.url}/`, { concurrency: 4, delayMs: 80 });
    await polite.close();
    expect(asked.read).toBe(4);
    expect(asked.gaps).toEqual([2000, 2000, 2000]);

    const greedy = await startTestSite(3, { crawlDelay: 3600 });
    const capped = await pacedCrawl(`${greedy.url}/`, { concurrency: 4, delayMs: 80 });
    await greedy.close();
    expect(capped.read).toBe(3);
    expect(capped.gaps).toEqual([5000, 5000]);
  });

  it("stops every worker at the first failure the caller raises, and reports pages one at a time", async () => {
    const many = await startTestSite(10, { delayMs: 50 });
    const guard = createOutboundGuard({ allowPrivate: true });
    let reporting = 0;
    let overlapped = false;
    let reported = 0;
    const err = await crawlSite(`${many.url}/`, {
      maxPages: 50,
      guard,
      parsePage,
      delayMs: 1,
      onPage: async () => {
        if (reporting++) overlapped = true;
        await new Promise<void>((r) => setImmediate(r));
        reporting--;
        if (++reported === 3) throw new Error("too many chunks");
      },
      onSkip: async () => {},
    }).catch((e: Error) => e);
    const hitsAtFailure = many.hits.length;
    await guard.close();
    await many.close();
    expect((err as Error).message).toBe("too many chunks");
    expect(overlapped).toBe(false);
    expect(reported).toBe(3);
    // Once the crawl has returned, no worker left behind requests anything more.
    expect(many.hits.length).toBe(hitsAtFailure);
  });
});
