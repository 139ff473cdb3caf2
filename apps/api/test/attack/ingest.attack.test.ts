import type { KnowledgeSource } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { pushUpload } from "../builder/upload-client";
import { withForgedSize, wordDocument } from "../fixtures/hostile-files";
import { startInternalService } from "../internal-service";
import { startTestSite } from "../test-site";
import { type ProdApi, productionDrivers, startProdApi } from "./prod-api";

const MB = 1024 * 1024;
const ZIP_BOMB_REASON =
  "This Word document unpacks to more than a source may hold (it may be a zip bomb). Split it into smaller documents.";
const PRIVATE_SITE = "This address is on a private or local network, which can't be crawled.";

// Built once: a ~1.4 MB Word document whose document.xml inflates to 400 MB.
const bomb = wordDocument(400 * MB);

describe.each(productionDrivers())("hostile ingestion against the production API on %s", (driver) => {
  let api: ProdApi;
  let internal: Awaited<ReturnType<typeof startInternalService>>;
  let other: Awaited<ReturnType<typeof startTestSite>>;
  let site: Awaited<ReturnType<typeof startTestSite>>;
  let accounts = 0;

  /** A fresh Free account with one bot (a Free plan has one bot and five sources). */
  async function freeAccount() {
    const token = await api.token(`usr_attack_ingest_${driver}_${++accounts}`);
    const res = await api.fetch("/api/chatbots", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Target" }),
    });
    expect(res.status).toBe(201);
    const bot = ((await res.json()) as { _id: string })._id;
    return { token, bot };
  }
  async function addWebsite(who: { token: string; bot: string }, url: string) {
    return api.fetch(`/api/chatbots/${who.bot}/sources`, {
      method: "POST",
      token: who.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "website", url, maxPages: 10 }),
    });
  }
  async function source(who: { token: string; bot: string }, id: string): Promise<KnowledgeSource> {
    const res = await api.fetch(`/api/chatbots/${who.bot}/sources/${id}`, { token: who.token });
    return (await res.json()) as KnowledgeSource;
  }
  /** Waits until the source is ready or failed, checking all the while that the API answers. */
  async function settled(who: { token: string; bot: string }, id: string, timeoutMs = 60_000) {
    const deadline = Date.now() + scaled(timeoutMs);
    let slowest = 0;
    for (;;) {
      const started = performance.now();
      const health = await api.fetch("/api/health");
      slowest = Math.max(slowest, performance.now() - started);
      expect(health.status).toBe(200);
      const s = await source(who, id);
      if (s.status === "ready" || s.status === "failed") return { source: s, slowestHealthMs: slowest };
      if (Date.now() > deadline) throw new Error(`source ${id} still ${s.status}:\n${api.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    internal = await startInternalService();
    other = await startTestSite();
    site = await startTestSite(3, { hostile: { otherSiteUrl: other.url, internalUrl: internal.url } });
    api = await startProdApi(driver, {
      // The one private site an operator chose to allow (an intranet); nothing else private.
      CRAWLER_ALLOW_HOSTS: site.host,
      CRAWLER_TIMEOUT_SECONDS: String(scaled(2)),
    });
  });
  afterAll(async () => {
    await api?.stop();
    await Promise.all([internal?.close(), other?.close(), site?.close()]);
  });

  it("fails a 400 MB zip-bomb DOCX with its reason while the API keeps answering", async () => {
    const who = await freeAccount();
    expect(bomb.length).toBeLessThan(2 * MB);
    for (const file of [bomb, withForgedSize(bomb, 1024)]) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(file)]), "policies.docx");
      const res = await api.fetch(`/api/chatbots/${who.bot}/sources`, {
        method: "POST",
        token: who.token,
        body: form,
      });
      expect(res.status).toBe(201);
      const peakBefore = api.peakRssMb();
      const { source: s, slowestHealthMs } = await settled(who, ((await res.json()) as KnowledgeSource)._id);
      expect(s).toMatchObject({ status: "failed", error: ZIP_BOMB_REASON, chunkCount: 0 });
      // The file is opened in a parse process of its own: the API's memory never takes the 400 MB,
      // and its event loop keeps answering (the bound is loose: the suite runs beside browsers).
      expect(api.peakRssMb() - peakBefore).toBeLessThan(100);
      expect(slowestHealthMs).toBeLessThan(5000);
    }
    expect(api.alive()).toBe(true);
  });

  it("never crawls a private address, however it is spelled", async () => {
    const p = internal.port;
    const spellings = [
      `http://127.0.0.1:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
      `http://[::]:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::127.0.0.1]:${p}/`,
      `http://[64:ff9b::127.0.0.1]:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://localhost:${p}/`,
    ];
    let who = await freeAccount();
    let used = 0;
    for (const url of spellings) {
      if (used === 5) {
        who = await freeAccount();
        used = 0;
      }
      const res = await addWebsite(who, url);
      if (res.status === 400) continue; // refused at the door is fine too
      expect(res.status, url).toBe(201);
      used++;
      const { source: s } = await settled(who, ((await res.json()) as KnowledgeSource)._id);
      expect(s, url).toMatchObject({ status: "failed", error: PRIVATE_SITE, chunkCount: 0 });
    }
    expect(internal.hits).toEqual([]);
  });

  it("refuses redirects to private addresses, and skips endless and slow pages while the rest is read", async () => {
    const who = await freeAccount();
    for (const start of ["/to-internal", "/to-internal-mapped"]) {
      const res = await addWebsite(who, `${site.url}${start}`);
      expect(res.status).toBe(201);
      const { source: s } = await settled(who, ((await res.json()) as KnowledgeSource)._id);
      expect(s, start).toMatchObject({ status: "failed", error: PRIVATE_SITE });
    }
    const res = await addWebsite(who, `${site.url}/`);
    const { source: s, slowestHealthMs } = await settled(who, ((await res.json()) as KnowledgeSource)._id);
    expect(s).toMatchObject({ status: "ready", progress: { done: 3, total: 3, unit: "pages" } });
    const reasons = Object.fromEntries(s.skippedPages.map((p) => [new URL(p.url).pathname, p.reason]));
    expect(reasons).toMatchObject({
      "/endless": "The page is larger than 3 MB; reading stopped there.",
      "/deep": "The page is nested too deeply to read.",
      "/never-finishes": `The page did not load within ${scaled(2)} seconds.`,
      "/to-internal": `It redirects to another site (${internal.url}).`,
    });
    expect(site.endlessBytes()).toBeLessThan(3 * MB + 8 * MB);
    expect(slowestHealthMs).toBeLessThan(2000);
    expect(internal.hits).toEqual([]);
    expect(other.hits).toEqual([]);
  });

  it("refuses oversized uploads before reading them", async () => {
    const who = await freeAccount();
    const url = `${api.url}/api/chatbots/${who.bot}/sources`;
    const declared = await pushUpload(url, who.token, 60 * MB);
    expect(declared.status).toBe(413);
    expect(declared.sent).toBeLessThan(16 * MB);
    const chunked = await pushUpload(url, who.token, 60 * MB, { contentLength: false });
    expect(chunked.status).toBe(413);
    expect(chunked.sent).toBeLessThan(5 * MB + 16 * MB);
    // A file name of any length is cut to size.
    const form = new FormData();
    form.append("file", new Blob(["Opening hours: nine to five."]), `${"n".repeat(100_000)}.txt`);
    const named = await api.fetch(`/api/chatbots/${who.bot}/sources`, {
      method: "POST",
      token: who.token,
      body: form,
    });
    expect(named.status).toBe(201);
    expect([...(((await named.json()) as KnowledgeSource).fileName ?? "")].length).toBeLessThanOrEqual(200);
    expect(api.alive()).toBe(true);
  });
});
