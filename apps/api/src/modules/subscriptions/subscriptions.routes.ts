import {
  checkAndCancelRequestSchema,
  checkAndCancelResponseSchema,
  downgradeRequestSchema,
  downgradeResponseSchema,
  idText,
  subscriptionDetailsSchema,
  usageSchema,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authOf } from "../../plugins/auth";
import type { EntitlementsService } from "../entitlements/entitlements.service";
import type { SubscriptionsService } from "./subscriptions.service";

export type UsageCounter = (
  userId: string,
) => Promise<{ chatbots: number; messagesThisMonth: number; knowledgeSources: number; teamMembers: number }>;

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  entitlements: EntitlementsService;
  usage: UsageCounter;
}> = async (app, { subscriptions, entitlements, usage }) => {
  app.get(
    "/subscription/details/:userId",
    { schema: { params: z.object({ userId: idText() }), response: { 200: subscriptionDetailsSchema } } },
    async (request) => subscriptions.getDetails(authOf(request).userId, request.params.userId),
  );
  app.post(
    "/subscriptions/downgrade-subscription",
    { schema: { body: downgradeRequestSchema, response: { 200: downgradeResponseSchema } } },
    async (request) =>
      subscriptions.scheduleDowngrade(authOf(request).userId, {
        userId: request.body.userId,
        trackId: request.body.track_id,
        targetPlanId: request.body.newPlanExists._id,
        isYearly: request.body.isYearly,
      }),
  );
  app.post(
    "/subscriptions/check-and-cancel",
    { schema: { body: checkAndCancelRequestSchema, response: { 200: checkAndCancelResponseSchema } } },
    async (request) => subscriptions.cancelPendingDowngrade(authOf(request).userId, request.body.userId),
  );
  app.get("/usage", { schema: { response: { 200: usageSchema } } }, async (request) => {
    const userId = authOf(request).userId;
    const [{ planName, limits }, used] = await Promise.all([entitlements.limits(userId), usage(userId)]);
    return { planName, limits, used };
  });
};
