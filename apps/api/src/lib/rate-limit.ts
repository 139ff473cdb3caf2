import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { AppError } from "./errors";

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters: `hit(key, limit, windowSeconds)` counts one request in the current window.
 * Every public route (widget, contact, support) goes through this one interface; the counting is
 * `rate-limiter-flexible`'s, in memory or in Redis.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  close(): Promise<void>;
}

/**
 * rate-limiter-flexible fixes points and duration per limiter instance; our callers name them per
 * call, so one instance per (limit, window) pair, made on first use (a handful in all).
 */
function flexible(make: (points: number, duration: number) => RateLimiterAbstract): RateLimiter["hit"] {
  const byShape = new Map<string, RateLimiterAbstract>();
  return async (key, limit, windowSeconds) => {
    const shape = `${limit}/${windowSeconds}`;
    let rl = byShape.get(shape);
    if (!rl) {
      rl = make(limit, windowSeconds);
      byShape.set(shape, rl);
    }
    try {
      const res = await rl.consume(key);
      return { allowed: true, remaining: res.remainingPoints, retryAfterSeconds: retryAfter(res) };
    } catch (refusal) {
      // Over the limit it rejects with the counter's state; a store failure rejects with an Error.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, remaining: 0, retryAfterSeconds: retryAfter(refusal) };
    }
  };
}
const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** One process only: the default when no REDIS_URL is set. */
export function createMemoryRateLimiter(): RateLimiter {
  return {
    hit: flexible((points, duration) => new RateLimiterMemory({ points, duration })),
    async close() {},
  };
}

/** Shared across API replicas through Redis (REDIS_URL): one counter per key and window. */
export function createRedisRateLimiter(redis: Redis, prefix = "parley:rl:"): RateLimiter {
  return {
    hit: flexible(
      (points, duration) =>
        new RateLimiterRedis({
          storeClient: redis,
          points,
          duration,
          // Keys read `${prefix}${key}` (rate-limiter-flexible puts ":" between the two).
          keyPrefix: prefix.replace(/:$/, ""),
        }),
    ),
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

/**
 * The one way a route applies a limit: over it, a 429 `RATE_LIMITED` with the route's own message
 * and a Retry-After header (seconds until the window resets).
 */
export async function enforceLimit(
  limiter: RateLimiter,
  reply: FastifyReply,
  key: string,
  max: number,
  windowSeconds: number,
  message: string,
) {
  const d = await limiter.hit(key, max, windowSeconds);
  if (!d.allowed) {
    reply.header("retry-after", String(d.retryAfterSeconds));
    throw new AppError("RATE_LIMITED", message);
  }
}
