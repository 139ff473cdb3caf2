import {
  idText,
  paymentCreateRequestSchema,
  paymentCreateResponseSchema,
  paymentInitiateRequestSchema,
  paymentInitiateResponseSchema,
  paymentListSchema,
  paymentSchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, authOf, workspaceOf } from "../../plugins/auth";
import type { PaymentsService } from "./payments.service";

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    "/payments/initiate",
    { schema: { body: paymentInitiateRequestSchema, response: { 200: paymentInitiateResponseSchema } } },
    async (request) => {
      const workspaceId = workspaceOf(request, "billing");
      return payments.initiate(
        { id: workspaceId, email: authOf(request).claims.email },
        request.body,
        actorOf(request),
      );
    },
  );
  app.post(
    "/payments/create",
    { schema: { body: paymentCreateRequestSchema, response: { 200: paymentCreateResponseSchema } } },
    async (request) => payments.record(workspaceOf(request, "billing"), request.body),
  );
  app.get("/payments", { schema: { response: { 200: paymentListSchema } } }, async (request) =>
    payments.list(workspaceOf(request, "billing")),
  );
  app.get(
    "/payments/:trackId",
    { schema: { params: z.object({ trackId: idText() }), response: { 200: paymentSchema } } },
    async (request) => payments.get(workspaceOf(request, "billing"), request.params.trackId),
  );
};

/** Gateway → API notifications. Public, but every one is verified by its provider before use. */
export const paymentCallbackRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  // Signatures are over the exact bytes received, so keep the raw body for these routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    "/payments/callback/:provider",
    { schema: { params: z.object({ provider: idText() }) } },
    async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { ack } = await payments.handleCallback(request.params.provider, {
        headers: request.headers,
        rawBody,
        contentType: request.headers["content-type"] ?? "",
      });
      if (ack) return reply.type(ack.contentType).send(ack.body);
      return { received: true };
    },
  );
};
