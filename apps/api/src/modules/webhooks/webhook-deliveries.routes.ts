import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { workspaceOf } from "../../plugins/auth";
import type { WebhooksService } from "./webhooks.service";

const params = z.object({ id: z.string().max(200) });

/**
 * An endpoint's delivery log, "send test event" and "redeliver" (owners and admins). Sending is
 * queued: the answer is the new delivery, pending; the log shows how it went.
 */
export const webhookDeliveriesRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        params,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) =>
      webhooks.deliveries(workspaceOf(request, "webhooks:manage"), request.params.id, request.query),
  );
  app.post(
    "/webhooks/:id/test",
    { schema: { params, response: { 202: webhookDeliverySchema } } },
    async (request, reply) =>
      reply
        .status(202)
        .send(await webhooks.sendTest(workspaceOf(request, "webhooks:manage"), request.params.id)),
  );
  app.post(
    "/webhooks/deliveries/:id/redeliver",
    { schema: { params, response: { 202: webhookDeliverySchema } } },
    async (request, reply) =>
      reply
        .status(202)
        .send(await webhooks.redeliver(workspaceOf(request, "webhooks:manage"), request.params.id)),
  );
};
