import type { KnowledgeSource, SourceSync } from "@parley/contracts";
import { INGEST_LIMITS } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangingSite, html, startChangingSite } from "../changing-site";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { builderClient, type Owner } from "./client";

/** A page of `sections` headed sections: one passage each (a passage never mixes two sections). */
const manual = (name: string, sections: number, fact = "") =>
  html(
    name,
    `<h1>${name}</h1>${fact ? `<h2>Key fact</h2><p>${fact}</p>` : ""}${Array.from(
      { length: sections - (fact ? 1 : 0) },
      (_, i) =>
        `<h2>${name} part ${i + 1}</h2><p>Step ${i + 1} of the ${name.toLowerCase()}: tighten bolt ${i + 1}.</p>`,
    ).join("")}`,
  );
const home = (paths: string[]) =>
  html(
    "Manuals",
    `<h1>Manuals</h1><p>Every manual of the shop.</p>${paths.map((p) => `<a href="${p}">${p}</a>`).join(" ")}`,
  );
const FREE_PASSAGES = INGEST_LIMITS[0].chunks;
const tooMany = `This site gives more than ${FREE_PASSAGES.toLocaleString("en-US")} passages, the most one source can hold on the Free plan. Lower the page limit or upgrade your plan.`;

/**
 * The plan's limit on a re-sync. The limit counts passages per source (not pages, which are the
 * source's own `maxPages`, nor characters, which bound uploaded files). A re-sync is measured by
 * what the source will hold after it: the passages it keeps (unchanged pages, not read again) and
 * the ones it reads now. So a source near its limit re-syncs without being refused for what it
 * already had, and cannot pass the limit by new pages; one whose plan went down keeps and refreshes
 * what it has but does not grow; and at its page limit, new pages do not push out the ones it had.
 */
describe.each(testDrivers("either"))("a re-sync within the plan's limits on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const sites: ChangingSite[] = [];

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([issuer?.close(), ...sites.map((s) => s.close())]);
  });

  /** A site of a home page and manuals of `sections` passages each. */
  async function manualsSite(manuals: number, sections: number) {
    const paths = Array.from({ length: manuals }, (_, i) => `/manual/${i + 1}`);
    const site = await startChangingSite({
      "/": { body: home(paths) },
      ...Object.fromEntries(paths.map((p, i) => [p, { body: manual(`Manual ${i + 1}`, sections) }])),
    });
    sites.push(site);
    return site;
  }
  /** A bot of `who` reading `site`, read once; the helpers for its source. */
  async function sourceOn(who: Owner, site: ChangingSite, extra: Record<string, unknown> = {}) {
    const botId = (await api.createBot(who, { name: "Manuals bot" }))._id;
    const added = await api.addSource(who, botId, { kind: "website", url: `${site.url}/`, ...extra });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const path = `/api/chatbots/${botId}/sources/${added.body._id}`;
    const get = async (): Promise<KnowledgeSource> => (await api.json(who, "GET", path)).body;
    const syncs = async (): Promise<SourceSync[]> => (await api.json(who, "GET", `${path}/syncs`)).body;
    const resync = async () => {
      const res = await api.json(who, "POST", `${path}/resync`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await t.app.services.jobs.drain();
      return { source: await get(), sync: (await syncs())[0] };
    };
    await t.app.services.jobs.drain();
    expect(await get()).toMatchObject({ status: "ready" });
    return { botId, get, syncs, resync };
  }
  const addPage = (site: ChangingSite, path: string, body: string) => {
    site.routes[path] = { body };
    site.routes["/"] = { body: home(Object.keys(site.routes).filter((p) => p !== "/")) };
  };
  const removePage = (site: ChangingSite, path: string) => {
    delete site.routes[path];
    site.routes["/"] = { body: home(Object.keys(site.routes).filter((p) => p !== "/")) };
  };

  it("a Free source near its limit re-syncs what it has, and cannot pass the limit with new pages", async () => {
    const free: Owner = { sub: "auth_limit_free", email: "free@manuals.example", name: "Ali" };
    // Four manuals of 360 passages and the home page: 1,441 passages of the Free plan's 1,500.
    const site = await manualsSite(4, 360);
    const s = await sourceOn(free, site, { maxPages: 20 });
    const held = (await s.get()).chunkCount;
    expect(held).toBe(4 * 360 + 1);
    const room = FREE_PASSAGES - held;

    // Nothing changed: nothing refused (the kept passages are not read again).
    expect(await s.resync()).toMatchObject({
      source: { status: "ready", chunkCount: held },
      sync: { status: "succeeded", unchanged: 5, changed: 0, added: 0 },
    });
    // A manual edited, as long as before: it replaces its own passages.
    site.routes["/manual/2"] = { body: manual("Manual 2", 360, "The torque for the crank is 40 Nm.") };
    expect(await s.resync()).toMatchObject({
      source: { status: "ready", chunkCount: held },
      sync: { status: "succeeded", changed: 1, unchanged: 4 },
    });

    // A new page that would take the source past the limit: the sync fails with the limit's
    // reason, and the source keeps what it had (the new page's passages never arrive).
    addPage(site, "/manual/5", manual("Manual 5", room + 5, "Brake cables are replaced every 2 years."));
    const refused = await s.resync();
    expect(refused.sync).toMatchObject({ status: "failed", error: tooMany });
    expect(refused.source).toMatchObject({ status: "ready", error: null, chunkCount: held });
    const hits = await t.app.services.retrieval.search(s.botId, "how often are brake cables replaced");
    expect(hits.map((h) => h.url)).not.toContain(`${site.url}/manual/5`);

    // Many small new pages add up the same way.
    removePage(site, "/manual/5");
    for (let i = 0; i < 10; i++) addPage(site, `/tips/${i}`, manual(`Tip ${i}`, Math.ceil(room / 8)));
    expect((await s.resync()).sync).toMatchObject({ status: "failed", error: tooMany });
    expect((await s.get()).chunkCount).toBe(held);

    // What fits is taken: the source ends at its limit at most.
    for (let i = 0; i < 10; i++) removePage(site, `/tips/${i}`);
    addPage(site, "/manual/5", manual("Manual 5", room, "Brake cables are replaced every 2 years."));
    const fits = await s.resync();
    expect(fits.sync).toMatchObject({ status: "succeeded", added: 1, changed: 1, unchanged: 4 });
    expect(fits.source.chunkCount).toBe(FREE_PASSAGES);
  });

  it("a source whose plan went down keeps and refreshes what it holds, but does not grow", async () => {
    const shrunk: Owner = { sub: "auth_limit_down", email: "down@manuals.example", name: "Sara" };
    await setPlan(t, shrunk.sub, "starter-monthly");
    // Five manuals of 360: 1,801 passages, within Starter's limit and past Free's.
    const site = await manualsSite(5, 360);
    const s = await sourceOn(shrunk, site, { maxPages: 20 });
    const held = (await s.get()).chunkCount;
    expect(held).toBeGreaterThan(FREE_PASSAGES);
    await setPlan(t, shrunk.sub, "free-monthly");

    expect((await s.resync()).sync).toMatchObject({ status: "succeeded", unchanged: 6 });
    site.routes["/manual/3"] = { body: manual("Manual 3", 360, "Chains are oiled every 300 km.") };
    expect(await s.resync()).toMatchObject({
      source: { chunkCount: held },
      sync: { status: "succeeded", changed: 1 },
    });
    // Growing past what it held is refused; a page that leaves makes room again.
    addPage(site, "/tips/1", manual("Tip 1", 3));
    expect((await s.resync()).sync).toMatchObject({ status: "failed", error: tooMany });
    expect((await s.get()).chunkCount).toBe(held);
    removePage(site, "/manual/4");
    const replaced = await s.resync();
    expect(replaced.sync).toMatchObject({ status: "succeeded", added: 1, removed: 1 });
    expect(replaced.source.chunkCount).toBe(held - 360 + 3);
  });

  it("at its page limit, a sitemap's new pages do not push out the pages the source has", async () => {
    const owner: Owner = { sub: "auth_limit_pages", email: "pages@manuals.example", name: "Huda" };
    const sitemap = (paths: string[], base: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
        .map((p) => `<url><loc>${base}${p}</loc></url>`)
        .join("")}</urlset>`;
    const site = await startChangingSite({
      "/a": { body: manual("Page A", 1, "Opening hours are 9 to 5.") },
      "/b": { body: manual("Page B", 1, "Parking is free at the back.") },
      "/c": { body: manual("Page C", 1, "Gift cards never expire.") },
    });
    sites.push(site);
    const setSitemap = (paths: string[]) => {
      site.routes["/sitemap.xml"] = { type: "application/xml", body: sitemap(paths, site.url) };
    };
    setSitemap(["/a", "/b", "/c"]);
    const botId = (await api.createBot(owner, { name: "Pages bot" }))._id;
    const added = await api.addSource(owner, botId, {
      kind: "website",
      url: `${site.url}/sitemap.xml`,
      maxPages: 3,
    });
    expect(added.status).toBe(201);
    await t.app.services.jobs.drain();
    // The site grows: two new pages listed first.
    site.routes["/new-1"] = { body: manual("New 1", 1, "A new page.") };
    site.routes["/new-2"] = { body: manual("New 2", 1, "Another new page.") };
    setSitemap(["/new-1", "/new-2", "/a", "/b", "/c"]);
    const path = `/api/chatbots/${botId}/sources/${added.body._id}`;
    expect((await api.json(owner, "POST", `${path}/resync`)).status).toBe(200);
    await t.app.services.jobs.drain();
    const [sync] = (await api.json(owner, "GET", `${path}/syncs`)).body as SourceSync[];
    expect(sync).toMatchObject({ status: "succeeded", unchanged: 3, removed: 0, added: 0 });
  });
});
