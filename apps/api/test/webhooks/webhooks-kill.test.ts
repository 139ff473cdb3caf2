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
import { jobs, plans, subscriptions } from "../../src/db/schema";
import { loadEnv } from "../../src/env";
import { freePort } from "../harness";
import { until } from "../until";
import { type Receiver, startReceiver, verifies } from "./receiver";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * The API process is killed (SIGKILL) while its webhook request is in flight: the restarted
 * process (here another replica on the same Postgres, which finds the dead process's lease) sends
 * the message again. The receiver sees it twice at most and never not at all, with the same
 * webhook-id both times. Real processes, so Postgres only (PGlite lives inside one process).
 */
if (process.env.DATABASE_URL)
  describe("a webhook survives the death of the process sending it", () => {
    let scratch: ScratchDatabase;
    let db: AppDb;
    let replica: Awaited<ReturnType<typeof buildApp>>;
    let receiver: Receiver;
    let first: ChildProcess | undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-webhook-kill-"));
    let output = "";

    beforeAll(async () => {
      scratch = await createScratchDatabase("postgres", "parley_webhook_kill");
      receiver = await startReceiver();
      const env = loadEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        JOBS_ENABLED: "false",
        DATABASE_URL: scratch.url,
        DEMO_CONTENT: "false",
        WEBHOOKS_ALLOW_PRIVATE: "true",
      });
      db = await openAppDb(env, { inMemory: true });
      replica = await buildApp({ env, db, logger: false });
      await replica.ready();
      await replica.services.plans.seed();
    });
    afterAll(async () => {
      if (first && first.exitCode === null) first.kill("SIGKILL");
      await replica?.close();
      await db?.close();
      await scratch?.drop();
      await receiver?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("delivers once more at most, never zero times", async () => {
      const owner = "auth_webhook_kill_owner";
      const sub = await replica.services.subscriptions.ensure(owner);
      const [pro] = await db.db.select().from(plans).where(eq(plans.code, "pro-monthly"));
      await db.db
        .update(subscriptions)
        .set({ planId: pro?.id, status: "active" })
        .where(eq(subscriptions.id, sub.id));
      const created = await replica.services.webhooks.create(
        owner,
        { userId: owner, email: "owner@example.com" },
        { url: `${receiver.url}/hold`, events: ["lead.created"] },
      );
      const test = await replica.services.webhooks.sendTest(owner, created.endpoint.id);

      // The first API process (a real server, as `pnpm start` runs it) takes the delivery.
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
          WEBHOOKS_ALLOW_PRIVATE: "true",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      first.stdout?.on("data", (c) => {
        output += c;
      });
      first.stderr?.on("data", (c) => {
        output += c;
      });
      const sent = () => receiver.to("/hold").filter((r) => r.headers["webhook-id"] === test.messageId);
      await until("the first process to send the message", () => sent().length === 1, 60_000).catch((err) => {
        throw new Error(`${err.message}\n${output}`);
      });
      first.kill("SIGKILL");
      await new Promise((r) => first?.once("exit", r));
      const [held] = await db.db.select().from(jobs).where(eq(jobs.status, "running"));
      expect(held?.kind).toBe("webhooks.deliver");
      receiver.release();

      // The restarted process finds the dead process's lease and sends the message again.
      const stop = replica.services.jobs.start(50);
      try {
        await until("the message to be sent again", () => sent().length === 2, 20_000);
        await until(
          "the delivery to be recorded",
          async () =>
            (await replica.services.webhooks.deliveries(owner, created.endpoint.id, { limit: 5 }))
              .deliveries[0]?.status === "succeeded",
          20_000,
        );
      } finally {
        await stop();
      }
      const got = sent();
      expect(got.map((r) => r.answered)).toEqual(["hung", 200]);
      expect(got.every((r) => verifies(created.secret, r))).toBe(true);
      const [delivery] = (
        await replica.services.webhooks.deliveries(owner, created.endpoint.id, { limit: 5 })
      ).deliveries;
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 1 });
      expect(delivery?.log.map((a) => a.statusCode)).toEqual([200]);
    });
  });
