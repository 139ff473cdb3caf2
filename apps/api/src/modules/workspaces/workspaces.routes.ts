import {
  auditListSchema,
  auditQuerySchema,
  idText,
  type WorkspaceSeatStatus,
  type WorkspaceSeats,
  workspaceSeatStatusSchema,
} from "@parley/contracts";
import { verifyWebhook } from "@parley/contracts/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import type { ReplayGuard } from "../../lib/replay-guard";
import { workspaceOf } from "../../plugins/auth";
import type { EntitlementsService } from "../entitlements/entitlements.service";
import type { AuditService } from "./audit.service";
import type { SeatsUsedClient } from "./seats-client";

/**
 * `GET /api/internal/workspaces/:workspaceId/seats` — the auth service asks how many seats
 * (members + pending invitations) the workspace's plan allows before it sends an invitation.
 * Signed with the shared AUTH_EVENTS_SECRET over "GET <path>".
 */
export const workspaceSeatsRoutes: FastifyPluginAsyncZod<{
  entitlements: EntitlementsService;
  secret: string;
  /** A signed lookup is answered once: the same signed request sent again is refused. */
  replays: ReplayGuard;
}> = async (app, { entitlements, secret, replays }) => {
  app.get(
    "/internal/workspaces/:workspaceId/seats",
    { schema: { params: z.object({ workspaceId: idText() }) } },
    async (request): Promise<WorkspaceSeats> => {
      const path = request.url.split("?")[0] ?? "";
      const check = verifyWebhook(secret, `GET ${path}`, request.headers);
      if (!check.ok || !(await replays.first(check.id)))
        throw new AppError("SIGNATURE_INVALID", "Request signature is invalid");
      const { planName, limits } = await entitlements.limits(request.params.workspaceId);
      return { workspaceId: request.params.workspaceId, limit: limits.teamMembers, planName };
    },
  );
};

/** `GET /api/workspace/audit-log`: the active workspace's audit log (owners and admins). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    "/workspace/audit-log",
    { schema: { querystring: auditQuerySchema, response: { 200: auditListSchema } } },
    async (request) => ({
      entries: await audit.list(workspaceOf(request, "audit:read"), {
        apiUse: request.query.include === "api-use",
      }),
    }),
  );
};

/**
 * `GET /api/workspace/seats`: the active workspace's seats against its plan (owners and admins).
 * After a downgrade to fewer seats nobody is removed: `overLimit` tells the Team page to ask the
 * owner who stays.
 */
export const seatStatusRoutes: FastifyPluginAsyncZod<{
  entitlements: EntitlementsService;
  seats: Pick<SeatsUsedClient, "breakdown">;
}> = async (app, { entitlements, seats }) => {
  app.get(
    "/workspace/seats",
    { schema: { response: { 200: workspaceSeatStatusSchema } } },
    async (request, reply): Promise<WorkspaceSeatStatus> => {
      const workspaceId = workspaceOf(request, "members:manage");
      const [{ planName, planNames, limits }, used] = await Promise.all([
        entitlements.limits(workspaceId),
        seats.breakdown(workspaceId),
      ]);
      if (!used) {
        throw AppError.of("SERVICE_UNAVAILABLE", "session.weCouldNotCountWorkspaces");
      }
      reply.header("cache-control", "no-store");
      const limit = limits.teamMembers;
      return {
        planName,
        planNames,
        limit,
        members: used.members,
        pending: used.pending,
        used: used.used,
        overLimit: used.used > limit,
        membersOver: Math.max(0, used.members - limit),
      };
    },
  );
};
