import type { FastifyPluginAsync } from "fastify";
import type { PlansService } from "./plans.service";

/**
 * `GET /api/plans` answers `planListSchema` (contracts). The list is validated against that schema
 * once when the catalogue cache is filled and then sent pre-serialised, which is why the route
 * declares no per-request response schema.
 */
export const plansRoutes: FastifyPluginAsync<{ plans: PlansService }> = async (app, { plans }) => {
  app.get("/plans", async (request, reply) => {
    const { json, etag } = await plans.catalogue();
    // Public catalogue: browsers and shared caches may keep it briefly and revalidate by ETag.
    reply.header("cache-control", "public, max-age=60").header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.type("application/json; charset=utf-8").send(json);
  });
};
