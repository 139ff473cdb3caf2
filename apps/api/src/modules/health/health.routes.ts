import { healthSchema, readinessSchema } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createReadinessCheck, type ReadinessDeps } from "./readiness";

const startedAt = Date.now();

/**
 * `/api/health` is liveness (the process answers and reaches its database); `/api/ready` is
 * readiness (database, migrations, Redis and its pub/sub — see `readinessSchema`).
 */
export const healthRoutes: FastifyPluginAsyncZod<
  {
    db: DbHandle<Record<string, unknown>>;
    version: string;
  } & ReadinessDeps
> = async (app, { db, version, ...readinessDeps }) => {
  const ready = createReadinessCheck({ db, ...readinessDeps });
  app.get(
    "/ready",
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } }, logLevel: "warn" },
    async (request, reply) => {
      const result = await ready();
      if (result.status !== "ready")
        request.log.warn({ checks: result.checks }, `readiness: ${result.status}`);
      reply.header("cache-control", "no-store");
      return reply.status(result.status === "not_ready" ? 503 : 200).send(result);
    },
  );
  app.get(
    "/health",
    { schema: { response: { 200: healthSchema, 503: healthSchema } }, logLevel: "warn" },
    async (request, reply) => {
      let ok = true;
      let latencyMs = 0;
      try {
        latencyMs = await db.ping();
      } catch (err) {
        ok = false;
        request.log.error({ err }, "health check: database unreachable");
      }
      reply.header("cache-control", "no-store");
      return reply.status(ok ? 200 : 503).send({
        status: ok ? "ok" : "degraded",
        database: { ok, driver: db.driver, latencyMs: Math.round(latencyMs * 100) / 100 },
        version,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );
};
