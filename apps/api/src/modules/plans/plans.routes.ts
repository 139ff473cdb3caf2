import { planListSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { PlansService } from "./plans.service";

export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get("/plans", { schema: { response: { 200: planListSchema } } }, async (_request, reply) => {
    // Public catalogue: shared caches may keep it briefly.
    reply.header("cache-control", "public, max-age=60");
    return plans.listActive();
  });
};
