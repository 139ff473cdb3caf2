import { contactReceiptSchema, contactRequestSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ContactService } from "./contact.service";

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    "/contact",
    { schema: { body: contactRequestSchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      const receipt = await contact.submit(request.body, { kind: "contact" });
      return reply.status(201).send(receipt);
    },
  );
};
