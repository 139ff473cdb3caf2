import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTestBuild } from "../../../../scripts/test-build.mjs";
import { type AppDb, buildApp, openAppDb } from "../../src/app";
import { jobs } from "../../src/db/schema/jobs";
import { loadEnv } from "../../src/env";
import { freePort } from "../harness";
import { startTestSite } from "../test-site";
import { until } from "../until";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * A crawl whose API process is killed mid-way: a restarted process (here: another replica on the
 * same Postgres) takes the job over at once and goes on from the pages already read. Real
 * processes, so Postgres only (PGlite lives inside one process).
 */
if (process.env.DATABASE_URL)
  describe("a crawl survives the death of its process", () => {
    let scratch: ScratchDatabase;
    let db: AppDb;
    let replica: Awaited<ReturnType<typeof buildApp>>;
    let site: Awaited<ReturnType<typeof startTestSite>>;
    let first: ChildProcess | undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-resume-"));
    let output = "";

    beforeAll(async () => {
      scratch = await createScratchDatabase("postgres", "parley_resume");
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
      // Every page answers after 120 ms: the crawl is slow enough to be killed in the middle.
      site = await startTestSite(30, { delayMs: 120 });
    });
    afterAll(async () => {
      if (first && first.exitCode === null) first.kill("SIGKILL");
      await replica?.close();
      await db?.close();
      await scratch?.drop();
      await site?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("resumes from the stored pages without fetching them again, right after the restart", async () => {
      const owner = "auth_resume_owner";
      const bot = await replica.services.chatbots.create(owner, { name: "Resume bot" });
      const source = await replica.services.knowledge.add(owner, bot._id, {
        kind: "website",
        url: `${site.url}/`,
        maxPages: 40,
      });

      // The first API process (a real server, as `pnpm start` runs it) takes the crawl.
      first = spawn(process.execPath, [path.join(await ensureTestBuild("api"), "server.js")], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "test",
          PORT: String(await freePort()),
          DATABASE_URL: scratch.url,
          DATA_DIR: dataDir,
          WEB_DIST: "/nonexistent",
          LOG_LEVEL: "warn",
          DEMO_CONTENT: "false",
          JOBS_ENABLED: "true",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      first.stdout?.on("data", (c) => {
        output += c;
      });
      first.stderr?.on("data", (c) => {
        output += c;
      });
      const pagesHit = () => site.hits.filter((h) => h !== "/robots.txt" && h !== "/sitemap.xml");
      await until("the first process to read ten pages", () => pagesHit().length >= 10, 60_000).catch(
        (err) => {
          throw new Error(`${err.message}\n${output}`);
        },
      );
      first.kill("SIGKILL");
      await new Promise((r) => first?.once("exit", r));
      const hitsBeforeKill = pagesHit().length;
      // The dead process's lease, as it left it (about 30 s to run).
      const [held] = await db.db.select().from(jobs).where(eq(jobs.status, "running"));
      const leaseEnd = held?.lockedUntil?.getTime() ?? 0;
      expect(held?.lockedBy).toBeTruthy();

      // The restarted process: it finds the dead process's lease and takes the job over at once.
      const stop = replica.services.jobs.start(50);
      try {
        await until("the crawl to go on", () => pagesHit().length > hitsBeforeKill, 20_000);
        // …while the dead owner's lease still held: the take-over did not wait it out.
        expect(Date.now()).toBeLessThan(leaseEnd);
        await until(
          "the source to be ready",
          async () => (await replica.services.knowledge.get(owner, bot._id, source._id)).status === "ready",
          60_000,
        );
      } finally {
        await stop();
      }

      const done = await replica.services.knowledge.get(owner, bot._id, source._id);
      expect(done.progress).toEqual({ done: 30, total: 30, unit: "pages" });
      expect(done.chunkCount).toBeGreaterThanOrEqual(30);
      // Pages read before the kill were not fetched again; at most the ones in flight were.
      const counts = new Map<string, number>();
      for (const hit of pagesHit()) counts.set(hit, (counts.get(hit) ?? 0) + 1);
      const twice = [...counts].filter(([, n]) => n > 1).map(([p]) => p);
      expect(counts.size).toBe(30);
      expect(twice.length).toBeLessThanOrEqual(4); // the crawler keeps up to 4 requests in flight
      // The answers come from the whole site, once each.
      const hits = await replica.services.retrieval.search(bot._id, "tyre pressure route 27");
      expect(hits[0]?.url).toBe(`${site.url}/guides/27`);
    });
  });
