import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema, idText } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, workspaceOf } from "../../plugins/auth";
import type { ApiKeysService } from "./api-keys.service";

/** The app's management of API keys (owners and admins, signed in): never reachable with a key. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  app.get("/api-keys", { schema: { response: { 200: apiKeyListSchema } } }, async (request) =>
    apiKeys.list(workspaceOf(request, "apiKeys:manage")),
  );
  app.post(
    "/api-keys",
    { schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "apiKeys:manage");
      const created = await apiKeys.create(workspaceId, actorOf(request), request.body);
      // The key is in this one answer: no cache may keep it.
      reply.header("cache-control", "no-store");
      return reply.status(201).send(created);
    },
  );
  app.delete("/api-keys/:id", { schema: { params: z.object({ id: idText() }) } }, async (request, reply) => {
    await apiKeys.revoke(workspaceOf(request, "apiKeys:manage"), actorOf(request), request.params.id);
    return reply.status(204).send();
  });
};
