import {
  eventStreamQuerySchema,
  handoffResultSchema,
  idText,
  LIVE_LIMITS,
  widgetLanguageQuerySchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { lastEventId } from "../conversations/live.routes";
import type { LiveHub } from "../conversations/live-hub";
import type { WidgetService } from "./widget.service";
import type { WidgetGuards } from "./widget-guards";

const convParams = z.object({ chatbotId: idText(), conversationId: idText() });

interface LiveRouteOptions {
  widget: WidgetService;
  hub: LiveHub;
  visitorOf: WidgetGuards["visitorOf"];
  limit: WidgetGuards["limit"];
}

/**
 * The visitor's side of live chat: ask for a person, and the conversation's event stream (replies
 * from the team, status changes, typing). Registered inside widgetRoutes: the allowed-domain check
 * and the visitor identity rules are the other widget routes'.
 */
export const widgetLiveRoutes: FastifyPluginAsyncZod<LiveRouteOptions> = async (
  app,
  { widget, hub, visitorOf, limit },
) => {
  app.post(
    "/widget/:chatbotId/conversations/:conversationId/handoff",
    {
      schema: {
        params: convParams,
        querystring: widgetLanguageQuerySchema,
        response: { 200: handoffResultSchema },
      },
    },
    async (request, reply) => {
      const who = await visitorOf(request, request.params.chatbotId);
      await limit(
        reply,
        `handoff:visitor:${who.visitorId}`,
        LIVE_LIMITS.handoffsPerVisitorPerHour,
        3600,
        "You have asked for a person several times. Please wait for the team to reply.",
      );
      return widget.handoff(request.params.chatbotId, request.params.conversationId, who, request.query.lang);
    },
  );

  /**
   * The visitor is typing: the team's inbox shows "The visitor is typing…" while a person has the
   * conversation (waiting or claimed). With the bot nobody is told; either way the answer is 204,
   * so a visitor learns nothing about the team from it.
   */
  app.post(
    "/widget/:chatbotId/conversations/:conversationId/typing",
    { schema: { params: convParams } },
    async (request, reply) => {
      const who = await visitorOf(request, request.params.chatbotId);
      await limit(
        reply,
        `typing:visitor:${who.visitorId}`,
        LIVE_LIMITS.typingPerMinute,
        60,
        "Too many typing signals. Please wait a moment.",
      );
      const state = await widget.liveState(request.params.chatbotId, request.params.conversationId, who);
      if (state.status === "waiting" || state.status === "claimed")
        hub.typing(state.workspaceId, state.id, null, "team");
      return reply.status(204).send();
    },
  );

  app.get(
    "/widget/:chatbotId/conversations/:conversationId/events",
    { schema: { params: convParams, querystring: eventStreamQuerySchema } },
    async (request, reply) => {
      const who = await visitorOf(request, request.params.chatbotId);
      await limit(
        reply,
        `events:visitor:${who.visitorId}`,
        LIVE_LIMITS.streamsPerVisitor * 10,
        60,
        "Too many reconnections. Please wait a moment.",
      );
      const state = await widget.liveState(request.params.chatbotId, request.params.conversationId, who);
      hub.openVisitor(request, reply, {
        conversationId: state.id,
        visitorKey: `${request.params.chatbotId}:${who.customer?.userId ?? who.visitorId}`,
        after: lastEventId(request),
        current: state.eventSeq,
      });
    },
  );
};
