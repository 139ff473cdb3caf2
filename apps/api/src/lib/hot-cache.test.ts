import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { until } from "../../test/until";
import { createHotCache, createInvalidationBus } from "./hot-cache";

const quietLog = { warn: () => {} } as never;

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

  it("drops an entry on the other replica through Redis", async () => {
    const replicas = [0, 1].map(() => {
      const bus = createInvalidationBus();
      const redis = new Redis("redis://127.0.0.1:6379");
      return { bus, redis, cache: createHotCache<string>("bot", { ttlMs: 60_000, bus }) };
    });
    try {
      for (const r of replicas) await r.bus.attach(r.redis, quietLog);
      const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
      const key = `cb_${Math.random()}`;
      await b.cache.get(key, async () => "old");
      a.cache.invalidate(key);
      await until(
        "the other replica to drop the entry",
        async () => (await b.cache.get(key, async () => "new")) === "new",
      );
    } finally {
      for (const r of replicas) {
        r.bus.close();
        r.redis.disconnect();
      }
    }
  });
});
