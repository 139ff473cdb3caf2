import {
  analyticsQuerySchema,
  analyticsSchema,
  apiConversationQuerySchema,
  apiLeadPageSchema,
  apiLeadQuerySchema,
  apiMessagePageSchema,
  apiMessageQuerySchema,
  conversationFiltersSchema,
  conversationPageSchema,
  idText,
  leadListSchema,
  transcriptSchema,
  unansweredListSchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { onSurface, operation, type Surface } from "../../lib/route-surface";
import { actorOf, memberIdOf, workspaceOf } from "../../plugins/auth";
import type { AuditService } from "../workspaces/audit.service";
import { type AnalyticsService, analyticsCsv } from "./analytics.service";
import type { InboxService } from "./inbox.service";
import type { LifecycleService } from "./lifecycle.service";

const idParams = z.object({ id: idText() });
const botQuery = z.object({ chatbotId: idText().optional() });

/**
 * The inbox, leads, analytics and export for members (`/api`); for keys (`/api/v1`) reading the
 * conversations, their messages and the leads.
 */
export const inboxRoutes: FastifyPluginAsyncZod<{
  inbox: InboxService;
  analytics: AnalyticsService;
  lifecycle: LifecycleService;
  appUrl: string;
  audit: AuditService;
  surface: Surface;
}> = async (app, { inbox, analytics, lifecycle, appUrl, audit, surface }) => {
  if (surface === "v1") {
    app.get(
      "/conversations",
      operation(
        {
          operationId: "listConversations",
          tag: "Conversations",
          summary: "List the workspace's conversations (newest activity first; cursor pages)",
        },
        { querystring: apiConversationQuerySchema, response: { 200: conversationPageSchema } },
      ),
      async (request) => inbox.list(workspaceOf(request, "inbox:read"), request.query, memberIdOf(request)),
    );
  } else {
    app.get(
      "/conversations",
      { schema: { querystring: conversationFiltersSchema, response: { 200: conversationPageSchema } } },
      // `assignee=me` is the signed-in member.
      async (request) => inbox.list(workspaceOf(request, "inbox:read"), request.query, memberIdOf(request)),
    );
  }
  app.get(
    "/conversations/:id",
    onSurface(surface)(
      {
        operationId: "getConversation",
        tag: "Conversations",
        summary: "Get a conversation with its messages and leads",
      },
      { params: idParams, response: { 200: transcriptSchema } },
    ),
    async (request) => inbox.transcript(workspaceOf(request, "inbox:read"), request.params.id),
  );
  if (surface === "v1") {
    app.get(
      "/conversations/:id/messages",
      operation(
        {
          operationId: "listConversationMessages",
          tag: "Conversations",
          summary: "List a conversation's messages (oldest first; cursor pages)",
        },
        { params: idParams, querystring: apiMessageQuerySchema, response: { 200: apiMessagePageSchema } },
      ),
      async (request) => {
        // A conversation holds at most a few hundred messages (WIDGET_LIMITS): paged from its transcript.
        const { messages } = await inbox.transcript(workspaceOf(request, "inbox:read"), request.params.id);
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
      operation(
        {
          operationId: "listLeads",
          tag: "Leads",
          summary: "List the workspace's leads (newest first; cursor pages)",
        },
        { querystring: apiLeadQuerySchema, response: { 200: apiLeadPageSchema } },
      ),
      async (request) => inbox.leadsPage(workspaceOf(request, "inbox:read"), request.query),
    );
    return;
  }
  app.delete("/conversations/:id", { schema: { params: idParams } }, async (request, reply) => {
    const workspaceId = workspaceOf(request, "inbox:delete");
    await inbox.remove(workspaceId, request.params.id);
    await audit.byActor(workspaceId, actorOf(request), "conversation.deleted", request.params.id);
    return reply.status(204).send();
  });
  app.get(
    "/insights/unanswered",
    { schema: { querystring: botQuery, response: { 200: unansweredListSchema } } },
    async (request) =>
      inbox.unanswered(workspaceOf(request, "inbox:read"), { chatbotId: request.query.chatbotId }),
  );
  app.get(
    "/leads",
    { schema: { querystring: botQuery, response: { 200: leadListSchema } } },
    async (request) =>
      inbox.leads(workspaceOf(request, "inbox:read"), { chatbotId: request.query.chatbotId }),
  );
  app.get("/leads.csv", { schema: { querystring: botQuery } }, async (request, reply) => {
    const rows = await inbox.leads(workspaceOf(request, "inbox:read"), {
      chatbotId: request.query.chatbotId,
    });
    return reply
      .type("text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="parley-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      )
      .send(inbox.leadsCsv(rows, appUrl));
  });
  app.get(
    "/analytics",
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema } } },
    async (request) => analytics.summary(workspaceOf(request, "analytics:read"), request.query),
  );
  // The analytics page's figures for its range, as a CSV file (see analyticsCsv).
  app.get("/analytics.csv", { schema: { querystring: analyticsQuerySchema } }, async (request, reply) => {
    const q = request.query;
    const figures = await analytics.summary(workspaceOf(request, "analytics:read"), q);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="parley-analytics-${q.from}-to-${q.to}.csv"`)
      .send(analyticsCsv(figures, q.chatbotId));
  });
  app.get("/export", async (request, reply) => {
    const archive = await lifecycle.exportAll(workspaceOf(request, "data:export"));
    return reply
      .header(
        "content-disposition",
        `attachment; filename="parley-export-${archive.exportedAt.slice(0, 10)}.json"`,
      )
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(archive, null, 2));
  });
};
