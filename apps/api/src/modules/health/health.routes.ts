import { healthSchema } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<{
  db: DbHandle<Record<string, unknown>>;
  version: string;
}> = async (app, { db, version }) => {
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
