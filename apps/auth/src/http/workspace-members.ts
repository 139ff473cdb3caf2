import {
  memberMailSchema,
  WORKSPACE_MEMBER_MAIL_PATH,
  WORKSPACE_MEMBERS_PATH,
  WORKSPACE_SEARCH_PATH,
  type WorkspaceMember,
  workspaceRoleSchema,
} from "@parley/contracts";
import { createSeenIds, verifyWebhook } from "@parley/contracts/server";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AuthDb } from "../db";
import { member, organization, user } from "../db/schema";
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
 * Up to 20 workspaces whose id is `q`, or whose name or a member's address or name begins with it
 * (case-insensitive; each served by an index, so a search stays fast at 100,000 people).
 */
export async function searchWorkspaces(db: AuthDb, q: string) {
  const lower = q.toLowerCase();
  const prefix = `${lower.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const people = db.db
    .select({ id: user.id })
    .from(user)
    .where(
      or(
        sql`lower(${user.email}) like ${prefix} escape '\\'`,
        sql`lower(${user.name}) like ${prefix} escape '\\'`,
      ),
    )
    .limit(50);
  const byMember = db.db
    .select({ id: member.organizationId })
    .from(member)
    .where(inArray(member.userId, people));
  const rows = await db.db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(
      or(
        eq(organization.id, q),
        sql`lower(${organization.name}) like ${prefix} escape '\\'`,
        inArray(organization.id, byMember),
      ),
    )
    .orderBy(asc(organization.createdAt))
    .limit(20);
  return Promise.all(
    rows.map(async (w) => {
      const members = await membersOf(db, w.id);
      const matched: ("workspace" | "name" | "email")[] = [];
      if (w.id === q) matched.push("workspace");
      if (
        w.name.toLowerCase().startsWith(lower) ||
        members.some((m) => m.name.toLowerCase().startsWith(lower))
      )
        matched.push("name");
      if (members.some((m) => m.email.toLowerCase().startsWith(lower))) matched.push("email");
      return { id: w.id, name: w.name, members, matched };
    }),
  );
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

  // The operator's console (API → auth): workspaces by id, name, or a member's address or name.
  // The signature covers the query too, so a signed search cannot be turned into another one.
  app.get<{ Querystring: { q?: string } }>(WORKSPACE_SEARCH_PATH, async (request, reply) => {
    const check = verifyWebhook(opts.secret, `GET ${request.url}`, request.headers);
    if (!check.ok || !seen.first(check.id))
      return sendError(reply, request, "UNAUTHORIZED", "Invalid signature");
    reply.header("cache-control", "no-store");
    const q = typeof request.query.q === "string" ? request.query.q.trim() : "";
    if (q.length < 2 || tooLong(q)) return { workspaces: [] };
    return { workspaces: await searchWorkspaces(opts.db, q) };
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
