import type { FastifyBaseLogger } from "fastify";

/**
 * Redis for what the replicas share: rate-limit counters, replay guards, and pub/sub (publishing
 * goes over this connection). Commands fail at once while it is down (no offline queue, short
 * timeouts) so callers fall back without making visitors wait; it reconnects by itself. Receiving
 * pub/sub messages needs a connection of its own: `createRedisPubSub` (./pubsub) duplicates this
 * one and subscribes once it is ready, and again after every reconnect — never here, where a
 * command sent before the connection is up fails instead of waiting.
 */
export async function openRedis(url: string, log: FastifyBaseLogger) {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let lastError = "";
  // Without a listener ioredis prints every failed reconnect; one log line per distinct error.
  redis.on("error", (err: Error) => {
    if (err.message === lastError) return;
    lastError = err.message;
    log.warn({ err: err.message }, "redis: connection error");
  });
  redis.on("ready", () => {
    lastError = "";
  });
  // Start with shared counters when Redis is there; a Redis that is down does not hold up the boot
  // (the limiter falls back until it answers).
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      redis.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once("ready", done);
    redis.once("error", done);
  });
  return redis;
}
