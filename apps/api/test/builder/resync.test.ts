import type { KnowledgeSource, SourceSync } from "@parley/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeChunks } from "../../src/db/schema";
import { type ChangingSite, html, startChangingSite } from "../changing-site";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";
import { builderClient, type Owner } from "./client";

const page = (title: string, text: string, links: string[] = []) =>
  html(title, `<h1>${title}</h1><p>${text}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}`);

describe.each(testDrivers())("website re-sync on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let site: ChangingSite;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_resync_owner", email: "owner@bikes.example", name: "Huda" };
  const stranger: Owner = { sub: "auth_resync_stranger", email: "x@other.example", name: "Sami" };
  const freeOwner: Owner = { sub: "auth_resync_free", email: "free@plan.example", name: "Rana" };
  const hoursModified = new Date("2026-11-01T08:00:00Z");
  let botId = "";
  let sourceId = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    site = await startChangingSite({
      "/": {
        etag: '"home-1"',
        body: page("Cycle shop", "Welcome to the cycle shop.", ["/hours", "/prices", "/sale", "/tubes"]),
      },
      "/hours": {
        lastModified: hoursModified,
        body: page("Hours", "The workshop opens at 9 am and closes at 7 pm."),
      },
      "/prices": {
        etag: '"prices-1"',
        body: page("Prices", "A full tune-up costs 12 BHD including brake pads."),
      },
      "/sale": { body: page("Sale", "Winter sale: thirty percent off every helmet in stock.") },
      "/tubes": { body: page("Tubes", "Spare inner tubes are sold at the counter for 2 BHD.") },
    });
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    await setPlan(t, owner.sub, "business-monthly");
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([issuer?.close(), site?.close()]);
  });

  const chunkIds = async () => {
    const rows = await t.db.db
      .select({ id: knowledgeChunks.id, url: knowledgeChunks.url })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceId, sourceId))
      .orderBy(asc(knowledgeChunks.id));
    const byPath: Record<string, number[]> = {};
    for (const r of rows) {
      const path = new URL(r.url ?? "").pathname;
      byPath[path] = [...(byPath[path] ?? []), r.id];
    }
    return byPath;
  };
  const syncs = async (): Promise<SourceSync[]> =>
    (await api.json(owner, "GET", `/api/chatbots/${botId}/sources/${sourceId}/syncs`)).body;
  const source = async (): Promise<KnowledgeSource> =>
    (await api.json(owner, "GET", `/api/chatbots/${botId}/sources/${sourceId}`)).body;
  const answer = async (question: string) => textOf((await api.ask(owner, botId, question)).events);
  const resync = async () => {
    const res = await api.json(owner, "POST", `/api/chatbots/${botId}/sources/${sourceId}/resync`);
    expect(res.status).toBe(200);
  };

  it("reads the site a first time and records the sync", async () => {
    botId = (await api.createBot(owner, { name: "Cycle helper" }))._id;
    const added = await api.addSource(owner, botId, {
      kind: "website",
      url: `${site.url}/`,
      maxPages: 20,
      include: ["/"],
      exclude: ["/private/"],
      resync: "weekly",
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ include: ["/"], exclude: ["/private/"], resync: "weekly" });
    sourceId = added.body._id;
    await t.app.services.jobs.drain();
    expect(await source()).toMatchObject({
      status: "ready",
      lastSync: { status: "succeeded", added: 5, changed: 0, removed: 0, unchanged: 0, failed: 0 },
    });
    const [first] = await syncs();
    expect(first?.pages.map((p) => [new URL(p.url).pathname, p.outcome]).sort()).toEqual([
      ["/", "added"],
      ["/hours", "added"],
      ["/prices", "added"],
      ["/sale", "added"],
      ["/tubes", "added"],
    ]);
    expect(first?.rules).toEqual([
      { kind: "include", pattern: "/", pages: 5 },
      { kind: "exclude", pattern: "/private/", pages: 0 },
    ]);
    expect(await answer("How much does a full tune-up cost?")).toContain("12 BHD");
  });

  it("re-syncs with conditional requests, re-indexing only what changed; removed pages leave, new ones join", async () => {
    const before = await chunkIds();
    // The site changes: a price is edited (new ETag), the sale page is taken down, a page is added
    // (linked from the home page, which changes with it); the hours (Last-Modified) and the tubes
    // page (no validators at all) stay as they were.
    site.routes["/"] = {
      etag: '"home-2"',
      body: page("Cycle shop", "Welcome to the cycle shop.", ["/hours", "/prices", "/tubes", "/rentals"]),
    };
    site.routes["/prices"] = {
      etag: '"prices-2"',
      body: page("Prices", "A full tune-up costs 15 BHD including brake pads."),
    };
    delete site.routes["/sale"];
    site.routes["/rentals"] = { body: page("Rentals", "A city bike can be rented for 3 BHD a day.") };
    site.hits.length = 0;

    await resync();
    await t.app.services.jobs.drain();

    const hit = (path: string) => site.hits.filter((h) => h.path === path);
    expect(hit("/hours")).toEqual([
      { path: "/hours", ifModifiedSince: hoursModified.toUTCString(), status: 304 },
    ]);
    expect(hit("/")).toEqual([{ path: "/", ifNoneMatch: '"home-1"', status: 200 }]);
    expect(hit("/prices")).toEqual([{ path: "/prices", ifNoneMatch: '"prices-1"', status: 200 }]);
    expect(hit("/tubes")).toEqual([{ path: "/tubes", status: 200 }]);
    expect(hit("/sale")).toEqual([{ path: "/sale", status: 404 }]);

    const after = await chunkIds();
    // Unchanged pages kept their chunks (same ids); changed pages have new ones.
    expect(after["/hours"]).toEqual(before["/hours"]);
    expect(after["/tubes"]).toEqual(before["/tubes"]);
    expect(after["/prices"]).not.toEqual(before["/prices"]);
    expect(after["/sale"]).toBeUndefined();
    expect(after["/rentals"]?.length).toBeGreaterThan(0);

    const [latest, first] = await syncs();
    expect(first?.added).toBe(5);
    expect(latest).toMatchObject({
      status: "succeeded",
      trigger: "manual",
      added: 1,
      changed: 2,
      removed: 1,
      unchanged: 2,
      failed: 0,
    });
    expect(Object.fromEntries(latest?.pages.map((p) => [new URL(p.url).pathname, p.outcome]) ?? [])).toEqual({
      "/": "changed",
      "/hours": "unchanged",
      "/prices": "changed",
      "/tubes": "unchanged",
      "/rentals": "added",
      "/sale": "removed",
    });
    expect((await source()).lastSync).toMatchObject({ changed: 2, removed: 1, added: 1, unchanged: 2 });

    expect(await answer("How much does a full tune-up cost?")).toContain("15 BHD");
    expect(await answer("Is there a winter sale on helmets?")).not.toContain("thirty percent");
    expect(await answer("How much is it to rent a city bike for a day?")).toContain("3 BHD a day");
    expect(await answer("When does the workshop open?")).toContain("9 am");
  });

  it("answers from the old passages while a re-sync is under way", async () => {
    let open = () => {};
    site.routes["/prices"] = {
      etag: '"prices-3"',
      body: page("Prices", "A full tune-up costs 18 BHD including brake pads."),
      gate: new Promise<void>((r) => {
        open = r;
      }),
    };
    await resync();
    const draining = t.app.services.jobs.drain();
    await until("the re-sync to reach the edited page", () => site.waiting.has("/prices"));
    expect((await source()).status).toBe("processing");
    expect(await answer("How much does a full tune-up cost?")).toContain("15 BHD");
    open();
    await draining;
    expect(await answer("How much does a full tune-up cost?")).toContain("18 BHD");
  });

  it("keeps the old knowledge when a re-sync fails", async () => {
    const saved = { ...site.routes };
    for (const path of Object.keys(site.routes)) site.routes[path] = { status: 503, body: "down" };
    await resync();
    await t.app.services.jobs.drain();
    const [latest] = await syncs();
    expect(latest).toMatchObject({
      status: "failed",
      error: `${site.url}/ answered 503 Service Unavailable.`,
    });
    expect(await source()).toMatchObject({ status: "ready", error: null });
    expect(await answer("How much does a full tune-up cost?")).toContain("18 BHD");
    Object.assign(site.routes, saved);
  });

  it("changes the path rules and schedule of a website source, for its owner only", async () => {
    const path = `/api/chatbots/${botId}/sources/${sourceId}`;
    const res = await api.json(owner, "PATCH", path, {
      include: ["/help/"],
      exclude: ["/blog/"],
      resync: "daily",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ include: ["/help/"], exclude: ["/blog/"], resync: "daily" });
    expect((await api.json(owner, "PATCH", path, { include: ["help"] })).body.error.code).toBe(
      "VALIDATION_FAILED",
    );
    expect((await api.json(owner, "PATCH", path, { url: "https://elsewhere.example/" })).status).toBe(400);

    // Another workspace gets what the other source routes give it.
    await api.createBot(stranger, { name: "Other" });
    for (const [method, p, body] of [
      ["PATCH", path, { resync: "off" }],
      ["GET", `${path}/syncs`, undefined],
      ["POST", `${path}/resync`, undefined],
    ] as const) {
      const refused = await api.json(stranger, method, p, body);
      expect([refused.status, refused.body.error.code]).toEqual([404, "NOT_FOUND"]);
    }
    expect((await source()).resync).toBe("daily");
  });

  it("refuses a daily or weekly schedule on the Free plan, and allows off", async () => {
    const freeBot = (await api.createBot(freeOwner, { name: "Free bot" }))._id;
    const refused = await api.addSource(freeOwner, freeBot, {
      kind: "website",
      url: `${site.url}/`,
      resync: "daily",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      message:
        "Scheduled re-syncs are part of the paid plans. Upgrade your plan, or re-sync this source by hand.",
    });
    const added = await api.addSource(freeOwner, freeBot, {
      kind: "website",
      url: `${site.url}/`,
      resync: "off",
    });
    expect(added.status).toBe(201);
    const patched = await api.json(freeOwner, "PATCH", `/api/chatbots/${freeBot}/sources/${added.body._id}`, {
      resync: "weekly",
    });
    expect(patched.body.error?.code).toBe("PLAN_LIMIT_REACHED");
    await t.app.services.jobs.drain();
  });
});
