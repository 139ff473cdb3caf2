import type { KnowledgeSource, SourceSync } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeChunks } from "../../src/db/schema";
import { type ChangingSite, html, startChangingSite } from "../changing-site";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { builderClient, type Owner } from "./client";

const page = (title: string, text: string, links: string[] = []) =>
  html(title, `<h1>${title}</h1><p>${text}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}`);
const PATHS = ["/a", "/b", "/c", "/d", "/e"];
const FACTS: Record<string, string> = {
  "/a": "Saddles are adjusted for free at the counter.",
  "/b": "Bells cost 1 BHD each.",
  "/c": "Locks are lent to every rider at no cost.",
  "/d": "Lights must be on after sunset.",
  "/e": "Baskets fit on every city bike.",
};

/**
 * Scheduled re-syncs through the app's recurring job (`runScheduledSyncs`, as the worker runs it)
 * and the job queue, against a local site: the quiet hour of the bot's time zone, one run per
 * schedule however many replicas look, what a sync that would remove too much does, the owners
 * told through the notifications job, and schedules that stop (Free plan, deleted bot).
 */
describe.each(testDrivers())("scheduled re-sync on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let site: ChangingSite;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_sched_owner", email: "sched@bikes.example", name: "Maryam" };
  let botId = "";
  let sourceId = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    site = await startChangingSite({
      "/": { body: page("Shop", "The bike shop.", PATHS) },
      ...Object.fromEntries(
        PATHS.map((p) => [p, { etag: `"${p}-1"`, body: page(`Page ${p}`, FACTS[p] ?? "") }]),
      ),
    });
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    await setPlan(t, owner.sub, "business-monthly");
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([issuer?.close(), site?.close()]);
  });

  const knowledge = () => t.app.services.knowledge;
  const source = async (): Promise<KnowledgeSource> =>
    (await api.json(owner, "GET", `/api/chatbots/${botId}/sources/${sourceId}`)).body;
  const syncs = async (): Promise<SourceSync[]> =>
    (await api.json(owner, "GET", `/api/chatbots/${botId}/sources/${sourceId}/syncs`)).body;
  /** Moves the app's clock just past the source's next run. */
  const reachNextRun = async () => {
    const next = Date.parse((await source()).nextSyncAt ?? "");
    expect(Number.isNaN(next)).toBe(false);
    t.app.clock.advance(next - t.app.clock.now().getTime() + 60_000);
  };
  const queuedJobs = async (kind: string) =>
    rowsOf<{ payload: Record<string, unknown> }>(
      await t.db.db.execute(sql`select payload from jobs where kind = ${kind} order by created_at`),
    ).map((r) => r.payload);
  const chunkUrls = async () =>
    (
      await t.db.db
        .select({ url: knowledgeChunks.url })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.sourceId, sourceId))
        .orderBy(asc(knowledgeChunks.id))
    ).map((r) => new URL(r.url ?? "").pathname);

  it("plans the next run at 03:00 of the bot's time zone", async () => {
    botId = (
      await api.createBot(owner, {
        name: "Bike shop",
        handoff: { enabled: true, officeHours: { timeZone: "Asia/Bahrain", days: Array(7).fill(null) } },
      })
    )._id;
    const added = await api.addSource(owner, botId, {
      kind: "website",
      url: `${site.url}/`,
      resync: "daily",
    });
    expect(added.status).toBe(201);
    sourceId = added.body._id;
    await t.app.services.jobs.drain();
    const next = new Date((await source()).nextSyncAt ?? "");
    // 03:00 in Bahrain (UTC+3) is midnight UTC, within the next day.
    expect(next.getUTCHours()).toBe(0);
    expect(next.getUTCMinutes()).toBe(0);
    const ahead = next.getTime() - t.app.clock.now().getTime();
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThanOrEqual(86_400_000);
  });

  it("queues a due sync once however many replicas look at the same time", async () => {
    await reachNextRun();
    const before = await source();
    const runs = await Promise.all([
      knowledge().runScheduledSyncs(),
      knowledge().runScheduledSyncs(),
      knowledge().runScheduledSyncs(),
    ]);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(1);
    expect((await queuedJobs("knowledge.ingest")).filter((p) => p.trigger === "scheduled")).toHaveLength(1);
    // The next run moved a day on; nothing more is due now.
    expect(Date.parse((await source()).nextSyncAt ?? "")).toBe(
      Date.parse(before.nextSyncAt ?? "") + 86_400_000,
    );
    expect((await knowledge().runScheduledSyncs()).queued).toBe(0);
    site.hits.length = 0;
    await t.app.services.jobs.drain();
    const [latest] = await syncs();
    expect(latest).toMatchObject({ trigger: "scheduled", status: "succeeded", unchanged: 6, changed: 0 });
    expect(site.hits.filter((h) => h.status === 304).length).toBe(5);
  });

  it("holds back a scheduled sync that would remove more than a third of the pages, and tells the owners", async () => {
    for (const p of ["/c", "/d", "/e"]) delete site.routes[p];
    await reachNextRun();
    expect((await knowledge().runScheduledSyncs()).queued).toBe(1);
    await t.app.services.jobs.drain();
    const [latest] = await syncs();
    expect(latest).toMatchObject({ trigger: "scheduled", status: "held", removed: 3 });
    // Nothing was removed: the bot still answers from the missing pages.
    expect(new Set(await chunkUrls())).toEqual(new Set(["/", ...PATHS]));
    expect(textOf((await api.ask(owner, botId, "Are locks lent to riders?")).events)).toContain("no cost");
    const told = await queuedJobs("notifications.source-sync");
    expect(told.map((p) => p.item)).toEqual([
      expect.objectContaining({
        workspaceId: owner.sub,
        kind: "held",
        removed: 3,
        total: 6,
        botName: "Bike shop",
      }),
    ]);

    // The owner re-syncs by hand: now the pages leave.
    expect((await api.json(owner, "POST", `/api/chatbots/${botId}/sources/${sourceId}/resync`)).status).toBe(
      200,
    );
    await t.app.services.jobs.drain();
    expect((await syncs())[0]).toMatchObject({ trigger: "manual", status: "succeeded", removed: 3 });
    expect(new Set(await chunkUrls())).toEqual(new Set(["/", "/a", "/b"]));
  });

  it("tells the owners when scheduled syncs fail twice in a row, once", async () => {
    const saved = { ...site.routes };
    for (const p of Object.keys(site.routes)) site.routes[p] = { status: 503, body: "down" };
    const toldFailed = async () =>
      (await queuedJobs("notifications.source-sync")).filter(
        (p) => (p.item as { kind: string }).kind === "failed",
      );
    for (const expected of [0, 1, 1]) {
      await reachNextRun();
      expect((await knowledge().runScheduledSyncs()).queued).toBe(1);
      await t.app.services.jobs.drain();
      expect((await syncs())[0]).toMatchObject({ trigger: "scheduled", status: "failed" });
      expect(await toldFailed()).toHaveLength(expected);
    }
    expect(await source()).toMatchObject({ status: "ready" });
    Object.assign(site.routes, saved);
  });

  it("stops cleanly for a workspace that dropped to Free, and for a deleted bot", async () => {
    // A run queued while the plan was paid, then the workspace drops to Free before it runs.
    await reachNextRun();
    expect((await knowledge().runScheduledSyncs()).queued).toBe(1);
    expect((await source()).resyncPaused).toBe(false);
    await setPlan(t, owner.sub, "free-monthly");
    // The schedule is kept, and the source says it is paused rather than promising a next run.
    expect((await source()).resync).not.toBe("off");
    expect((await source()).resyncPaused).toBe(true);
    const listed = (await api.json(owner, "GET", `/api/chatbots/${botId}/sources`)).body as KnowledgeSource[];
    expect(listed.find((s) => s._id === sourceId)?.resyncPaused).toBe(true);
    const count = (await syncs()).length;
    await t.app.services.jobs.drain();
    expect(await syncs()).toHaveLength(count);
    await reachNextRun();
    expect((await knowledge().runScheduledSyncs()).queued).toBe(0);

    // Back on a paid plan, a run is queued, then the bot is deleted before it runs.
    await setPlan(t, owner.sub, "business-monthly");
    expect((await source()).resyncPaused).toBe(false);
    await reachNextRun();
    expect((await knowledge().runScheduledSyncs()).queued).toBe(1);
    expect((await api.json(owner, "DELETE", `/api/chatbots/${botId}`)).status).toBe(204);
    await t.app.services.jobs.drain();
    const failed = rowsOf<{ n: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'knowledge.ingest' and status = 'failed'`,
      ),
    );
    expect(Number(failed[0]?.n)).toBe(0);
    t.app.clock.advance(2 * 86_400_000);
    expect((await knowledge().runScheduledSyncs()).queued).toBe(0);
  });
});
