import { z } from "zod";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), driver: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * `GET /api/ready`: may this process take traffic? 503 `not_ready` when the database is
 * unreachable or a migration this code needs is not applied. Redis (when configured) is reported
 * but does not fail readiness: the API keeps serving with per-process rate limits while it is down,
 * and failing every replica at once over a shared Redis would turn a degraded service into an outage.
 * `pubsub` is this replica's subscription to the others' messages (cache invalidations, live chat
 * events) through Redis, or without Redis through Postgres LISTEN/NOTIFY: `ok` false (`degraded`)
 * while it is not subscribed, when a change made on another replica reaches this one only as its
 * cache entries expire. On PGlite (one process) it is not `configured`.
 */
export const readinessSchema = z.object({
  status: z.enum(["ready", "degraded", "not_ready"]),
  checks: z.object({
    database: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }),
    migrations: z.object({ ok: z.boolean(), pending: z.array(z.string()) }),
    redis: z.object({ configured: z.boolean(), ok: z.boolean(), latencyMs: z.number().nullable() }),
    /** Channels subscribed now, and channels wanted but not subscribed (Redis/Postgres down or reconnecting). */
    pubsub: z.object({
      configured: z.boolean(),
      ok: z.boolean(),
      channels: z.number().int(),
      pending: z.number().int(),
    }),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
