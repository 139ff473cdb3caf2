import {
  agentReplySchema,
  eventStreamQuerySchema,
  idText,
  LIVE_LIMITS,
  liveMessageSchema,
  liveStatusSchema,
  workspaceCan,
} from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import { authOf, type MembershipCheck, workspaceOf } from "../../plugins/auth";
import type { Actor, LiveService, Member } from "./live.service";
import type { LiveHub } from "./live-hub";

const idParams = z.object({ id: idText() });

/** `Last-Event-ID` (or `?lastEventId=` where a header cannot be sent): a whole number, else none. */
export function lastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers["last-event-id"];
  const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
  const raw = (Array.isArray(header) ? header[0] : header) ?? query;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** The signed-in member as visitors see them: their name, else their e-mail's local part. */
/** The member, and whether their role may end a conversation another member handles. */
function actorOf(request: FastifyRequest): Actor {
  return { ...memberOf(request), canOverride: workspaceCan(authOf(request).role, "inbox:override") };
}

export function memberOf(request: FastifyRequest): Member {
  const { userId, claims } = authOf(request);
  const name = claims.name.trim() || claims.email.split("@")[0] || "Team";
  return { userId, name: name.slice(0, 80) };
}

/** A member's messages to customers, on every channel: at most so many a minute. */
export const limitAgentMessages = (limiter: RateLimiter, reply: FastifyReply, member: Member) =>
  enforceLimit(
    limiter,
    reply,
    `agent-msg:${member.userId}`,
    LIVE_LIMITS.agentMessagesPerMemberPerMinute,
    60,
    "You're sending messages too quickly. Please wait a moment and try again.",
  );

/**
 * The team's side of live chat (signed in, active workspace, any role that reads the inbox):
 * claim, reply, hand back to the bot, close, typing; and `GET /events`, the workspace's live stream.
 */
export const liveRoutes: FastifyPluginAsyncZod<{
  live: LiveService;
  hub: LiveHub;
  limiter: RateLimiter;
  membership: MembershipCheck;
}> = async (app, { live, hub, limiter, membership }) => {
  app.get("/events", { schema: { querystring: eventStreamQuerySchema } }, async (request, reply) => {
    const workspaceId = workspaceOf(request, "inbox:read");
    const { userId } = authOf(request);
    await hub.openTeam(request, reply, {
      workspaceId: workspaceId,
      userId,
      after: lastEventId(request),
      // A shared workspace: the stream stops when the member is removed (checked before events).
      recheck:
        workspaceId === userId ? undefined : async () => Boolean(await membership(workspaceId, userId)),
    });
  });

  app.post(
    "/conversations/:id/claim",
    { schema: { params: idParams, response: { 200: liveStatusSchema } } },
    async (request) => live.claim(workspaceOf(request, "inbox:read"), memberOf(request), request.params.id),
  );

  app.post(
    "/conversations/:id/messages",
    { schema: { params: idParams, body: agentReplySchema, response: { 201: liveMessageSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "inbox:read");
      const member = memberOf(request);
      await limitAgentMessages(limiter, reply, member);
      const message = await live.reply(workspaceId, member, request.params.id, request.body.content);
      return reply.status(201).send(message);
    },
  );

  app.post(
    "/conversations/:id/release",
    { schema: { params: idParams, response: { 200: liveStatusSchema } } },
    async (request) => live.release(workspaceOf(request, "inbox:read"), actorOf(request), request.params.id),
  );

  app.post(
    "/conversations/:id/close",
    { schema: { params: idParams, response: { 200: liveStatusSchema } } },
    async (request) => live.close(workspaceOf(request, "inbox:read"), actorOf(request), request.params.id),
  );

  app.post("/conversations/:id/typing", { schema: { params: idParams } }, async (request, reply) => {
    const workspaceId = workspaceOf(request, "inbox:read");
    const member = memberOf(request);
    await enforceLimit(
      limiter,
      reply,
      `typing:${member.userId}`,
      LIVE_LIMITS.typingPerMinute,
      60,
      "Too many typing signals. Please wait a moment.",
    );
    await live.agentTyping(workspaceId, member, request.params.id);
    return reply.status(204).send();
  });
};
