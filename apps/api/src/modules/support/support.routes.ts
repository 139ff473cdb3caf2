import { contactReceiptSchema, contactRequestSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authOf } from "../../plugins/auth";
import type { ContactService } from "../contact/contact.service";

/** The signed-in support form (`/support`): stored with the caller's id. */
export const supportRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    "/support",
    { schema: { body: contactRequestSchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      const receipt = await contact.submit(request.body, { kind: "support", userId: authOf(request).userId });
      return reply.status(201).send(receipt);
    },
  );
};
