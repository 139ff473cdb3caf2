import { createSeenIds, WEBHOOK_TOLERANCE_SECONDS } from "@parley/contracts/server";
import type { Redis } from "ioredis";

/**
 * Refuses a signed request sent a second time (its id was already accepted). With Redis, the ids
 * are shared by every API replica, so a replay sent to another replica is refused too; while Redis
 * is down (or without it), each process remembers its own.
 */
export interface ReplayGuard {
  /** True the first time `id` is seen within the window; false for a repeat. */
  first(id: string): Promise<boolean>;
}

export function createReplayGuard(redis?: Redis, prefix = "parley:seen-request:"): ReplayGuard {
  const ttlSeconds = 2 * WEBHOOK_TOLERANCE_SECONDS;
  const local = createSeenIds(ttlSeconds);
  return {
    async first(id) {
      if (!redis) return local.first(id);
      try {
        return (await redis.set(`${prefix}${id}`, "1", "EX", ttlSeconds, "NX")) === "OK";
      } catch {
        return local.first(id);
      }
    },
  };
}
