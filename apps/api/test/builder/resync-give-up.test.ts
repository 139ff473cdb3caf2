import type { KnowledgeSource, SourceSync } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeChunks, knowledgeStagedPages } from "../../src/db/schema";
import { GAVE_UP_SYNC_REASON } from "../../src/modules/knowledge/ingest/ingest-runner";
import { type ChangingSite, html, startChangingSite } from "../changing-site";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";
import { builderClient, type Owner } from "./client";

const page = (title: string, text: string, links: string[] = []) =>
  html(title, `<h1>${title}</h1><p>${text}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}`);

/**
 * A sync whose job runs out of attempts without an outcome: each attempt's process died in the
 * middle (a page that crashes the reader, an OOM kill), so no run of the handler ever closed the
 * sync. The job queue gives the job up; the sync's record must end `failed` with a reason (not
 * "running" for ever), and a re-sync keeps the knowledge the source had.
 *
 * Each death is the state a killed process leaves, made by the real code: the ingestion job runs
 * (here, in this process) until it waits on a page, and stops there without writing anything more,
 * its record "running" and its pages staged; the job row says its last attempt's owner is gone and
 * its lease is over. The queue then finds it exhausted, as it would after a real kill
 * (test/jobs/resync-kill.test.ts kills real processes).
 */
describe.each(testDrivers("either"))("a sync whose job runs out of attempts on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let site: ChangingSite;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_giveup_owner", email: "giveup@bikes.example", name: "Noor" };
  let botId = "";
  let sourceId = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    site = await startChangingSite({
      "/": {
        body: page("Repair shop", "The repair shop on the corniche.", ["/brakes", "/chains", "/wheels"]),
      },
      "/brakes": { etag: '"brakes-1"', body: page("Brakes", "Brake pads are replaced for 6 BHD.") },
      "/chains": { body: page("Chains", "A new chain costs 9 BHD fitted.") },
      "/wheels": { body: page("Wheels", "Wheels are trued while you wait.") },
    });
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    await setPlan(t, owner.sub, "business-monthly");
    botId = (await api.createBot(owner, { name: "Repair helper" }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([issuer?.close(), site?.close()]);
  });

  const path = (p = "") => `/api/chatbots/${botId}/sources/${sourceId}${p}`;
  const source = async (): Promise<KnowledgeSource> => (await api.json(owner, "GET", path())).body;
  const syncs = async (): Promise<SourceSync[]> => (await api.json(owner, "GET", path("/syncs"))).body;
  const answer = async (question: string) => textOf((await api.ask(owner, botId, question)).events);
  const chunkIds = async (id = sourceId) =>
    (
      await t.db.db
        .select({ id: knowledgeChunks.id })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.sourceId, id))
        .orderBy(asc(knowledgeChunks.id))
    ).map((r) => r.id);
  const staged = async (id = sourceId) =>
    (await t.db.db.select().from(knowledgeStagedPages).where(eq(knowledgeStagedPages.sourceId, id))).length;
  /** The source's newest ingestion job. */
  const jobOf = async (id = sourceId) => {
    const [job] = rowsOf<{ id: string; status: string; payload: { trigger?: string } }>(
      await t.db.db.execute(sql`select id, status, payload from jobs where kind = 'knowledge.ingest'
        and payload->>'sourceId' = ${id} order by created_at desc, id desc limit 1`),
    );
    if (!job) throw new Error("no ingestion job");
    return job;
  };

  /**
   * The job's attempts all die in the middle of reading the site: the real ingestion runs until it
   * waits on `/chains`, and stops there; the job's last attempt is then a dead process's, its
   * lease over. The queue (as a worker's loop runs it) finds the job exhausted and gives it up.
   */
  async function everyAttemptDies(id = sourceId) {
    const job = await jobOf(id);
    const saved = site.routes["/chains"];
    let open = () => {};
    site.routes["/chains"] = {
      ...saved,
      gate: new Promise<void>((r) => {
        open = r;
      }),
    };
    const dying = new AbortController();
    const run = t.app.services.knowledge.ingest(id, {
      jobId: job.id,
      signal: dying.signal,
      trigger: job.payload.trigger === "scheduled" ? "scheduled" : "manual",
    });
    // It waits on /chains, and what it read before is staged under the job (pages are read side by
    // side: the request for /chains may leave before an earlier page's row is written).
    await until(
      "the reading to reach /chains with the pages before it staged",
      async () => site.waiting.has("/chains") && (await staged(id)) > 0,
    );
    dying.abort(new Error("killed"));
    await run;
    open();
    if (saved) site.routes["/chains"] = saved;
    await t.db.db.execute(sql`update jobs set status = 'running', attempts = max_attempts,
      locked_by = 'another-host:4242:dead', locked_until = ${new Date(Date.now() - 1000)}
      where id = ${job.id}`);
    // A queue that has just started (a restarted process) looks for exhausted jobs first.
    await t.app.services.jobs.worker({}).drain();
    expect((await jobOf(id)).status).toBe("failed");
  }

  it("a first reading that never finishes fails the source, and its record, with the reason", async () => {
    const added = await api.addSource(owner, botId, { kind: "website", url: `${site.url}/`, maxPages: 10 });
    expect(added.status).toBe(201);
    sourceId = added.body._id;
    await everyAttemptDies();
    expect(await source()).toMatchObject({ status: "failed", error: GAVE_UP_SYNC_REASON, chunkCount: 0 });
    const [record] = await syncs();
    expect(record).toMatchObject({ status: "failed", trigger: "manual", error: GAVE_UP_SYNC_REASON });
    expect(record?.finishedAt).not.toBeNull();
    expect(await staged()).toBe(0);

    // Re-synced by hand, it reads the site.
    expect((await api.json(owner, "POST", path("/resync"))).status).toBe(200);
    await t.app.services.jobs.drain();
    expect(await source()).toMatchObject({ status: "ready", error: null });
    expect((await syncs())[0]).toMatchObject({ status: "succeeded", added: 4 });
  });

  it("a re-sync given up ends its record failed, and the source keeps its old knowledge", async () => {
    const before = await chunkIds();
    expect(await answer("How much is a new chain?")).toContain("9 BHD");
    site.routes["/chains"] = { body: page("Chains", "A new chain costs 11 BHD fitted.") };
    expect((await api.json(owner, "POST", path("/resync"))).status).toBe(200);
    await everyAttemptDies();

    const [record, previous] = await syncs();
    expect(record).toMatchObject({ status: "failed", trigger: "manual", error: GAVE_UP_SYNC_REASON });
    expect(Date.parse(record?.finishedAt ?? "")).not.toBeNaN();
    expect(previous?.status).toBe("succeeded");
    // The source answers as before: ready, the same passages, nothing staged left behind.
    expect(await source()).toMatchObject({
      status: "ready",
      error: null,
      lastSync: { status: "failed" },
    });
    expect(await chunkIds()).toEqual(before);
    expect(await staged()).toBe(0);
    expect(await answer("How much is a new chain?")).toContain("9 BHD");
    // No sync of the source is left "running".
    expect((await syncs()).filter((s) => s.status === "running")).toEqual([]);

    // The next re-sync reads the change.
    expect((await api.json(owner, "POST", path("/resync"))).status).toBe(200);
    await t.app.services.jobs.drain();
    expect((await syncs())[0]).toMatchObject({ status: "succeeded", changed: 1, unchanged: 3 });
    expect(await answer("How much is a new chain?")).toContain("11 BHD");
  });

  it("scheduled syncs given up twice in a row tell the owners, with the reason", async () => {
    expect((await api.json(owner, "PATCH", path(), { resync: "daily" })).status).toBe(200);
    const before = await chunkIds();
    const told = async () =>
      rowsOf<{ payload: { item: Record<string, unknown> } }>(
        await t.db.db.execute(sql`select payload from jobs where kind = 'notifications.source-sync'`),
      ).map((r) => r.payload.item);
    for (const round of [1, 2]) {
      const next = Date.parse((await source()).nextSyncAt ?? "");
      t.app.clock.advance(next - t.app.clock.now().getTime() + 60_000);
      expect((await t.app.services.knowledge.runScheduledSyncs()).queued).toBe(1);
      await everyAttemptDies();
      expect((await syncs())[0]).toMatchObject({
        status: "failed",
        trigger: "scheduled",
        error: GAVE_UP_SYNC_REASON,
      });
      expect(await told()).toHaveLength(round === 1 ? 0 : 1);
    }
    expect(await told()).toEqual([
      expect.objectContaining({
        workspaceId: owner.sub,
        kind: "failed",
        botName: "Repair helper",
        chatbotId: botId,
        error: GAVE_UP_SYNC_REASON,
      }),
    ]);
    expect(await source()).toMatchObject({ status: "ready", error: null });
    expect(await chunkIds()).toEqual(before);
  });

  it("a run re-taken after its sync ended (its process died before the job did) reads nothing again", async () => {
    expect((await api.json(owner, "POST", path("/resync"))).status).toBe(200);
    const job = await jobOf();
    await t.app.services.jobs.drain();
    const records = await syncs();
    const chunks = await chunkIds();
    site.hits.length = 0;
    // The same job again, as the queue would run it after a kill between the swap and the job's end.
    await t.app.services.knowledge.ingest(sourceId, { jobId: job.id, trigger: "manual" });
    expect(site.pages()).toEqual([]);
    expect(await syncs()).toEqual(records);
    expect(await chunkIds()).toEqual(chunks);
    expect(await source()).toMatchObject({ status: "ready", error: null });
  });
});
