import { describe, expect, it } from "vitest";
import { nextMessage } from "../../test/next-message";
import { createHotCache, createInvalidationBus, INVALIDATION_CHANNEL } from "./hot-cache";
import { createRedisPubSub } from "./pubsub";
import { openRedis } from "./redis";

const quietLog = { warn: () => {}, info: () => {}, error: () => {} } as never;

describe("hot cache", () => {
  it("shares one load among concurrent misses and reloads after an invalidation", async () => {
    const cache = createHotCache<number>("t", { ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)])).toEqual([
      1, 1, 1,
    ]);
    cache.invalidate("k");
    expect(await cache.get("k", load)).toBe(2);
    cache.invalidate("*");
    expect(await cache.get("k", load)).toBe(3);
  });

  it("does not keep a failed load", async () => {
    const cache = createHotCache<number>("t", { ttlMs: 60_000 });
    await expect(cache.get("k", async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => 7)).toBe(7);
  });

  it("drops an entry on the other replica through Redis (the app's connection settings)", async () => {
    const replicas = await Promise.all(
      [0, 1].map(async () => {
        const bus = createInvalidationBus();
        // As the app opens it: no offline queue, so nothing may be sent before the connection is up.
        const redis = await openRedis("redis://127.0.0.1:6379", quietLog);
        const pubsub = createRedisPubSub(redis, quietLog);
        bus.attach(pubsub);
        return { bus, redis, pubsub, cache: createHotCache<string>("bot", { ttlMs: 60_000, bus }) };
      }),
    );
    try {
      for (const r of replicas) expect(await r.pubsub.whenSubscribed(5000)).toBe(true);
      const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
      const key = `cb_${Math.random()}`;
      await b.cache.get(key, async () => "old");
      const arrived = nextMessage(b.pubsub, INVALIDATION_CHANNEL, (m) => m === `bot:${key}`);
      a.cache.invalidate(key);
      await arrived;
      expect(await b.cache.get(key, async () => "new")).toBe("new");
    } finally {
      for (const r of replicas) {
        r.bus.close();
        r.pubsub.close();
        r.redis.disconnect();
      }
    }
  });
});
