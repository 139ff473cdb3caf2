import { z } from "zod";

/**
 * `GET /api/live` (API) and `GET /live` (auth): liveness. The process answers; nothing else is
 * checked, the database least of all — an outage of a shared database must not make the
 * orchestrator restart every replica. `/api/ready` and the auth service's `/ready` tell whether
 * the process may take traffic.
 */
export const livenessSchema = z.object({
  status: z.literal("ok"),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * Whether this code's migrations are applied. `checked` is false when the database could not be
 * asked (it is down): `pending` is then empty rather than every migration, since what is applied
 * is unknown; `ok` is false either way.
 */
export const migrationsCheckSchema = z.object({
  ok: z.boolean(),
  checked: z.boolean(),
  pending: z.array(z.string()),
});

/**
 * `GET /api/health`: the process answers and reaches its database (503 `degraded` when not). Kept
 * for monitors that use it; orchestrators probe `/api/live` (liveness) and `/api/ready`.
 */
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
    migrations: migrationsCheckSchema,
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

/** The auth service's `GET /ready`: 503 `not_ready` when its database is unreachable or behind. */
export const authReadinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({
    database: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }),
    migrations: migrationsCheckSchema,
  }),
});
export type AuthReadiness = z.infer<typeof authReadinessSchema>;
