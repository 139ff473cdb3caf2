import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Channel } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { ensureTestBuild } from "../../../../scripts/test-build.mjs";
import {
  CHANNEL_INBOUND_JOB,
  CHANNEL_REPORTS_JOB,
  CHANNEL_SEND_JOB,
} from "../../src/modules/channels/channel-jobs";
import { builderClient, type Owner } from "../builder/client";
import { type GraphStandIn, type StandInNumberCredentials, startGraphStandIn } from "../graph-stand-in";
import { createTestApp, freePort, setPlan, type TestApp } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const SECRET = "whatsapp-kill-test-secret-0123456789abcdef";

/**
 * Issue #31's "kill -9 between receipt and reply": customers write while the API process that
 * answers them is killed (SIGKILL) mid-work, then started again on the same database. Meta
 * retries what the dead process never acknowledged, as it does. Every message is answered exactly
 * once: none lost (receipts are stored as jobs before the 200), none doubled (one bot reply per
 * question, a part Meta accepted is never sent again). Real processes, so Postgres only.
 */
if (process.env.DATABASE_URL)
  describe("WhatsApp answers survive the death of the API process", () => {
    let t: TestApp;
    let issuer: TokenIssuer;
    let meta: GraphStandIn;
    let number: StandInNumberCredentials;
    let channel: Channel;
    let port = 0;
    let child: ChildProcess | undefined;
    let output = "";
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-whatsapp-kill-"));
    const owner: Owner = { sub: "auth_wa_kill_owner", email: "kill@kettle.example", name: "Huda" };

    /** The API as `pnpm start` runs it (compiled), with its job workers, on the test's database. */
    async function startServer() {
      output = "";
      const server = await ensureTestBuild("api");
      child = spawn(process.execPath, [path.join(server, "server.js")], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "test",
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: t.env.DATABASE_URL,
          DATA_DIR: dataDir,
          WEB_DIST: "/nonexistent",
          LOG_LEVEL: "warn",
          DEMO_CONTENT: "false",
          JOBS_ENABLED: "true",
          AUTH_URL: issuer.url,
          AUTH_EVENTS_SECRET: SECRET,
          WHATSAPP_GRAPH_URL: meta.url,
          // Meta's reports of what the dead process sent come as soon as it is retried (below):
          // a part with no report after 15 s (times the machine's slowness: the restarted process must
          // take in those reports first) was never taken, and is sent again.
          WHATSAPP_SEND_DOUBT_MS: String(scaled(15_000)),
          // Three workers for 24 customers: most jobs wait, held by the process under its own
          // lease (the job queue's backlog), when it dies.
          CHANNEL_WORKERS: "3",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (c) => {
        output += c;
      });
      child.stderr?.on("data", (c) => {
        output += c;
      });
      await until(
        "the API process to answer",
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true,
        120_000,
      ).catch((err) => {
        throw new Error(`${(err as Error).message}\n${output}`);
      });
    }

    const kill = async () => {
      const dying = child;
      if (!dying || dying.exitCode !== null) return;
      const exited = new Promise((r) => dying.once("exit", r));
      dying.kill("SIGKILL");
      await exited;
    };

    beforeAll(async () => {
      issuer = await startTokenIssuer();
      meta = await startGraphStandIn();
      port = await freePort();
      // The set-up replica: same database and secrets, no job workers (the child process answers).
      t = await createTestApp(
        "postgres",
        {
          AUTH_URL: issuer.url,
          AUTH_EVENTS_SECRET: SECRET,
          WHATSAPP_GRAPH_URL: meta.url,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
        { listen: true },
      );
      const api = builderClient(t, issuer);
      await setPlan(t, owner.sub, "pro-monthly");
      const bot = await api.createBot(owner, { name: "Kettle help", published: true });
      expect(
        (
          await api.addSource(owner, bot._id, {
            kind: "text",
            title: "Warranty",
            content: "Every Kettle Co. kettle has a two-year warranty.",
          })
        ).status,
      ).toBe(201);
      await t.app.services.jobs.drain();
      number = await meta.createNumber();
      const created = await api.json(owner, "POST", `/api/chatbots/${bot._id}/channels/whatsapp`, {
        phoneNumberId: number.phoneNumberId,
        businessAccountId: number.businessAccountId,
        accessToken: number.accessToken,
        appSecret: number.appSecret,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      channel = created.body;
    });
    afterAll(async () => {
      await kill();
      await t?.close();
      await meta?.close();
      await issuer?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("answers every customer's message exactly once across a kill -9", {
      timeout: scaled(300_000),
    }, async () => {
      await startServer();
      // Meta's "Verify and save" against the running process.
      await meta.subscribe(number.phoneNumberId, channel.callbackUrl, channel.verifyToken);

      const customers = Array.from({ length: 24 }, (_, i) => `9733310${String(i).padStart(4, "0")}`);
      const write = async (from: string) => {
        await meta.inbound(number.phoneNumberId, {
          from,
          name: `Customer ${from.slice(-2)}`,
          text: "How long is the warranty?",
        });
      };
      const answered = async () => {
        const sent = await meta.sent(number.phoneNumberId);
        return new Set(sent.map((m) => m.to)).size;
      };

      // Customers write; the process is killed as soon as the first answers go out, with the rest
      // received, queued or mid-answer.
      const writing = Promise.all(customers.map((from) => write(from)));
      await until("the first answers to go out", async () => (await answered()) >= 3, 60_000).catch((err) => {
        throw new Error(`${(err as Error).message}\n${output}`);
      });
      await kill();
      await writing;
      // More jobs were running than there were workers: the rest were held by the dead process.
      const running = await t.db.db.execute(
        sql`select count(*)::int as n from jobs where status = 'running'`,
      );
      expect(rowsOf<{ n: number }>(running)[0]?.n).toBeGreaterThan(3);
      const before = await answered();
      expect(before).toBeLessThan(customers.length);

      // Started again: it takes up the dead process's jobs; Meta retries what was never acknowledged.
      await startServer();
      // Meta delivers again what the dead process never acknowledged (messages and statuses).
      const retried = await meta.retry(number.phoneNumberId);
      expect(retried.delivered.every((status) => status === 200)).toBe(true);
      await until(
        "every customer to be answered",
        async () => (await answered()) === customers.length,
        120_000,
      ).catch((err) => {
        throw new Error(`${(err as Error).message}\n${output}`);
      });
      // And nothing more comes: every job is done, and each customer got one answer.
      await until(
        "the channel jobs to finish",
        async () => {
          for (const kind of [CHANNEL_INBOUND_JOB, CHANNEL_REPORTS_JOB, CHANNEL_SEND_JOB])
            if ((await t.app.services.jobs.pendingCount(kind)) > 0) return false;
          return true;
        },
        60_000,
      );
      const sent = await meta.sent(number.phoneNumberId);
      const perCustomer = customers.map((from) => sent.filter((m) => m.to === from).length);
      expect(perCustomer).toEqual(customers.map(() => 1));
      expect(sent.every((m) => m.text.includes("two-year warranty"))).toBe(true);
    });
  });
