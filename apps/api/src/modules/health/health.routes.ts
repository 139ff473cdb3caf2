import { healthSchema, livenessSchema, readinessSchema } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createReadinessCheck, type ReadinessDeps } from "./readiness";

const startedAt = Date.now();

/**
 * `/api/live` is liveness (the process answers; it never touches the database, so a database
 * outage takes replicas out of the load balancer without restarting them all); `/api/ready` is
 * readiness (database, migrations, Redis and its pub/sub — see `readinessSchema`); `/api/health`
 * is the process and its database, for monitors.
 */
export const healthRoutes: FastifyPluginAsyncZod<
  {
    db: DbHandle<Record<string, unknown>>;
    version: string;
  } & ReadinessDeps
> = async (app, { db, version, ...readinessDeps }) => {
  const ready = createReadinessCheck({ db, ...readinessDeps });
  const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);
  app.get(
    "/live",
    { schema: { response: { 200: livenessSchema } }, logLevel: "warn" },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const, version, uptimeSeconds: uptimeSeconds() };
    },
  );
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
        uptimeSeconds: uptimeSeconds(),
      });
    },
  );
};
