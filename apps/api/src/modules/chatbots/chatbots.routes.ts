import {
  chatbotCreateSchema,
  chatbotListSchema,
  chatbotSchema,
  chatbotUpdateSchema,
  idText,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, workspaceOf } from "../../plugins/auth";
import type { AuditService } from "../workspaces/audit.service";
import type { ChatbotsService } from "./chatbots.service";

const params = z.object({ id: idText() });

export const chatbotsRoutes: FastifyPluginAsyncZod<{
  chatbots: ChatbotsService;
  audit: AuditService;
}> = async (app, { chatbots, audit }) => {
  app.get("/chatbots", { schema: { response: { 200: chatbotListSchema } } }, async (request) =>
    chatbots.list(workspaceOf(request, "bots:read")),
  );
  app.post(
    "/chatbots",
    { schema: { body: chatbotCreateSchema, response: { 201: chatbotSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "bots:write");
      const bot = await chatbots.create(workspaceId, request.body);
      await audit.byActor(workspaceId, actorOf(request), "bot.created", bot._id, { name: bot.name });
      return reply.status(201).send(bot);
    },
  );
  app.get("/chatbots/:id", { schema: { params, response: { 200: chatbotSchema } } }, async (request) =>
    chatbots.get(workspaceOf(request, "bots:read"), request.params.id),
  );
  app.patch(
    "/chatbots/:id",
    { schema: { params, body: chatbotUpdateSchema, response: { 200: chatbotSchema } } },
    async (request) => {
      const workspaceId = workspaceOf(request, "bots:write");
      const bot = await chatbots.update(workspaceId, request.params.id, request.body);
      await audit.byActor(workspaceId, actorOf(request), "bot.updated", bot._id, {
        name: bot.name,
        fields: Object.keys(request.body).sort().join(", "),
      });
      return bot;
    },
  );
  app.delete("/chatbots/:id", { schema: { params } }, async (request, reply) => {
    const workspaceId = workspaceOf(request, "bots:write");
    const { name } = await chatbots.remove(workspaceId, request.params.id);
    await audit.byActor(workspaceId, actorOf(request), "bot.deleted", request.params.id, { name });
    return reply.status(204).send();
  });
};
