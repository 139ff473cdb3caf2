import { identitySecretCreatedSchema, identitySecretInfoSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authOf, workspaceOf } from "../../plugins/auth";
import type { IdentityService } from "./identity.service";

const params = z.object({ id: z.string() });

/** The Embed tab's identity secret: its summary, a new one (shown once), or none. */
export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  app.get(
    "/chatbots/:id/identity",
    { schema: { params, response: { 200: identitySecretInfoSchema } } },
    async (request) => identity.info(workspaceOf(request, "bots:write"), request.params.id),
  );
  app.post(
    "/chatbots/:id/identity/secret",
    { schema: { params, response: { 201: identitySecretCreatedSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "bots:write");
      const { userId } = authOf(request);
      // The secret must not linger in any cache between here and the dashboard.
      reply.header("cache-control", "no-store");
      return reply.status(201).send(await identity.rotate(workspaceId, request.params.id, userId));
    },
  );
  app.delete(
    "/chatbots/:id/identity/secret",
    { schema: { params, response: { 200: identitySecretInfoSchema } } },
    async (request) => identity.disable(workspaceOf(request, "bots:write"), request.params.id),
  );
};
