import {
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookRotateSecretSchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, workspaceOf } from "../../plugins/auth";
import type { WebhooksService } from "./webhooks.service";

const params = z.object({ id: z.string().max(200) });

/**
 * The active workspace's webhook endpoints (owners and admins: `webhooks:manage`). A secret is in
 * the answer to creation and rotation only. Answers are never cached (they name secrets' state).
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  app.get("/webhooks", { schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => ({
    endpoints: await webhooks.list(workspaceOf(request, "webhooks:manage")),
  }));
  app.post(
    "/webhooks",
    { schema: { body: webhookEndpointCreateSchema, response: { 201: webhookEndpointWithSecretSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "webhooks:manage");
      const created = await webhooks.create(workspaceId, actorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );
  app.get(
    "/webhooks/:id",
    { schema: { params, response: { 200: webhookEndpointSchema } } },
    async (request) => webhooks.get(workspaceOf(request, "webhooks:manage"), request.params.id),
  );
  app.patch(
    "/webhooks/:id",
    { schema: { params, body: webhookEndpointUpdateSchema, response: { 200: webhookEndpointSchema } } },
    async (request) =>
      webhooks.update(
        workspaceOf(request, "webhooks:manage"),
        actorOf(request),
        request.params.id,
        request.body,
      ),
  );
  app.delete("/webhooks/:id", { schema: { params } }, async (request, reply) => {
    await webhooks.remove(workspaceOf(request, "webhooks:manage"), actorOf(request), request.params.id);
    return reply.status(204).send();
  });
  app.post(
    "/webhooks/:id/rotate-secret",
    {
      schema: { params, body: webhookRotateSecretSchema, response: { 200: webhookEndpointWithSecretSchema } },
    },
    async (request) =>
      webhooks.rotateSecret(
        workspaceOf(request, "webhooks:manage"),
        actorOf(request),
        request.params.id,
        request.body.overlapHours,
      ),
  );
};
