import { type Readiness, readinessSchema, widgetConfigSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { buildApp } from "../../src/app";
import { INVALIDATION_CHANNEL } from "../../src/lib/hot-cache";
import { builderClient } from "../builder/client";
import { createTestApp, freePort, type TestApp, testDrivers } from "../harness";
import { nextMessage } from "../next-message";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";
import { type RedisProcess, startRedisServer, subscribers } from "./redis-server";

/**
 * How late a change made on one replica may reach another (issue 26: not the cache's 5 s TTL). A
 * second, so a busy CI machine (the unit tests run beside the browser journeys) cannot fail it;
 * it takes a few milliseconds when the machine is idle.
 */
/**
 * The other replica serves the change this soon: well before its cached copy's 5 s TTL ends, so
 * only the invalidation can have done it (a few milliseconds when idle; seconds on a busy machine).
 */
const WITHIN_MS = 4_000;

/**
 * Two API replicas on one database and one Redis (their own throw-away redis-server, which the
 * test stops and starts again): a bot changed through one is served changed by the other as soon
 * as the invalidation arrives over Redis pub/sub — also after Redis restarts — and `/api/ready`
 * reports each replica's subscription.
 */
describe.each(testDrivers())(
  "cache invalidation between two replicas on %s",
  { timeout: scaled(120_000) },
  (driver) => {
    let redis: RedisProcess;
    let issuer: TokenIssuer;
    let a: TestApp;
    let b: TestApp;
    const logs: string[] = [];
    const logger = { level: "info", stream: { write: (line: string) => logs.push(line) } };
    // One owner per bot: the free plan allows one.
    let owners = 0;
    const newOwner = () => {
      const n = ++owners;
      return { sub: `auth_replicas_${n}`, email: `replicas${n}@example.com`, name: `Replicas ${n}` };
    };
    type Owner = ReturnType<typeof newOwner>;

    beforeAll(async () => {
      redis = await startRedisServer(await freePort());
      issuer = await startTokenIssuer();
      a = await createTestApp(
        driver,
        { AUTH_URL: issuer.url, REDIS_URL: redis.url },
        { listen: true, logger },
      );
      // The second replica: the same code and settings on the same database and Redis.
      const port = await freePort();
      const env = { ...a.env, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
      const app = await buildApp({ env, db: a.db, logger });
      await app.listen({ host: "127.0.0.1", port });
      b = { app, db: a.db, env, url: env.PUBLIC_URL, close: () => app.close() };
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await issuer?.close();
      await redis?.stop();
    });

    const ready = async (t: TestApp): Promise<{ status: number; body: Readiness }> => {
      const res = await fetch(`${t.url}/api/ready`);
      return { status: res.status, body: readinessSchema.parse(await res.json()) };
    };
    const configName = async (t: TestApp, botId: string) => {
      const res = await fetch(`${t.url}/api/widget/${botId}/config`);
      expect(res.status).toBe(200);
      return widgetConfigSchema.parse(await res.json()).name;
    };
    /** Renames the bot through replica A; resolves how long until replica B had the invalidation. */
    async function renameOnASeenOnB(owner: Owner, botId: string, name: string) {
      // B's own handler was subscribed first: when the test's runs, B has dropped its cached bot.
      const arrived = nextMessage(b.app.pubsub, INVALIDATION_CHANNEL, (m) => m === `bot:${botId}`);
      const started = performance.now();
      const res = await builderClient(a, issuer).json(owner, "PATCH", `/api/chatbots/${botId}`, { name });
      expect(res.status).toBe(200);
      const elapsed = (await arrived).at - started;
      expect(await configName(b, botId)).toBe(name);
      return elapsed;
    }

    it("subscribes both replicas at boot and reports it in /api/ready", async () => {
      for (const t of [a, b]) {
        // Subscribing finishes in the background after boot (on a busy machine, a moment later).
        await until(
          "the replica's subscriptions",
          async () => (await ready(t)).body.checks.pubsub?.pending === 0,
          20_000,
        );
        const r = await ready(t);
        expect(r.status).toBe(200);
        expect(r.body.status).toBe("ready");
        expect(r.body.checks.redis).toMatchObject({ configured: true, ok: true });
        expect(r.body.checks.pubsub).toEqual({ configured: true, ok: true, channels: 2, pending: 0 });
      }
      // Two channels each: cache invalidations and live chat events (LIVE_CHANNEL).
      // Redis itself sees both replicas' subscriptions (issue 26: it showed 0).
      await until(
        "Redis to see both subscriptions",
        async () => (await subscribers(redis.url, INVALIDATION_CHANNEL)) === 2,
        20_000,
      );
      // No subscription failed. A starved machine may answer SUBSCRIBE after the 1 s command
      // timeout, which the replica retries by design (and both subscriptions are seen above).
      expect(
        logs.filter((l) => l.includes("could not subscribe") && !l.includes('"err":"Command timed out"')),
      ).toEqual([]);
    });

    it("serves a bot changed on one replica changed on the other within 200 ms", async () => {
      const owner = newOwner();
      const bot = await builderClient(a, issuer).createBot(owner, { name: "Before", published: true });
      // Both replicas have the bot cached.
      expect(await configName(a, bot._id)).toBe("Before");
      expect(await configName(b, bot._id)).toBe("Before");

      const elapsed = await renameOnASeenOnB(owner, bot._id, "After");
      expect(elapsed).toBeLessThan(WITHIN_MS);
      expect(await configName(a, bot._id)).toBe("After");
    });

    it("subscribes again after Redis restarts, and /api/ready says degraded meanwhile", async () => {
      const owner = newOwner();
      const bot = await builderClient(a, issuer).createBot(owner, { name: "One", published: true });
      expect(await configName(b, bot._id)).toBe("One");

      await redis.stop();
      // Each replica notices when its connection closes; neither is taken out of the balancer.
      for (const t of [a, b]) {
        await until(
          "the replica to report the lost subscription",
          async () => !(await ready(t)).body.checks.pubsub.ok,
        );
        const r = await ready(t);
        expect(r.status).toBe(200);
        expect(r.body.status).toBe("degraded");
        expect(r.body.checks.pubsub).toEqual({ configured: true, ok: false, channels: 0, pending: 2 });
      }

      await redis.start();
      // ioredis reconnects by itself (a retry every ≤ 2 s); each replica then subscribes again.
      for (const t of [a, b]) {
        await until(
          "the replica to be subscribed again",
          async () => (await ready(t)).body.status === "ready",
          15_000,
        );
        expect((await ready(t)).body.checks.pubsub).toEqual({
          configured: true,
          ok: true,
          channels: 2,
          pending: 0,
        });
      }
      // A restarted Redis knows no subscriptions: these are the replicas' new ones.
      expect(await subscribers(redis.url, INVALIDATION_CHANNEL)).toBe(2);

      const elapsed = await renameOnASeenOnB(owner, bot._id, "Two");
      expect(elapsed).toBeLessThan(WITHIN_MS);
      expect(logs.some((l) => l.includes("lost the Redis subscription"))).toBe(true);
      expect(logs.some((l) => l.includes("subscribed again"))).toBe(true);
    });
  },
);
