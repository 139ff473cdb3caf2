import {
  memberMailSchema,
  WORKSPACE_MEMBER_MAIL_PATH,
  WORKSPACE_MEMBERS_PATH,
  type WorkspaceMember,
  workspaceRoleSchema,
} from "@parley/contracts";
import { createSeenIds, verifyWebhook } from "@parley/contracts/server";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AuthDb } from "../db";
import { member, user } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { sendError } from "./errors";

const tooLong = (...ids: string[]) => ids.some((id) => id.length > 200 || id.includes("\u0000"));

/** The members of a workspace with their address, name and saved language, oldest member first. */
export async function membersOf(db: AuthDb, workspaceId: string): Promise<WorkspaceMember[]> {
  const rows = await db.db
    .select({
      userId: member.userId,
      role: member.role,
      email: user.email,
      name: user.name,
      locale: user.locale,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, workspaceId))
    .orderBy(asc(member.createdAt), asc(member.id));
  return rows.flatMap((r) => {
    const role = workspaceRoleSchema.safeParse(r.role);
    if (!role.success) return [];
    return [
      {
        userId: r.userId,
        email: r.email,
        name: r.name,
        role: role.data,
        locale: r.locale === "en" || r.locale === "ar" ? r.locale : null,
      },
    ];
  });
}

/**
 * API → auth, for the API's notification e-mails (live chat: a visitor asks for a person, a new
 * lead). Both signed with the shared AUTH_EVENTS_SECRET, each signature answered once:
 * - `GET …/members`: who is in the workspace, with address, name and saved language;
 * - `POST …/members/:userId/mail`: send a mail the API wrote to that member. The address is read
 *   here at send time (the member's current one), and nothing goes to a user who is no longer a
 *   member: a mail queued before a removal is dropped. The signature covers the method, the path
 *   and the exact body, so a signed mail cannot be replayed to someone else.
 */
export async function workspaceMembersRoutes(
  app: FastifyInstance,
  opts: { db: AuthDb; secret: string; mailer: Mailer },
) {
  const seen = createSeenIds();
  // The mail route's signature covers the exact bytes sent: read the body raw (this scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.get<{ Params: { workspaceId: string } }>(WORKSPACE_MEMBERS_PATH, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const check = verifyWebhook(opts.secret, `GET ${path}`, request.headers);
    if (!check.ok || !seen.first(check.id))
      return sendError(reply, request, "UNAUTHORIZED", "Invalid signature");
    reply.header("cache-control", "no-store");
    const { workspaceId } = request.params;
    if (tooLong(workspaceId)) return { members: [] };
    return { members: await membersOf(opts.db, workspaceId) };
  });

  app.post<{ Params: { workspaceId: string; userId: string } }>(
    WORKSPACE_MEMBER_MAIL_PATH,
    async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      const raw = typeof request.body === "string" ? request.body : "";
      const check = verifyWebhook(opts.secret, `POST ${path}\n${raw}`, request.headers);
      if (!check.ok || !seen.first(check.id))
        return sendError(reply, request, "UNAUTHORIZED", "Invalid signature");
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return sendError(reply, request, "BAD_REQUEST", "The body is not JSON");
      }
      const mail = memberMailSchema.safeParse(parsed);
      if (!mail.success) return sendError(reply, request, "BAD_REQUEST", "Malformed mail");
      const { workspaceId, userId } = request.params;
      if (tooLong(workspaceId, userId)) return sendError(reply, request, "NOT_FOUND", "Not a member");
      const [recipient] = await opts.db.db
        .select({ email: user.email })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, workspaceId), eq(member.userId, userId)));
      if (!recipient) return sendError(reply, request, "NOT_FOUND", "Not a member");
      try {
        await opts.mailer.send({
          kind: "workspace-notification",
          to: recipient.email,
          subject: mail.data.subject,
          text: mail.data.text,
          html: mail.data.html,
          link: mail.data.link,
          language: mail.data.language,
        });
      } catch (err) {
        request.log.warn({ err, topic: mail.data.topic }, "notification mail not sent");
        return sendError(reply, request, "SERVICE_UNAVAILABLE", "The mail server did not take the mail");
      }
      request.log.info({ topic: mail.data.topic, workspaceId }, "notification mail sent");
      return { sent: true };
    },
  );
}
