import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import { workspaceOf } from "../../plugins/auth";
import type { WebhooksService } from "./webhooks.service";

/** Test events and redeliveries a workspace may send a minute (each is a request to its endpoint). */
export const WEBHOOK_SENDS_PER_MINUTE = 30;
const TOO_MANY_SENDS = "Too many test events and redeliveries. Please wait a minute and try again.";

const params = z.object({ id: z.string().max(200) });

/**
 * An endpoint's delivery log, "send test event" and "redeliver" (owners and admins). Sending is
 * queued: the answer is the new delivery, pending; the log shows how it went.
 */
export const webhookDeliveriesRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhooksService;
  limiter: RateLimiter;
}> = async (app, { webhooks, limiter }) => {
  const limitSends = (workspaceId: string, reply: Parameters<typeof enforceLimit>[1]) =>
    enforceLimit(limiter, reply, `webhook-send:${workspaceId}`, WEBHOOK_SENDS_PER_MINUTE, 60, TOO_MANY_SENDS);
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
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "webhooks:manage");
      await limitSends(workspaceId, reply);
      return reply.status(202).send(await webhooks.sendTest(workspaceId, request.params.id));
    },
  );
  app.post(
    "/webhooks/deliveries/:id/redeliver",
    { schema: { params, response: { 202: webhookDeliverySchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "webhooks:manage");
      await limitSends(workspaceId, reply);
      return reply.status(202).send(await webhooks.redeliver(workspaceId, request.params.id));
    },
  );
};
