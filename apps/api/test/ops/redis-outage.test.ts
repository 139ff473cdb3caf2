import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { healthSchema, readinessSchema, WIDGET_LIMITS } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { migrationsFolder } from "../../src/env";
import { createReadinessCheck } from "../../src/modules/health/readiness";
import { builderClient } from "../builder/client";
import { createTestApp, freePort, type TestApp } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { type RedisProcess, redisKeys, startRedisServer } from "./redis-server";

/**
 * The widget's rate limits live in Redis when REDIS_URL is set. Redis going away must not turn
 * every widget call into a 500: limits fall back to this process's counters (logged once), and
 * /api/ready reports Redis while /api/health stays about liveness.
 */
describe("when Redis is down", { timeout: scaled(120_000) }, () => {
  const opened: { t: TestApp; issuer: TokenIssuer }[] = [];
  afterAll(async () => {
    for (const { t, issuer } of opened) {
      await t.close();
      await issuer.close();
    }
  });

  async function appWithRedis(redisUrl: string) {
    const issuer = await startTokenIssuer();
    const logs: string[] = [];
    const t = await createTestApp(
      "pglite",
      { AUTH_URL: issuer.url, REDIS_URL: redisUrl },
      { listen: true, logger: { level: "warn", stream: { write: (line: string) => logs.push(line) } } },
    );
    opened.push({ t, issuer });
    const owner = { sub: "auth_redis_owner", email: "redis@example.com", name: "Redis" };
    const bot = await builderClient(t, issuer).createBot(owner, { name: "Limits", published: true });
    let n = 0;
    const start = () =>
      fetch(`${t.url}/api/widget/${bot._id}/conversations`, {
        method: "POST",
        headers: { "x-parley-visitor": `visitorRedis${String(++n).padStart(8, "0")}` },
      });
    const ready = async () => {
      const res = await fetch(`${t.url}/api/ready`);
      return { status: res.status, body: readinessSchema.parse(await res.json()) };
    };
    return { t, logs, start, ready };
  }

  it("keeps the widget answering with per-process limits when nothing listens at REDIS_URL", async () => {
    const { t, logs, start, ready } = await appWithRedis(`redis://127.0.0.1:${await freePort()}`);
    const statuses: number[] = [];
    for (let i = 0; i <= WIDGET_LIMITS.conversationsPerIpPerHour; i++) statuses.push((await start()).status);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    // The limits still hold, from this process's own counters.
    expect(statuses.at(-1)).toBe(429);
    expect(logs.filter((l) => l.includes("falling back to per-process counters"))).toHaveLength(1);

    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
    expect(healthSchema.parse(await health.json()).status).toBe("ok");
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("degraded");
    expect(r.body.checks.redis).toEqual({ configured: true, ok: false, latencyMs: null });
    // The cache invalidations' and live chat's channels wait for Redis (subscribed once it answers).
    expect(r.body.checks.pubsub).toEqual({ configured: true, ok: false, channels: 0, pending: 2 });
    expect(r.body.checks.database.ok).toBe(true);
    expect(r.body.checks.migrations).toEqual({ ok: true, checked: true, pending: [] });
  });

  describe("a real Redis that stops and comes back", () => {
    let redis: RedisProcess;
    beforeAll(async () => {
      redis = await startRedisServer(await freePort());
    });
    afterAll(async () => redis?.stop());

    it("uses Redis, falls back while it is gone, and shares counters again once it returns", async () => {
      const { logs, start, ready } = await appWithRedis(redis.url);
      /** Polls readiness until "ready": the API connects to Redis and subscribes after it listens. */
      const untilReady = async (what: string) => {
        const deadline = Date.now() + scaled(15_000);
        while ((await ready()).body.status !== "ready") {
          if (Date.now() > deadline) throw new Error(what);
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      await untilReady("the API did not connect to Redis");
      expect((await start()).status).toBe(201);
      expect(await redisKeys(redis.port, "parley:rl:*")).not.toHaveLength(0);

      await redis.stop();
      expect((await start()).status).toBe(201);
      expect((await start()).status).toBe(201);
      expect((await ready()).body).toMatchObject({ status: "degraded", checks: { redis: { ok: false } } });
      expect(logs.some((l) => l.includes("falling back to per-process counters"))).toBe(true);

      await redis.start();
      // ioredis reconnects by itself (retry every ≤ 2 s).
      await untilReady("the API did not reconnect to Redis");
      expect((await start()).status).toBe(201);
      expect(await redisKeys(redis.port, "parley:rl:*")).not.toHaveLength(0);
      expect(logs.some((l) => l.includes("Redis answers again"))).toBe(true);
    });
  });
});

describe("readiness without Redis", { timeout: scaled(120_000) }, () => {
  it("is not ready when the database lacks a migration this code expects (a restored old backup)", async () => {
    const t = await createTestApp("pglite");
    const folder = mkdtempSync(path.join(tmpdir(), "parley-journal-"));
    try {
      mkdirSync(path.join(folder, "meta"));
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
      journal.entries.push({ idx: journal.entries.length, version: "7", when: Date.now(), tag: "9999_next" });
      writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
      const check = createReadinessCheck({
        db: t.db,
        migrationsFolder: folder,
        migrationsTable: "__api_migrations",
      });
      expect(await check()).toMatchObject({
        status: "not_ready",
        checks: { migrations: { ok: false, pending: ["9999_next"] } },
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await t.close();
    }
  });

  it("is ready on a migrated database, and not ready once the database is gone", async () => {
    const t = await createTestApp("pglite");
    const ok = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(ok.statusCode).toBe(200);
    expect(readinessSchema.parse(ok.json())).toMatchObject({
      status: "ready",
      checks: { redis: { configured: false }, migrations: { ok: true, pending: [] } },
    });
    await t.db.close();
    const gone = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(gone.statusCode).toBe(503);
    expect(readinessSchema.parse(gone.json()).status).toBe("not_ready");
    await t.app.close();
  });
});
