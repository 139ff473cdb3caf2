import { WORKSPACE_MEMBERSHIP_PATH, WORKSPACE_SEATS_USED_PATH } from "@parley/contracts";
import { createSeenIds, verifyWebhook } from "@parley/contracts/server";
import type { FastifyInstance } from "fastify";
import { membershipOf, seatBreakdown } from "../auth/workspaces";
import type { AuthDb } from "../db";
import { sendError } from "./errors";

/**
 * API → auth: "is this user still a member of this workspace, and with which role?". The API asks
 * on every call made in a shared workspace, so removing a member or changing a role takes effect on
 * their very next call even though their access token is still valid. Signed with the shared
 * AUTH_EVENTS_SECRET over "GET <path>" (the same format as auth events).
 */
export async function workspaceMembershipRoutes(app: FastifyInstance, opts: { db: AuthDb; secret: string }) {
  // A signed lookup is answered once: the same signed request sent again is refused.
  const seen = createSeenIds();
  app.get<{ Params: { workspaceId: string; userId: string } }>(
    WORKSPACE_MEMBERSHIP_PATH,
    async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      const check = verifyWebhook(opts.secret, `GET ${path}`, request.headers);
      if (!check.ok || !seen.first(check.id))
        return sendError(reply, request, "UNAUTHORIZED", "Invalid signature");
      const { workspaceId, userId } = request.params;
      if (workspaceId.length > 200 || userId.length > 200 || `${workspaceId}${userId}`.includes("\u0000")) {
        return sendError(reply, request, "NOT_FOUND", "Not a member");
      }
      const membership = await membershipOf(opts.db, workspaceId, userId);
      reply.header("cache-control", "no-store");
      if (!membership) return sendError(reply, request, "NOT_FOUND", "Not a member");
      return membership;
    },
  );

  // The dashboard's "Team members" usage row: members plus pending invitations.
  app.get<{ Params: { workspaceId: string } }>(WORKSPACE_SEATS_USED_PATH, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const check = verifyWebhook(opts.secret, `GET ${path}`, request.headers);
    if (!check.ok || !seen.first(check.id)) {
      return sendError(reply, request, "UNAUTHORIZED", "Invalid signature");
    }
    const { workspaceId } = request.params;
    if (workspaceId.length > 200 || workspaceId.includes("\u0000"))
      return { used: 0, members: 0, pending: 0 };
    reply.header("cache-control", "no-store");
    return seatBreakdown(opts.db, workspaceId);
  });
}
