import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rowsOf } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTestBuild } from "../../../../scripts/test-build.mjs";
import { type AppDb, buildApp, openAppDb } from "../../src/app";
import {
  jobs,
  knowledgeChunks,
  knowledgePages,
  knowledgeStagedPages,
  knowledgeSyncs,
} from "../../src/db/schema";
import { loadEnv } from "../../src/env";
import { type ChangingSite, html, type Route, startChangingSite } from "../changing-site";
import { freePort, setPlan } from "../harness";
import { until } from "../until";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

const PAGES = 30;
const guide = (i: number, price: number) =>
  html(`Guide ${i}`, `<h1>Guide ${i}</h1><p>Route ${i} along the bay costs ${price} BHD with a guide.</p>`);
const home = (paths: string[]) =>
  html(
    "Bay tours",
    `<h1>Bay tours</h1><p>Guided rides around the bay.</p>${paths.map((p) => `<a href="${p}">${p}</a>`).join(" ")}`,
  );

/**
 * A re-sync whose API process is killed (SIGKILL) in the middle: the site changed since the last
 * sync (pages edited, added, removed; ETags on some pages, Last-Modified on others, nothing on the
 * rest), a real server (the compiled API, as `pnpm start` runs it) takes the re-sync and dies with
 * part of it staged; a restarted process takes the job over and finishes it from there. The source
 * ends with each page once, each passage once, the unchanged pages' passages untouched, and one
 * sync record that counts what really changed. Real processes, so Postgres only.
 */
if (process.env.DATABASE_URL)
  describe("a re-sync survives the death of its process", () => {
    let scratch: ScratchDatabase;
    let db: AppDb;
    let replica: Awaited<ReturnType<typeof buildApp>>;
    let site: ChangingSite;
    let first: ChildProcess | undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-resync-kill-"));
    let output = "";
    const owner = "auth_resync_kill_owner";
    /** The bot and its website source (made by the first test, re-synced by both). */
    const ids = { bot: "", source: "" };
    const url = (p: string) => `${site.url}${p}`;
    const chunksOf = async () =>
      db.db
        .select({ id: knowledgeChunks.id, url: knowledgeChunks.url, body: knowledgeChunks.body })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.sourceId, ids.source))
        .orderBy(asc(knowledgeChunks.id));
    const idsOf = (rows: { id: number; url: string | null }[], address: string) =>
      rows.filter((r) => r.url === address).map((r) => r.id);
    const staged = async () =>
      (await db.db.select().from(knowledgeStagedPages).where(eq(knowledgeStagedPages.sourceId, ids.source)))
        .length;
    const recordsOf = () =>
      db.db
        .select()
        .from(knowledgeSyncs)
        .where(eq(knowledgeSyncs.sourceId, ids.source))
        .orderBy(asc(knowledgeSyncs.startedAt));

    beforeAll(async () => {
      scratch = await createScratchDatabase("postgres", "parley_resync_kill");
      const env = loadEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        JOBS_ENABLED: "false",
        DATABASE_URL: scratch.url,
        DEMO_CONTENT: "false",
      });
      db = await openAppDb(env, { inMemory: true });
      replica = await buildApp({
        env,
        db,
        logger: false,
        parserEntry: path.join(await ensureTestBuild("api"), "parse-child.js"),
      });
      await replica.ready();
      await replica.services.plans.seed();
      const paths = Array.from({ length: PAGES }, (_, i) => `/guides/${i + 1}`);
      const routes: Record<string, Route> = { "/": { body: home(paths) } };
      for (const [n, p] of paths.map((p, i) => [i + 1, p] as const)) {
        // A third with an ETag, a third with a Last-Modified date, a third with neither.
        routes[p] =
          n % 3 === 0
            ? { body: guide(n, n), etag: `"g${n}-1"` }
            : n % 3 === 1
              ? { body: guide(n, n), lastModified: new Date("2026-10-01T00:00:00Z") }
              : { body: guide(n, n) };
      }
      site = await startChangingSite(routes);
    });
    afterAll(async () => {
      if (first && first.exitCode === null) first.kill("SIGKILL");
      await replica?.close();
      await db?.close();
      await scratch?.drop();
      await site?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** A real API server on the scratch database, with its job worker on, as `pnpm start` runs it. */
    async function startServer() {
      output = "";
      const child = spawn(process.execPath, [path.join(await ensureTestBuild("api"), "server.js")], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "test",
          PORT: String(await freePort()),
          DATABASE_URL: scratch.url ?? "",
          DATA_DIR: dataDir,
          WEB_DIST: "/nonexistent",
          LOG_LEVEL: "warn",
          DEMO_CONTENT: "false",
          JOBS_ENABLED: "true",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (c) => {
        output += c;
      });
      child.stderr?.on("data", (c) => {
        output += c;
      });
      return child;
    }

    it("resumes after a kill -9 and ends with each page and passage once, and a true sync record", async () => {
      const { knowledge } = replica.services;
      await setPlan({ app: replica, db } as Parameters<typeof setPlan>[0], owner, "business-monthly");
      const bot = await replica.services.chatbots.create(owner, { name: "Tours bot" });
      const source = await knowledge.add(owner, bot._id, {
        kind: "website",
        url: `${site.url}/`,
        maxPages: 50,
      });
      ids.bot = bot._id;
      ids.source = source._id;
      await replica.services.jobs.drain();
      expect(await knowledge.get(owner, bot._id, source._id)).toMatchObject({ status: "ready" });
      const before = await chunksOf();

      // The site changes: five guides edited (some with a new ETag, some with a new date, some
      // with neither), three taken down, four added (linked from the home page, edited with them).
      const edited = [3, 4, 5, 10, 20];
      const removed = [7, 8, 9];
      const added = [31, 32, 33, 34];
      for (const n of edited) {
        const r = site.routes[`/guides/${n}`] ?? {};
        site.routes[`/guides/${n}`] = {
          body: guide(n, n + 100),
          ...(r.etag ? { etag: `"g${n}-2"` } : {}),
          ...(r.lastModified ? { lastModified: new Date("2026-11-15T00:00:00Z") } : {}),
        };
      }
      for (const n of removed) delete site.routes[`/guides/${n}`];
      for (const n of added) site.routes[`/guides/${n}`] = { body: guide(n, n) };
      const live = Object.keys(site.routes).filter((p) => p !== "/");
      site.routes["/"] = { body: home(live) };
      const unchanged = Array.from({ length: PAGES }, (_, i) => i + 1).filter(
        (n) => !edited.includes(n) && !removed.includes(n),
      );

      // Every answer now takes a while: the re-sync is slow enough to be killed in the middle.
      site.opts.delayMs = 150;
      site.hits.length = 0;
      await knowledge.resync(owner, bot._id, source._id);
      first = await startServer();
      await until(
        "the first process to stage a dozen pages of the re-sync",
        async () => (await staged()) >= 12,
        60_000,
      ).catch((err) => {
        throw new Error(`${err.message}\n${output}`);
      });
      first.kill("SIGKILL");
      await new Promise((r) => first?.once("exit", r));
      const hitsBeforeKill = site.pages().length;
      const stagedAtKill = await staged();
      // Killed in the middle: part of the re-sync staged, the sync's record open, the old
      // passages still answering.
      expect(stagedAtKill).toBeGreaterThanOrEqual(12);
      expect(stagedAtKill).toBeLessThan(PAGES + added.length);
      const [open] = await db.db.select().from(knowledgeSyncs).where(eq(knowledgeSyncs.status, "running"));
      expect(open).toBeTruthy();
      expect((await chunksOf()).map((c) => c.id)).toEqual(before.map((c) => c.id));

      // The restarted process: it frees the dead process's lease and goes on from the staged pages.
      const stop = replica.services.jobs.start(50);
      try {
        await until(
          "the re-sync to finish",
          async () => {
            const [sync] = await db.db
              .select()
              .from(knowledgeSyncs)
              .where(eq(knowledgeSyncs.id, open?.id ?? ""));
            return sync?.status !== "running";
          },
          90_000,
        );
      } finally {
        await stop();
      }

      // One record for the sync, across both processes, that says what changed.
      const records = await recordsOf();
      expect(records).toHaveLength(2);
      const record = records[1];
      expect(record).toMatchObject({
        id: open?.id,
        status: "succeeded",
        trigger: "manual",
        added: added.length,
        changed: edited.length + 1, // and the home page
        removed: removed.length,
        unchanged: unchanged.length,
        failed: 0,
        error: null,
      });
      const outcomes = new Map<string, string>();
      for (const p of record?.pages ?? []) {
        expect(outcomes.has(p.url), `${p.url} listed twice`).toBe(false);
        outcomes.set(p.url, p.outcome);
      }
      for (const n of edited) expect(outcomes.get(url(`/guides/${n}`))).toBe("changed");
      for (const n of removed) expect(outcomes.get(url(`/guides/${n}`))).toBe("removed");
      for (const n of added) expect(outcomes.get(url(`/guides/${n}`))).toBe("added");
      for (const n of unchanged) expect(outcomes.get(url(`/guides/${n}`))).toBe("unchanged");
      expect(outcomes.size).toBe(1 + PAGES + added.length);

      // Each page of the site once, and nothing of the removed ones.
      const expected = ["/", ...live].map(url).sort();
      const pages = await db.db.select().from(knowledgePages).where(eq(knowledgePages.sourceId, source._id));
      expect(pages.map((p) => p.url).sort()).toEqual(expected);
      const after = await chunksOf();
      expect([...new Set(after.map((c) => c.url))].sort()).toEqual(expected);
      // Each passage once: no page's text twice, whichever process read it.
      const bodies = after.map((c) => `${c.url}\n${c.body}`);
      expect(new Set(bodies).size).toBe(bodies.length);
      expect(after.filter((c) => c.url === url("/guides/3"))).toHaveLength(1);
      // The unchanged pages kept their passages as they were (same ids: nothing re-indexed).
      for (const n of unchanged)
        expect(idsOf(after, url(`/guides/${n}`))).toEqual(idsOf(before, url(`/guides/${n}`)));
      for (const n of edited)
        expect(after.find((c) => c.url === url(`/guides/${n}`))?.body).toContain(`${n + 100} BHD`);
      const done = await knowledge.get(owner, bot._id, source._id);
      expect(done).toMatchObject({ status: "ready", error: null, chunkCount: after.length });
      expect(await staged()).toBe(0);
      const [job] = await db.db
        .select()
        .from(jobs)
        .where(eq(jobs.kind, "knowledge.ingest"))
        .orderBy(asc(jobs.createdAt))
        .offset(1);
      expect(job).toMatchObject({ status: "done", attempts: 2 });

      // Pages read before the kill were not fetched again; at most the ones in flight were.
      const counts = new Map<string, number>();
      for (const p of site.pages()) counts.set(p, (counts.get(p) ?? 0) + 1);
      const twice = [...counts].filter(([, n]) => n > 1).map(([p]) => p);
      expect(hitsBeforeKill).toBeLessThan(site.pages().length);
      expect(twice.length, twice.join(", ")).toBeLessThanOrEqual(4);

      // The bot answers from the new prices, and not from the pages taken down.
      const hits = await replica.services.retrieval.search(bot._id, "route 20 along the bay");
      expect(hits[0]?.url).toBe(url("/guides/20"));
      expect(hits[0]?.body).toContain("120 BHD");
      expect(
        (await replica.services.retrieval.search(bot._id, "route 8 along the bay")).map((h) => h.url),
      ).not.toContain(url("/guides/8"));
    });

    it("a kill between the swap of the passages and the end of the record: the re-run ends both, once", async () => {
      const { knowledge } = replica.services;
      // Another change: an edited page without validators, one with a new ETag, one taken down,
      // one added.
      site.opts.delayMs = 20;
      site.routes["/guides/11"] = { body: guide(11, 211) };
      site.routes["/guides/12"] = { body: guide(12, 212), etag: '"g12-2"' };
      delete site.routes["/guides/13"];
      site.routes["/guides/35"] = { body: guide(35, 35) };
      const live = Object.keys(site.routes).filter((p) => p !== "/");
      site.routes["/"] = { body: home(live) };
      const before = await chunksOf();
      const keptUrls = [...new Set(before.map((c) => c.url ?? ""))].filter(
        (u) => ![url("/"), url("/guides/11"), url("/guides/12"), url("/guides/13")].includes(u),
      );
      site.hits.length = 0;
      await knowledge.resync(owner, ids.bot, ids.source);
      first = await startServer();

      // The moment to die: the sync's passages are being swapped in. The test holds the sync's
      // record locked, so the server waits at the statement that ends it, then is killed there.
      const lock = new pg.Client({ connectionString: scratch.url });
      await lock.connect();
      try {
        let recordId = "";
        await until(
          "the server to start the re-sync",
          async () => {
            recordId = (await recordsOf()).find((r) => r.status === "running")?.id ?? "";
            return recordId !== "";
          },
          60_000,
        ).catch((err) => {
          throw new Error(`${err.message}\n${output}`);
        });
        await lock.query("begin");
        await lock.query("select id from knowledge_syncs where id = $1 for update", [recordId]);
        // (Asked on another connection: inside a transaction, pg_stat_activity is a snapshot.)
        await until(
          "the server to wait on the sync's record",
          async () =>
            rowsOf(
              await db.db.execute(sql`select 1 from pg_stat_activity where datname = current_database()
                and wait_event_type = 'Lock' and query ilike 'update "knowledge_syncs"%'`),
            ).length === 1,
          60_000,
        ).catch((err) => {
          throw new Error(`${err.message}\n${output}`);
        });
        first.kill("SIGKILL");
        await new Promise((r) => first?.once("exit", r));
      } finally {
        await lock.query("rollback").catch(() => {});
        await lock.end();
      }
      const fetchedBeforeKill = site.pages().length;
      // Nothing of the swap outlived the process: the old passages answer, the record is open.
      expect((await chunksOf()).map((c) => c.id)).toEqual(before.map((c) => c.id));
      expect((await recordsOf()).at(-1)?.status).toBe("running");

      const stop = replica.services.jobs.start(50);
      try {
        await until(
          "the re-sync to finish",
          async () => (await recordsOf()).at(-1)?.status !== "running",
          90_000,
        );
      } finally {
        await stop();
      }
      const records = await recordsOf();
      expect(records).toHaveLength(3);
      expect(records[2]).toMatchObject({
        status: "succeeded",
        added: 1,
        changed: 3,
        removed: 1,
        unchanged: keptUrls.length,
        failed: 0,
      });
      // The re-run went on from what the dead process had staged: no page was fetched again.
      expect(site.pages().length).toBe(fetchedBeforeKill);
      const expected = ["/", ...live].map(url).sort();
      const after = await chunksOf();
      expect([...new Set(after.map((c) => c.url))].sort()).toEqual(expected);
      const bodies = after.map((c) => `${c.url}\n${c.body}`);
      expect(new Set(bodies).size).toBe(bodies.length);
      for (const u of keptUrls) expect(idsOf(after, u)).toEqual(idsOf(before, u));
      const pages = await db.db.select().from(knowledgePages).where(eq(knowledgePages.sourceId, ids.source));
      expect(pages.map((p) => p.url).sort()).toEqual(expected);
      expect(await knowledge.get(owner, ids.bot, ids.source)).toMatchObject({
        status: "ready",
        chunkCount: after.length,
      });
      expect(await staged()).toBe(0);
      const hits = await replica.services.retrieval.search(ids.bot, "route 11 along the bay");
      expect(hits[0]?.body).toContain("211 BHD");
    });
  });
