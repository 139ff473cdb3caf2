import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInternalService } from "../../../../test/internal-service";
import { startTestSite } from "../../../../test/test-site";
import { createOutboundGuard } from "../../../lib/outbound";
import { type CrawledPage, crawlSite, MAX_PAGE_BYTES, PRIVATE_SITE_MESSAGE } from "./crawler";
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
    };
  }

  /** A crawl of `site` that notes the virtual time each page request leaves at. */
  async function pacedCrawl(url: string, opts: { concurrency: number; delayMs: number }) {
    const guard = createOutboundGuard({ allowPrivate: true });
    const clock = virtualClock();
    const sent: number[] = [];
    const timed: typeof guard = {
      ...guard,
      request: (...args) => {
        if (!/\/(robots\.txt|sitemap\.xml)$/.test(String(args[0]))) sent.push(clock.now());
        return guard.request(...args);
      },
    };
    const pages: string[] = [];
    const read = await crawlSite(url, {
      maxPages: 50,
      guard: timed,
      parsePage,
      clock,
      ...opts,
      onPage: async (page) => void pages.push(new URL(page.url).pathname),
      onSkip: async () => {},
    });
    await guard.close();
    return { read, pages, gaps: sent.slice(1).map((at, i) => at - (sent[i] ?? 0)) };
  }

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
