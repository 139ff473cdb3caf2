import {
  checkAndCancelRequestSchema,
  checkAndCancelResponseSchema,
  downgradeRequestSchema,
  downgradeResponseSchema,
  idText,
  planChangeListSchema,
  subscriptionDetailsSchema,
  usageSchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, workspaceOf } from "../../plugins/auth";
import type { EntitlementsService } from "../entitlements/entitlements.service";
import type { AuditService } from "../workspaces/audit.service";
import type { SubscriptionsService } from "./subscriptions.service";

export type UsageCounter = (
  userId: string,
) => Promise<{ chatbots: number; messagesThisMonth: number; knowledgeSources: number; teamMembers: number }>;

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  entitlements: EntitlementsService;
  usage: UsageCounter;
  audit: AuditService;
}> = async (app, { subscriptions, entitlements, usage, audit }) => {
  app.get(
    "/subscription/details/:userId",
    { schema: { params: z.object({ userId: idText() }), response: { 200: subscriptionDetailsSchema } } },
    async (request) => subscriptions.getDetails(workspaceOf(request, "billing"), request.params.userId),
  );
  app.get("/subscription/changes", { schema: { response: { 200: planChangeListSchema } } }, async (request) =>
    subscriptions.planChanges(workspaceOf(request, "billing")),
  );
  app.post(
    "/subscriptions/downgrade-subscription",
    { schema: { body: downgradeRequestSchema, response: { 200: downgradeResponseSchema } } },
    async (request) => {
      const workspaceId = workspaceOf(request, "billing");
      const result = await subscriptions.scheduleDowngrade(workspaceId, {
        userId: request.body.userId,
        trackId: request.body.track_id,
        targetPlanId: request.body.newPlanExists._id,
        isYearly: request.body.isYearly,
      });
      await audit.byActor(workspaceId, actorOf(request), "plan.downgrade_scheduled", result.plan.name, {
        effectiveAt: result.effectiveAt,
      });
      return result;
    },
  );
  app.post(
    "/subscriptions/check-and-cancel",
    { schema: { body: checkAndCancelRequestSchema, response: { 200: checkAndCancelResponseSchema } } },
    async (request) => {
      const workspaceId = workspaceOf(request, "billing");
      const result = await subscriptions.cancelPendingDowngrade(workspaceId, request.body.userId);
      await audit.byActor(workspaceId, actorOf(request), "plan.downgrade_canceled", null);
      return result;
    },
  );
  app.get("/usage", { schema: { response: { 200: usageSchema } } }, async (request) => {
    // Usage and limits are no secret to anyone working in the workspace.
    const userId = workspaceOf(request, "bots:read");
    const [{ planName, planNames, limits }, used] = await Promise.all([
      entitlements.limits(userId),
      usage(userId),
    ]);
    return { planName, planNames, limits, used };
  });
};
