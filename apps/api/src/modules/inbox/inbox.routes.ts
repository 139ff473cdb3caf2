import {
  analyticsQuerySchema,
  analyticsSchema,
  conversationFiltersSchema,
  conversationPageSchema,
  idText,
  leadListSchema,
  transcriptSchema,
  unansweredListSchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, authOf, workspaceOf } from "../../plugins/auth";
import type { AuditService } from "../workspaces/audit.service";
import { type AnalyticsService, analyticsCsv } from "./analytics.service";
import type { InboxService } from "./inbox.service";
import type { LifecycleService } from "./lifecycle.service";

const idParams = z.object({ id: idText() });
const botQuery = z.object({ chatbotId: idText().optional() });

export const inboxRoutes: FastifyPluginAsyncZod<{
  inbox: InboxService;
  analytics: AnalyticsService;
  lifecycle: LifecycleService;
  appUrl: string;
  audit: AuditService;
}> = async (app, { inbox, analytics, lifecycle, appUrl, audit }) => {
  app.get(
    "/conversations",
    { schema: { querystring: conversationFiltersSchema, response: { 200: conversationPageSchema } } },
    // `assignee=me` is the signed-in member.
    async (request) => inbox.list(workspaceOf(request, "inbox:read"), request.query, authOf(request).userId),
  );
  app.get(
    "/conversations/:id",
    { schema: { params: idParams, response: { 200: transcriptSchema } } },
    async (request) => inbox.transcript(workspaceOf(request, "inbox:read"), request.params.id),
  );
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
