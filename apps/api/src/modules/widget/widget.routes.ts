import {
  CUSTOMER_HEADER,
  feedbackSchema,
  idText,
  leadSchema,
  VISITOR_HEADER,
  WIDGET_LIMITS,
  widgetAskSchema,
  widgetConfigSchema,
  widgetConversationSchema,
  widgetLanguageQuerySchema,
} from "@parley/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import type { RateLimiter } from "../../lib/rate-limit";
import { openEventStream } from "../../lib/sse";
import { ModelError } from "../chat/chat-model";
import type { LiveHub } from "../conversations/live-hub";
import type { IdentityService } from "../identity/identity.service";
import { originAllowed } from "./origin-policy";
import type { WidgetService } from "./widget.service";
import { createWidgetGuards, limitWidgetReads } from "./widget-guards";
import { widgetLiveRoutes } from "./widget-live.routes";
import type { WidgetSessions } from "./widget-session";
import { widgetSessionRoutes } from "./widget-session.routes";

const botParams = z.object({ chatbotId: idText() });
const convParams = botParams.extend({ conversationId: idText() });

export interface WidgetRouteOptions {
  widget: WidgetService;
  hub: LiveHub;
  sessions: WidgetSessions;
  identity: IdentityService;
  limiter: RateLimiter;
  appOrigin: string;
}

/**
 * The public widget API. Safe by default: unknown or unpublished bots are 404; when a bot lists
 * allowed domains, a browser request from any other origin is refused (the chat page itself is
 * served from the app origin and protected from foreign framing by `frame-ancestors`); visitors
 * and IPs are rate-limited; a conversation is readable only by the visitor who started it, or by
 * the verified customer it belongs to.
 */
export const widgetRoutes: FastifyPluginAsyncZod<WidgetRouteOptions> = async (app, options) => {
  const { widget, appOrigin } = options;
  const { checkOrigin, visitorOf, limit, limitedVisitor } = createWidgetGuards(options);
  const limitReads = (ip: string, reply: FastifyReply) => limitWidgetReads(options.limiter, ip, reply);

  app.addHook("onRequest", async (request, reply) => {
    const chatbotId = (request.params as { chatbotId?: string }).chatbotId;
    if (chatbotId && request.method !== "OPTIONS") await checkOrigin(request, reply, chatbotId);
  });

  // CORS preflight for sites that call the API directly (allowed origins only).
  app.options("/widget/:chatbotId/*", async (request, reply) => {
    const origin = request.headers.origin;
    const { chatbotId } = request.params as { chatbotId: string };
    if (origin && origin !== appOrigin) {
      const bot = await widget.publishedBot(chatbotId);
      if (!originAllowed(origin, bot.allowedDomains))
        throw AppError.of("FORBIDDEN", "widget.chatNotEnabledOnWebsite");
      reply.header("access-control-allow-origin", origin).header("vary", "origin");
    }
    return reply
      .header("access-control-allow-methods", "GET, POST")
      .header(
        "access-control-allow-headers",
        `content-type, last-event-id, ${VISITOR_HEADER}, ${CUSTOMER_HEADER}`,
      )
      .header("access-control-max-age", "600")
      .status(204)
      .send();
  });

  await app.register(widgetSessionRoutes, { ...options, visitorOf, limit });
  await app.register(widgetLiveRoutes, { widget, hub: options.hub, limitedVisitor });

  app.get(
    "/widget/:chatbotId/config",
    {
      schema: {
        params: botParams,
        querystring: widgetLanguageQuerySchema,
        response: { 200: widgetConfigSchema },
      },
    },
    async (request, reply) => {
      await limitReads(request.ip, reply);
      reply.header("cache-control", "public, max-age=30");
      return widget.config(request.params.chatbotId, request.query.lang);
    },
  );

  app.post(
    "/widget/:chatbotId/conversations",
    { schema: { params: botParams, response: { 201: widgetConversationSchema } } },
    async (request, reply) => {
      const who = await visitorOf(request, request.params.chatbotId);
      await limit(
        reply,
        `conv:ip:${request.ip}`,
        WIDGET_LIMITS.conversationsPerIpPerHour,
        3600,
        "Too many new conversations from your network. Please try again later.",
      );
      return reply.status(201).send(await widget.start(request.params.chatbotId, who));
    },
  );

  app.get(
    "/widget/:chatbotId/conversations/:conversationId",
    { schema: { params: convParams, response: { 200: widgetConversationSchema } } },
    async (request, reply) => {
      const who = await visitorOf(request, request.params.chatbotId);
      await limitReads(request.ip, reply);
      return widget.get(request.params.chatbotId, request.params.conversationId, who);
    },
  );

  app.post(
    "/widget/:chatbotId/conversations/:conversationId/messages",
    { schema: { params: convParams, body: widgetAskSchema } },
    async (request, reply) => {
      const who = await limitedVisitor(request, reply, request.params.chatbotId, "msg");
      const prepared = await widget.prepareMessage(
        request.params.chatbotId,
        request.params.conversationId,
        who,
        request.body.content,
        request.body.language,
      );
      const corsOrigin = reply.getHeader("access-control-allow-origin");
      const stream = openEventStream(
        request,
        reply,
        typeof corsOrigin === "string" ? { "access-control-allow-origin": corsOrigin, vary: "origin" } : {},
      );
      stream.send("start", { messageId: prepared.userMessageId });
      try {
        const {
          handoff,
          quotaBlocked: _quotaBlocked,
          ...done
        } = await prepared.run(stream.signal, (text) => stream.send("delta", { text }));
        // "Talk to a person" in words: the hand-off's result, then `done` (held: no bot answer).
        if (handoff) stream.send("handoff", handoff);
        stream.send("done", done);
      } catch (err) {
        if (!(err instanceof ModelError)) request.log.error({ err }, "widget answer failed");
        stream.send("error", {
          code: err instanceof ModelError ? err.code : "INTERNAL",
          message: "Sorry, something went wrong while answering. Please try again.",
        });
      } finally {
        stream.end();
      }
    },
  );

  app.post(
    "/widget/:chatbotId/conversations/:conversationId/messages/:messageId/feedback",
    { schema: { params: convParams.extend({ messageId: idText() }), body: feedbackSchema } },
    async (request, reply) => {
      const who = await limitedVisitor(request, reply, request.params.chatbotId, "feedback");
      await widget.feedback(request.params.chatbotId, who, request.params.messageId, request.body.value);
      return { saved: true };
    },
  );

  app.post(
    "/widget/:chatbotId/conversations/:conversationId/lead",
    { schema: { params: convParams, body: leadSchema } },
    async (request, reply) => {
      const who = await limitedVisitor(request, reply, request.params.chatbotId, "lead");
      return widget.lead(request.params.chatbotId, request.params.conversationId, who, request.body);
    },
  );
};
