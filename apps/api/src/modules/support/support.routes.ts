import { CONTACT_LIMITS, contactReceiptSchema, contactRequestSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import { authOf } from "../../plugins/auth";
import type { ContactService } from "../contact/contact.service";

/** The signed-in support form (`/support`): stored with the caller's id, limited per account. */
export const supportRoutes: FastifyPluginAsyncZod<{ contact: ContactService; limiter: RateLimiter }> = async (
  app,
  { contact, limiter },
) => {
  app.post(
    "/support",
    { schema: { body: contactRequestSchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      const { userId } = authOf(request);
      await enforceLimit(
        limiter,
        reply,
        `support:user:${userId}`,
        CONTACT_LIMITS.supportPerUserPerHour,
        3600,
        "Too many messages. Please try again later.",
      );
      const receipt = await contact.submit(request.body, { kind: "support", userId });
      return reply.status(201).send(receipt);
    },
  );
};
