import { CONTACT_LIMITS, contactReceiptSchema, contactRequestSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import type { ContactService } from "./contact.service";

/** The public contact form: anyone may write, so each client address is limited (it is stored). */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService; limiter: RateLimiter }> = async (
  app,
  { contact, limiter },
) => {
  app.post(
    "/contact",
    { schema: { body: contactRequestSchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      await enforceLimit(
        limiter,
        reply,
        `contact:ip:${request.ip}`,
        CONTACT_LIMITS.perIpPerHour,
        3600,
        "Too many messages from your network. Please try again later.",
      );
      const receipt = await contact.submit(request.body, { kind: "contact" });
      return reply.status(201).send(receipt);
    },
  );
};
