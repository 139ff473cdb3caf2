import multipart from "@fastify/multipart";
import { knowledgeSourceListSchema, knowledgeSourceSchema, sourceCreateSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { authOf } from "../../plugins/auth";
import type { KnowledgeService } from "./knowledge.service";

const botParams = z.object({ id: z.string() });
const sourceParams = z.object({ id: z.string(), sourceId: z.string() });
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const knowledgeRoutes: FastifyPluginAsyncZod<{ knowledge: KnowledgeService }> = async (
  app,
  { knowledge },
) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.get(
    "/chatbots/:id/sources",
    { schema: { params: botParams, response: { 200: knowledgeSourceListSchema } } },
    async (request) => knowledge.list(authOf(request).userId, request.params.id),
  );

  // JSON for text, Q&A and website sources; multipart/form-data (field `file`) for documents.
  app.post(
    "/chatbots/:id/sources",
    { schema: { params: botParams, response: { 201: knowledgeSourceSchema } } },
    async (request, reply) => {
      const ownerId = authOf(request).userId;
      if (request.isMultipart()) {
        const file = await request.file();
        if (!file) throw new AppError("BAD_REQUEST", "Attach a file in the `file` field.");
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch {
          throw new AppError("PAYLOAD_TOO_LARGE", "Files are limited to 50 MB.");
        }
        return reply.status(201).send(
          await knowledge.addFile(ownerId, request.params.id, {
            fileName: file.filename || "document",
            data,
          }),
        );
      }
      const parsed = sourceCreateSchema.safeParse(request.body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({
          path: ["body", ...i.path].join("."),
          message: i.message,
        }));
        throw new AppError("VALIDATION_FAILED", details[0]?.message ?? "Invalid source", details);
      }
      return reply.status(201).send(await knowledge.add(ownerId, request.params.id, parsed.data));
    },
  );

  app.get(
    "/chatbots/:id/sources/:sourceId",
    { schema: { params: sourceParams, response: { 200: knowledgeSourceSchema } } },
    async (request) => knowledge.get(authOf(request).userId, request.params.id, request.params.sourceId),
  );
  app.delete(
    "/chatbots/:id/sources/:sourceId",
    { schema: { params: sourceParams } },
    async (request, reply) => {
      await knowledge.remove(authOf(request).userId, request.params.id, request.params.sourceId);
      return reply.status(204).send();
    },
  );
  app.post(
    "/chatbots/:id/sources/:sourceId/resync",
    { schema: { params: sourceParams, response: { 200: knowledgeSourceSchema } } },
    async (request) => knowledge.resync(authOf(request).userId, request.params.id, request.params.sourceId),
  );
};
