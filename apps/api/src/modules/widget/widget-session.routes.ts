import { WIDGET_LIMITS, widgetSessionSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { WidgetService } from "./widget.service";
import type { WidgetGuards } from "./widget-guards";
import type { WidgetSessions } from "./widget-session";

interface SessionRouteOptions {
  widget: WidgetService;
  sessions: WidgetSessions;
  visitorOf: WidgetGuards["visitorOf"];
  limit: WidgetGuards["limit"];
}

/**
 * `POST /widget/:chatbotId/session`: the chat page's first call. Says whether the customer
 * identity the business sent holds (and why not, for the site owner's console) and returns the
 * conversation to pick up. Registered inside widgetRoutes, so the origin check applies.
 */
export const widgetSessionRoutes: FastifyPluginAsyncZod<SessionRouteOptions> = async (
  app,
  { widget, sessions, visitorOf, limit },
) => {
  app.post(
    "/widget/:chatbotId/session",
    {
      schema: {
        params: z.object({ chatbotId: z.string() }),
        response: { 200: widgetSessionSchema },
      },
    },
    async (request, reply) => {
      await limit(
        reply,
        `session:ip:${request.ip}`,
        WIDGET_LIMITS.sessionsPerIpPerMinute,
        60,
        "Too many requests from your network. Please wait a moment and try again.",
      );
      const { chatbotId } = request.params;
      const who = await visitorOf(request, chatbotId);
      if (who.identity.status === "refused") {
        request.log.info({ chatbotId, reason: who.identity.message }, "widget customer identity refused");
      }
      const conversationId = await sessions.resume(await widget.publishedBot(chatbotId), who);
      return {
        identity: {
          status: who.identity.status,
          message: who.identity.status === "refused" ? who.identity.message : null,
        },
        conversation: conversationId ? await widget.get(chatbotId, conversationId, who) : null,
      };
    },
  );
};
