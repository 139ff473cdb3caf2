import { notificationPrefsSchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authOf, workspaceOf } from "../../plugins/auth";
import type { NotificationsService } from "./notifications.service";

/**
 * `GET|PUT /api/notification-prefs`: the signed-in member's e-mail notifications (handoff
 * requests, new leads) in the active workspace: `each`, `hourly` or `none`. Every role that reads
 * the inbox has one.
 */
export const notificationPrefsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    "/notification-prefs",
    { schema: { response: { 200: notificationPrefsSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "inbox:read");
      reply.header("cache-control", "no-store");
      return notifications.prefs(workspaceId, authOf(request).userId);
    },
  );
  app.put(
    "/notification-prefs",
    { schema: { body: notificationPrefsSchema, response: { 200: notificationPrefsSchema } } },
    async (request) => {
      const workspaceId = workspaceOf(request, "inbox:read");
      return notifications.setPrefs(workspaceId, authOf(request).userId, request.body);
    },
  );
};
