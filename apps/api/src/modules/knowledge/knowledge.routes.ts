import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import {
  apiSourcePageSchema,
  apiSourceQuerySchema,
  fileNameSchema,
  idText,
  knowledgeSourceListSchema,
  knowledgeSourceSchema,
  MAX_UPLOAD_MB,
  sourceCreateSchema,
  sourcePatchSchema,
  sourceSyncListSchema,
} from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { deletedSchema, onSurface, operation, type Surface } from "../../lib/route-surface";
import { actorOf, workspaceOf } from "../../plugins/auth";
import { closeAfterReply } from "../../plugins/unread-body";
import type { AuditService } from "../workspaces/audit.service";
import type { KnowledgeService } from "./knowledge.service";

const botParams = z.object({ id: idText() });
const sourceParams = z.object({ id: idText(), sourceId: idText() });
/** Room for the multipart framing around the file (boundaries, part headers, a few fields). */
export const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads the file part into memory only up to `max` bytes; one byte more and it stops reading.
 * Returns undefined when the file is larger.
 */
export async function readBounded(stream: Readable, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Refuses an upload without reading the rest of it (see closeAfterReply). */
export function refuseUpload(reply: FastifyReply, message: string): never {
  closeAfterReply(reply);
  throw new AppError("PAYLOAD_TOO_LARGE", message);
}

/**
 * A multipart upload (the `file` field) added to the bot `botId` of `workspaceId`:
 * ownership, room and the plan's size limit are settled before a byte of the file is read, and one
 * byte over the limit is enough to stop reading. Shared by the app's route and the public API's.
 */
export async function addUploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  knowledge: KnowledgeService,
  workspaceId: string,
  botId: string,
) {
  const limit = await knowledge.uploadLimit(workspaceId, botId);
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (declared > limit.bytes + MULTIPART_OVERHEAD) refuseUpload(reply, limit.message);
  const file = await request.file({ limits: { fileSize: limit.bytes + 1 } });
  if (!file) throw AppError.of("BAD_REQUEST", "knowledge.attachFileInFileField");
  const data = await readBounded(file.file, limit.bytes);
  if (!data) refuseUpload(reply, limit.message);
  return knowledge.addFile(workspaceId, botId, {
    fileName: fileNameSchema.parse(file.filename ?? ""),
    data,
  });
}

/** One document a request, at most the largest plan's size (each upload gets its plan's below). */
export const UPLOAD_LIMITS = {
  limits: {
    fileSize: MAX_UPLOAD_MB * 1024 * 1024,
    files: 1,
    fields: 5,
    parts: 6,
    fieldSize: 1024,
    headerPairs: 50,
  },
};

/** A bot's knowledge sources, for members (`/api`) and for keys (`/api/v1`: list, add, read, re-learn, delete). */
export const knowledgeRoutes: FastifyPluginAsyncZod<{
  knowledge: KnowledgeService;
  audit: AuditService;
  surface: Surface;
}> = async (app, { knowledge, audit, surface }) => {
  const route = onSurface(surface);
  // The plugin-wide limits are the ceiling for every plan; each upload gets its plan's below.
  await app.register(multipart, UPLOAD_LIMITS);

  // The app lists a bot's sources at once; the API pages with cursors.
  if (surface === "v1") {
    app.get(
      "/chatbots/:id/sources",
      operation(
        {
          operationId: "listSources",
          tag: "Knowledge",
          summary: "List a chatbot's knowledge sources, with their status (newest first; cursor pages)",
        },
        { params: botParams, querystring: apiSourceQuerySchema, response: { 200: apiSourcePageSchema } },
      ),
      async (request) =>
        knowledge.page(workspaceOf(request, "knowledge:read"), request.params.id, request.query),
    );
  } else {
    app.get(
      "/chatbots/:id/sources",
      { schema: { params: botParams, response: { 200: knowledgeSourceListSchema } } },
      async (request) => knowledge.list(workspaceOf(request, "knowledge:read"), request.params.id),
    );
  }

  // JSON for text, Q&A and website sources, and a document (multipart, `file`): on the app one
  // route takes both; the API documents them as two.
  if (surface === "v1") {
    app.post(
      "/chatbots/:id/sources",
      operation(
        {
          operationId: "createSource",
          tag: "Knowledge",
          summary: "Add a text, Q&A or website source (learned in the background)",
        },
        { params: botParams, body: sourceCreateSchema, response: { 201: knowledgeSourceSchema } },
      ),
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await knowledge.add(workspaceOf(request, "knowledge:write"), request.params.id, request.body),
          ),
    );
    app.post(
      "/chatbots/:id/sources/upload",
      operation(
        {
          operationId: "uploadSource",
          tag: "Knowledge",
          summary: "Upload a document (PDF, DOCX, TXT, MD, HTML) as `file` in multipart/form-data",
        },
        { consumes: ["multipart/form-data"], params: botParams, response: { 201: knowledgeSourceSchema } },
      ),
      async (request, reply) => {
        const workspaceId = workspaceOf(request, "knowledge:write");
        if (!request.isMultipart()) {
          throw AppError.of("UNSUPPORTED_MEDIA_TYPE", "apiKeys.sendDocumentAsMultipartForm");
        }
        return reply
          .status(201)
          .send(await addUploadedFile(request, reply, knowledge, workspaceId, request.params.id));
      },
    );
  } else {
    app.post(
      "/chatbots/:id/sources",
      { schema: { params: botParams, response: { 201: knowledgeSourceSchema } } },
      async (request, reply) => {
        const workspaceId = workspaceOf(request, "knowledge:write");
        if (request.isMultipart()) {
          return reply
            .status(201)
            .send(await addUploadedFile(request, reply, knowledge, workspaceId, request.params.id));
        }
        const parsed = sourceCreateSchema.safeParse(request.body);
        if (!parsed.success) {
          const details = parsed.error.issues.map((i) => ({
            path: ["body", ...i.path].join("."),
            message: i.message,
          }));
          throw new AppError("VALIDATION_FAILED", details[0]?.message ?? "Invalid source", details);
        }
        return reply.status(201).send(await knowledge.add(workspaceId, request.params.id, parsed.data));
      },
    );
  }

  app.get(
    "/chatbots/:id/sources/:sourceId",
    route(
      {
        operationId: "getSource",
        tag: "Knowledge",
        summary: "Get a source and its status (queued, processing, ready, failed)",
      },
      { params: sourceParams, response: { 200: knowledgeSourceSchema } },
    ),
    async (request) =>
      knowledge.get(workspaceOf(request, "knowledge:read"), request.params.id, request.params.sourceId),
  );
  app.post(
    "/chatbots/:id/sources/:sourceId/resync",
    route(
      { operationId: "resyncSource", tag: "Knowledge", summary: "Learn a website or document source again" },
      { params: sourceParams, response: { 200: knowledgeSourceSchema } },
    ),
    async (request) =>
      knowledge.resync(workspaceOf(request, "knowledge:write"), request.params.id, request.params.sourceId),
  );
  app.delete(
    "/chatbots/:id/sources/:sourceId",
    route(
      {
        operationId: "deleteSource",
        tag: "Knowledge",
        summary: "Delete a source (the bot forgets it at once)",
      },
      { params: sourceParams, response: { 204: deletedSchema } },
    ),
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "knowledge:write");
      const { title } = await knowledge.remove(workspaceId, request.params.id, request.params.sourceId);
      await audit.byActor(workspaceId, actorOf(request), "knowledge.deleted", request.params.sourceId, {
        chatbotId: request.params.id,
        name: title,
      });
      return reply.status(204).send(null);
    },
  );
  if (surface === "v1") return;

  app.patch(
    "/chatbots/:id/sources/:sourceId",
    { schema: { params: sourceParams, body: sourcePatchSchema, response: { 200: knowledgeSourceSchema } } },
    async (request) =>
      knowledge.patch(
        workspaceOf(request, "knowledge:write"),
        request.params.id,
        request.params.sourceId,
        request.body,
      ),
  );
  app.get(
    "/chatbots/:id/sources/:sourceId/syncs",
    { schema: { params: sourceParams, response: { 200: sourceSyncListSchema } } },
    async (request) =>
      knowledge.syncs(workspaceOf(request, "knowledge:read"), request.params.id, request.params.sourceId),
  );
};
