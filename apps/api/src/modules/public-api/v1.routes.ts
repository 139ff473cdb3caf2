import multipart from "@fastify/multipart";
import {
  type AuditAction,
  apiAnswerSchema,
  apiAskSchema,
  apiChatbotPageSchema,
  apiChatbotQuerySchema,
  apiConversationQuerySchema,
  apiLeadPageSchema,
  apiLeadQuerySchema,
  apiMessagePageSchema,
  apiMessageQuerySchema,
  apiSourcePageSchema,
  apiSourceQuerySchema,
  chatbotCreateSchema,
  chatbotSchema,
  chatbotUpdateSchema,
  conversationPageSchema,
  errorBodySchema,
  idText,
  knowledgeSourceSchema,
  sourceCreateSchema,
  transcriptSchema,
} from "@parley/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { openEventStream } from "../../lib/sse";
import { keyWorkspace } from "../api-keys/api-key-auth";
import type { ApiKeysService } from "../api-keys/api-keys.service";
import { ModelError } from "../chat/chat-model";
import { widgetLanguage } from "../chatbots/bot-languages";
import type { ChatbotsService } from "../chatbots/chatbots.service";
import type { TurnService } from "../conversations/turn.service";
import type { InboxService } from "../inbox/inbox.service";
import { addUploadedFile, UPLOAD_LIMITS } from "../knowledge/knowledge.routes";
import type { KnowledgeService } from "../knowledge/knowledge.service";
import type { AuditService } from "../workspaces/audit.service";
import { deletedSchema } from "./openapi-components";

const botParams = z.object({ id: idText() });
const sourceParams = z.object({ id: idText(), sourceId: idText() });
const conversationParams = z.object({ id: idText() });

/** Every answer that is not the happy one has the one error shape. */
const errors = { "4XX": errorBodySchema, "5XX": errorBodySchema } as const;
/**
 * A route's options: its documentation (`operationId`, stable, unique, camelCase: what a generated
 * client names the call, and openapi.test.ts holds them; tag and summary; behind the API key) and
 * its schemas, every answer that is not the happy one with the one error shape.
 */
function operation<const S extends { response: Record<number, z.ZodType> }>(
  operationId: string,
  tag: string,
  summary: string,
  schema: S,
) {
  return {
    schema: {
      operationId,
      tags: [tag],
      summary,
      security: [{ apiKey: [] }],
      ...schema,
      response: { ...schema.response, ...errors },
    },
  };
}

export interface V1Options {
  chatbots: ChatbotsService;
  knowledge: KnowledgeService;
  /** The conversation's turn, as for every channel: the API's conversations are the workspace's. */
  turn: Pick<TurnService, "start" | "prepare">;
  inbox: InboxService;
  audit: Pick<AuditService, "record">;
  apiKeys: Pick<ApiKeysService, "countMessage">;
}

/**
 * The public API, `/api/v1` (issue #24): what a workspace's API key may do, by its scopes. Each
 * route is the app's own service call; the OpenAPI document is made from these very schemas.
 */
export const v1Routes: FastifyPluginAsyncZod<V1Options> = async (app, opts) => {
  const { chatbots, knowledge, turn, inbox } = opts;
  await app.register(multipart, UPLOAD_LIMITS);

  /** A change made with a key, in the audit log with the key as its actor (never a person). */
  const audited = (
    request: FastifyRequest,
    workspaceId: string,
    action: AuditAction,
    target: string,
    details: Record<string, unknown>,
  ) => {
    request.apiChangeAudited = true;
    return opts.audit.record({
      workspaceId,
      action,
      actorId: request.apiKey?.keyId ?? null,
      actorEmail: null,
      target,
      details: { ...details, via: "api" },
    });
  };

  // ----- Chatbots ---------------------------------------------------------------------------
  app.get(
    "/chatbots",
    operation("listChatbots", "Chatbots", "List the workspace's chatbots (newest first; cursor pages)", {
      querystring: apiChatbotQuerySchema,
      response: { 200: apiChatbotPageSchema },
    }),
    async (request) => chatbots.page(keyWorkspace(request, "read"), request.query),
  );
  app.post(
    "/chatbots",
    operation("createChatbot", "Chatbots", "Create a chatbot", {
      body: chatbotCreateSchema,
      response: { 201: chatbotSchema },
    }),
    async (request, reply) => {
      const workspaceId = keyWorkspace(request, "write");
      const bot = await chatbots.create(workspaceId, request.body);
      await audited(request, workspaceId, "bot.created", bot._id, { name: bot.name });
      return reply.status(201).send(bot);
    },
  );
  app.get(
    "/chatbots/:id",
    operation("getChatbot", "Chatbots", "Get a chatbot", {
      params: botParams,
      response: { 200: chatbotSchema },
    }),
    async (request) => chatbots.get(keyWorkspace(request, "read"), request.params.id),
  );
  app.patch(
    "/chatbots/:id",
    operation("updateChatbot", "Chatbots", "Change a chatbot's settings (only the fields sent)", {
      params: botParams,
      body: chatbotUpdateSchema,
      response: { 200: chatbotSchema },
    }),
    async (request) => {
      const workspaceId = keyWorkspace(request, "write");
      const bot = await chatbots.update(workspaceId, request.params.id, request.body);
      await audited(request, workspaceId, "bot.updated", bot._id, {
        name: bot.name,
        fields: Object.keys(request.body).sort().join(", "),
      });
      return bot;
    },
  );

  // ----- Knowledge sources -----------------------------------------------------------------
  app.get(
    "/chatbots/:id/sources",
    operation(
      "listSources",
      "Knowledge",
      "List a chatbot's knowledge sources, with their status (newest first; cursor pages)",
      { params: botParams, querystring: apiSourceQuerySchema, response: { 200: apiSourcePageSchema } },
    ),
    async (request) => knowledge.page(keyWorkspace(request, "read"), request.params.id, request.query),
  );
  app.post(
    "/chatbots/:id/sources",
    operation("createSource", "Knowledge", "Add a text, Q&A or website source (learned in the background)", {
      params: botParams,
      body: sourceCreateSchema,
      response: { 201: knowledgeSourceSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await knowledge.add(keyWorkspace(request, "write"), request.params.id, request.body)),
  );
  app.post(
    "/chatbots/:id/sources/upload",
    operation(
      "uploadSource",
      "Knowledge",
      "Upload a document (PDF, DOCX, TXT, MD, HTML) as `file` in multipart/form-data",
      { consumes: ["multipart/form-data"], params: botParams, response: { 201: knowledgeSourceSchema } },
    ),
    async (request, reply) => {
      const workspaceId = keyWorkspace(request, "write");
      if (!request.isMultipart()) {
        throw AppError.of("UNSUPPORTED_MEDIA_TYPE", "apiKeys.sendDocumentAsMultipartForm");
      }
      return reply
        .status(201)
        .send(await addUploadedFile(request, reply, knowledge, workspaceId, request.params.id));
    },
  );
  app.get(
    "/chatbots/:id/sources/:sourceId",
    operation("getSource", "Knowledge", "Get a source and its status (queued, processing, ready, failed)", {
      params: sourceParams,
      response: { 200: knowledgeSourceSchema },
    }),
    async (request) =>
      knowledge.get(keyWorkspace(request, "read"), request.params.id, request.params.sourceId),
  );
  app.post(
    "/chatbots/:id/sources/:sourceId/resync",
    operation("resyncSource", "Knowledge", "Learn a website or document source again", {
      params: sourceParams,
      response: { 200: knowledgeSourceSchema },
    }),
    async (request) =>
      knowledge.resync(keyWorkspace(request, "write"), request.params.id, request.params.sourceId),
  );
  app.delete(
    "/chatbots/:id/sources/:sourceId",
    operation("deleteSource", "Knowledge", "Delete a source (the bot forgets it at once)", {
      params: sourceParams,
      response: { 204: deletedSchema },
    }),
    async (request, reply) => {
      const workspaceId = keyWorkspace(request, "write");
      const { title } = await knowledge.remove(workspaceId, request.params.id, request.params.sourceId);
      await audited(request, workspaceId, "knowledge.deleted", request.params.sourceId, {
        chatbotId: request.params.id,
        name: title,
      });
      return reply.status(204).send(null);
    },
  );

  // ----- Ask -------------------------------------------------------------------------------
  app.post(
    "/chatbots/:id/ask",
    operation(
      "askChatbot",
      "Chat",
      "Ask a chatbot. JSON by default; with `Accept: text/event-stream`, Server-Sent Events (`start`, `delta`…, `done` or `error`). Pass `conversationId` to continue.",
      {
        description:
          "With `Accept: text/event-stream` the answer is a stream of Server-Sent Events instead of JSON: " +
          "`start` {conversationId, questionId}, then `delta` {text}…, then `done` {messageId, answered, " +
          "fallback, citations, engine, heldForTeam} or `error` {code, message}. `fallback`: the bot had no " +
          "answer and the text is its fallback reply (it offers no person: hand over in your own way).",
        params: botParams,
        body: apiAskSchema,
        response: { 200: apiAnswerSchema },
      },
    ),
    async (request, reply) => {
      const workspaceId = keyWorkspace(request, "chat");
      const keyId = request.apiKey?.keyId ?? "";
      // The bot must be this workspace's (another's is not found, as everywhere); any state:
      // like the Playground, the API may ask a bot that is not published.
      const bot = await chatbots.own(workspaceId, request.params.id);
      const conversationId = request.body.conversationId ?? (await turn.start(bot, { channel: "api" }));
      const prepared = await turn.prepare({
        bot,
        conversationId,
        // The workspace's API conversations: any of its keys may continue them, nobody else.
        access: { api: { workspaceId, chatbotId: bot.id } },
        content: request.body.content,
        language: widgetLanguage(bot, request.body.language),
      });
      const countIfAnswered = async (r: {
        messageId: string | null;
        held?: boolean;
        quotaBlocked?: boolean;
      }) => {
        if (r.messageId && !r.held && !r.quotaBlocked) await opts.apiKeys.countMessage(keyId);
      };
      const wantsStream = /\btext\/event-stream\b/i.test(request.headers.accept ?? "");
      if (wantsStream) {
        const stream = openEventStream(request, reply);
        stream.send("start", { conversationId, questionId: prepared.userMessageId });
        try {
          const {
            handoff: _handoff,
            quotaBlocked,
            held,
            offerHandoff: _offer,
            ...done
          } = await prepared.run(stream.signal, (text) => stream.send("delta", { text }));
          await countIfAnswered({ messageId: done.messageId, held, quotaBlocked });
          if (quotaBlocked) {
            stream.send("error", {
              code: "PLAN_LIMIT_REACHED",
              message: "This workspace has used its plan's messages for this month.",
            });
          } else
            stream.send("done", {
              ...done,
              fallback: !held && !done.answered,
              heldForTeam: Boolean(held),
            });
        } catch (err) {
          if (!(err instanceof ModelError)) request.log.error({ err }, "API answer failed");
          stream.send("error", {
            code: err instanceof ModelError ? err.code : "INTERNAL",
            message: "Something went wrong while answering. Please try again.",
          });
        } finally {
          stream.end();
        }
        return reply;
      }
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.sent) controller.abort();
      };
      request.raw.on("close", onClose);
      let text = "";
      try {
        const result = await prepared.run(controller.signal, (d) => {
          text += d;
        });
        await countIfAnswered(result);
        if (result.quotaBlocked) {
          throw AppError.of("PLAN_LIMIT_REACHED", "apiKeys.workspaceHasUsedItsPlansMessages");
        }
        return {
          conversationId,
          questionId: prepared.userMessageId,
          answer: {
            messageId: result.held ? null : result.messageId,
            text,
            answered: result.answered,
            // The bot abstained (its fallback reply), as the widget's reply is marked internally;
            // a held conversation's empty answer is not one.
            fallback: !result.held && !result.answered,
            citations: result.citations,
            engine: result.engine,
          },
          heldForTeam: Boolean(result.held),
        };
      } catch (err) {
        if (err instanceof ModelError) {
          throw AppError.of("SERVICE_UNAVAILABLE", "apiKeys.botsAiModelCouldNot");
        }
        throw err;
      } finally {
        request.raw.off("close", onClose);
      }
    },
  );

  // ----- Conversations and leads -----------------------------------------------------------
  app.get(
    "/conversations",
    operation(
      "listConversations",
      "Conversations",
      "List the workspace's conversations (newest activity first; cursor pages)",
      { querystring: apiConversationQuerySchema, response: { 200: conversationPageSchema } },
    ),
    async (request) => inbox.list(keyWorkspace(request, "read"), request.query, null),
  );
  app.get(
    "/conversations/:id",
    operation("getConversation", "Conversations", "Get a conversation with its messages and leads", {
      params: conversationParams,
      response: { 200: transcriptSchema },
    }),
    async (request) => inbox.transcript(keyWorkspace(request, "read"), request.params.id),
  );
  app.get(
    "/conversations/:id/messages",
    operation(
      "listConversationMessages",
      "Conversations",
      "List a conversation's messages (oldest first; cursor pages)",
      {
        params: conversationParams,
        querystring: apiMessageQuerySchema,
        response: { 200: apiMessagePageSchema },
      },
    ),
    async (request) => {
      // A conversation holds at most a few hundred messages (WIDGET_LIMITS): paged from its transcript.
      const { messages } = await inbox.transcript(keyWorkspace(request, "read"), request.params.id);
      const { cursor, limit } = request.query;
      let start = 0;
      if (cursor) {
        const at = messages.findIndex((m) => m._id === cursor);
        if (at < 0) throw AppError.of("BAD_REQUEST", "general.invalidPageCursor");
        start = at + 1;
      }
      const items = messages.slice(start, start + limit);
      const last = items.at(-1);
      return { items, nextCursor: start + limit < messages.length && last ? last._id : null };
    },
  );
  app.get(
    "/leads",
    operation("listLeads", "Leads", "List the workspace's leads (newest first; cursor pages)", {
      querystring: apiLeadQuerySchema,
      response: { 200: apiLeadPageSchema },
    }),
    async (request) => inbox.leadsPage(keyWorkspace(request, "read"), request.query),
  );
};
