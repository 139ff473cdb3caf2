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
      await redis.quit();
    },
  };
}
