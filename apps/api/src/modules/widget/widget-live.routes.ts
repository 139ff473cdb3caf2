import {
  eventStreamQuerySchema,
  handoffResultSchema,
  idText,
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
  limitedVisitor: WidgetGuards["limitedVisitor"];
}

/**
 * The visitor's side of live chat: ask for a person, and the conversation's event stream (replies
 * from the team, status changes, typing). Registered inside widgetRoutes: the allowed-domain check
 * and the visitor identity rules are the other widget routes'.
 */
export const widgetLiveRoutes: FastifyPluginAsyncZod<LiveRouteOptions> = async (
  app,
  { widget, hub, limitedVisitor },
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
      const who = await limitedVisitor(request, reply, request.params.chatbotId, "handoff");
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
      const who = await limitedVisitor(request, reply, request.params.chatbotId, "typing");
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
      const who = await limitedVisitor(request, reply, request.params.chatbotId, "events");
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
