import {
  apiChatbotPageSchema,
  apiChatbotQuerySchema,
  chatbotCreateSchema,
  chatbotListSchema,
  chatbotSchema,
  chatbotUpdateSchema,
  idText,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { onSurface, operation, type Surface } from "../../lib/route-surface";
import { actorOf, workspaceOf } from "../../plugins/auth";
import type { AuditService } from "../workspaces/audit.service";
import type { ChatbotsService } from "./chatbots.service";

const params = z.object({ id: idText() });

/** The chatbots, for members (`/api`) and for keys (`/api/v1`, all but deleting a bot). */
export const chatbotsRoutes: FastifyPluginAsyncZod<{
  chatbots: ChatbotsService;
  audit: AuditService;
  surface: Surface;
}> = async (app, { chatbots, audit, surface }) => {
  const route = onSurface(surface);
  // The app lists every bot at once (a workspace holds a few); the API pages with cursors.
  if (surface === "v1") {
    app.get(
      "/chatbots",
      operation(
        {
          operationId: "listChatbots",
          tag: "Chatbots",
          summary: "List the workspace's chatbots (newest first; cursor pages)",
        },
        { querystring: apiChatbotQuerySchema, response: { 200: apiChatbotPageSchema } },
      ),
      async (request) => chatbots.page(workspaceOf(request, "bots:read"), request.query),
    );
  } else {
    app.get("/chatbots", { schema: { response: { 200: chatbotListSchema } } }, async (request) =>
      chatbots.list(workspaceOf(request, "bots:read")),
    );
  }
  app.post(
    "/chatbots",
    route(
      { operationId: "createChatbot", tag: "Chatbots", summary: "Create a chatbot" },
      { body: chatbotCreateSchema, response: { 201: chatbotSchema } },
    ),
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "bots:write");
      const bot = await chatbots.create(workspaceId, request.body);
      await audit.byActor(workspaceId, actorOf(request), "bot.created", bot._id, { name: bot.name });
      return reply.status(201).send(bot);
    },
  );
  app.get(
    "/chatbots/:id",
    route(
      { operationId: "getChatbot", tag: "Chatbots", summary: "Get a chatbot" },
      { params, response: { 200: chatbotSchema } },
    ),
    async (request) => chatbots.get(workspaceOf(request, "bots:read"), request.params.id),
  );
  app.patch(
    "/chatbots/:id",
    route(
      {
        operationId: "updateChatbot",
        tag: "Chatbots",
        summary: "Change a chatbot's settings (only the fields sent)",
      },
      { params, body: chatbotUpdateSchema, response: { 200: chatbotSchema } },
    ),
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
  if (surface === "app") {
    app.delete("/chatbots/:id", { schema: { params } }, async (request, reply) => {
      const workspaceId = workspaceOf(request, "bots:write");
      const { name } = await chatbots.remove(workspaceId, request.params.id);
      await audit.byActor(workspaceId, actorOf(request), "bot.deleted", request.params.id, { name });
      return reply.status(204).send();
    });
  }
};
