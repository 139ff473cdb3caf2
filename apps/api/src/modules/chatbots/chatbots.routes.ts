import {
  chatbotCreateSchema,
  chatbotListSchema,
  chatbotSchema,
  chatbotUpdateSchema,
  idText,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authOf } from "../../plugins/auth";
import type { ChatbotsService } from "./chatbots.service";

const params = z.object({ id: idText() });

export const chatbotsRoutes: FastifyPluginAsyncZod<{ chatbots: ChatbotsService }> = async (
  app,
  { chatbots },
) => {
  app.get("/chatbots", { schema: { response: { 200: chatbotListSchema } } }, async (request) =>
    chatbots.list(authOf(request).userId),
  );
  app.post(
    "/chatbots",
    { schema: { body: chatbotCreateSchema, response: { 201: chatbotSchema } } },
    async (request, reply) =>
      reply.status(201).send(await chatbots.create(authOf(request).userId, request.body)),
  );
  app.get("/chatbots/:id", { schema: { params, response: { 200: chatbotSchema } } }, async (request) =>
    chatbots.get(authOf(request).userId, request.params.id),
  );
  app.patch(
    "/chatbots/:id",
    { schema: { params, body: chatbotUpdateSchema, response: { 200: chatbotSchema } } },
    async (request) => chatbots.update(authOf(request).userId, request.params.id, request.body),
  );
  app.delete("/chatbots/:id", { schema: { params } }, async (request, reply) => {
    await chatbots.remove(authOf(request).userId, request.params.id);
    return reply.status(204).send();
  });
};
