import type { DbHandle } from "@parley/db";
import type { FastifyBaseLogger } from "fastify";
import type * as schema from "../db/schema";
import type { Env } from "../env";
import type { Clock } from "../lib/clock";
import { createHotCache, createInvalidationBus } from "../lib/hot-cache";
import type { Metrics } from "../lib/metrics";

export type AppSchema = typeof schema;
export type AppDb = DbHandle<AppSchema>;

/** How long a replica may serve a bot or plan that changed elsewhere and whose invalidation it missed. */
export const HOT_CACHE_TTL_MS = 5000;

/** How gateways and this process reach the API server-to-server. */
export const selfUrl = (env: Env) => env.INTERNAL_URL ?? `http://127.0.0.1:${env.PORT}`;

/** What every part of the composition is given: settings, the database, the clock, logs, metrics, caches. */
export interface Wiring {
  env: Env;
  db: AppDb;
  now: () => Date;
  log: FastifyBaseLogger;
  metrics: Metrics;
  cacheBus: ReturnType<typeof createInvalidationBus>;
  caches: {
    bot: ReturnType<typeof createHotCache<schema.ChatbotRow | null>>;
    plan: ReturnType<typeof createHotCache<schema.PlanRow>>;
    suspension: ReturnType<typeof createHotCache<boolean>>;
  };
}

export function createWiring(
  env: Env,
  db: AppDb,
  clock: Clock,
  log: FastifyBaseLogger,
  metrics: Metrics,
): Wiring {
  // What every widget message reads, cached briefly in process; writers drop entries on change,
  // and with Redis (buildApp attaches it) the other replicas drop them too. The TTL bounds how
  // stale a replica can be when it missed an invalidation (no Redis, or Redis down).
  const cacheBus = createInvalidationBus();
  return {
    env,
    db,
    now: clock.now,
    log,
    metrics,
    cacheBus,
    caches: {
      bot: createHotCache<schema.ChatbotRow | null>("bot", { ttlMs: HOT_CACHE_TTL_MS, bus: cacheBus }),
      plan: createHotCache<schema.PlanRow>("plan", { ttlMs: HOT_CACHE_TTL_MS, bus: cacheBus }),
      // Workspaces platform staff suspended (the operator's console): read on every message.
      suspension: createHotCache<boolean>("wsusp", { ttlMs: HOT_CACHE_TTL_MS, bus: cacheBus }),
    },
  };
}
