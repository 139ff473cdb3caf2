import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters: `hit(key, limit, windowSeconds)` counts one request in the current window. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  close(): Promise<void>;
}

/** One process only: the default when no REDIS_URL is set. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count++;
      return {
        allowed: w.count <= limit,
        remaining: Math.max(0, limit - w.count),
        retryAfterSeconds: Math.ceil((w.resetAt - t) / 1000),
      };
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// INCR and set the expiry on first use, atomically, so replicas share one counter per window.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Shared across API replicas through Redis (REDIS_URL). */
export function createRedisRateLimiter(redis: Redis, prefix = "parley:rl:"): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const [count, ttl] = (await redis.eval(
        HIT_SCRIPT,
        1,
        `${prefix}${key}`,
        String(windowSeconds * 1000),
      )) as [number, number];
      return {
        allowed: count <= limit,
        remaining: Math.max(0, limit - count),
        retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
      };
    },
    async close() {
      // disconnect, not quit: quit waits for a server that may be the very thing that is down.
      redis.disconnect();
    },
  };
}

/**
 * Redis when it answers, this process's own counters when it does not. A Redis outage must not
 * take the public widget down (every call was a 500): limits keep holding per process — looser
 * across replicas, never off — and the switch is logged once each way, not per request.
 * `/api/ready` reports Redis separately.
 */
export function createFailOpenRateLimiter(
  primary: RateLimiter,
  fallback: RateLimiter,
  log: FastifyBaseLogger,
): RateLimiter & { degraded(): boolean } {
  let degraded = false;
  return {
    degraded: () => degraded,
    async hit(key, limit, windowSeconds) {
      try {
        const decision = await primary.hit(key, limit, windowSeconds);
        if (degraded) {
          degraded = false;
          log.warn("rate limits: Redis answers again; counters are shared across replicas again");
        }
        return decision;
      } catch (err) {
        if (!degraded) {
          degraded = true;
          log.warn(
            { err: (err as Error).message },
            "rate limits: Redis is unreachable; falling back to per-process counters until it answers",
          );
        }
        return fallback.hit(key, limit, windowSeconds);
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
