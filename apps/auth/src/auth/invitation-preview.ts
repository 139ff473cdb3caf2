import type { InvitationPreview } from "@parley/contracts";
import { cleanName, MEMBER_NAME_MAX, WORKSPACE_NAME_MAX } from "@parley/contracts";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AuthDb } from "../db";
import { invitation, organization, user } from "../db/schema";
import { invitationWorkspaceNaming } from "./workspaces";

/**
 * `GET /invitation-preview?id=…`: what the holder of an invitation link may see before signing in,
 * so the sign-in and sign-up pages can say who invited them to which workspace and prefill the
 * invited address (issue #25). Only what the invitation e-mail already told its reader:
 * - a pending invitation: the invited address, the workspace's name (or, for a personal workspace
 *   still under its sign-up name, its owner's name), the inviter's name, the role and the expiry;
 * - any other: its status only (expired, canceled, accepted, rejected), nothing that may have
 *   changed since (a renamed workspace stays unknown to someone whose invitation was withdrawn).
 * Unknown ids answer 404. Ids are better-auth's 32 random characters, and the lookup is rate
 * limited per client address on one path (the id is a query parameter, so guessing many ids
 * spends one budget).
 */
export const INVITATION_PREVIEW_PATH = "/invitation-preview";

/** Lookups per client address per minute: a person opens the link a few times, a script many. */
export const INVITATION_PREVIEW_LIMIT = { window: 60, max: 20 } as const;

export type { InvitationPreview };

const querySchema = z.object({
  // better-auth's ids are 32 letters and digits; anything far from that is not looked up.
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "Not an invitation id"),
});

const notFound = () =>
  APIError.from("NOT_FOUND", {
    code: "INVITATION_NOT_FOUND",
    message: "We could not find this invitation. Check the link in your e-mail.",
  });

/** An invitation with its inviter and workspace, or undefined. */
async function invitationRow(db: AuthDb, id: string) {
  const [row] = await db.db
    .select({
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      inviterId: invitation.inviterId,
      inviterName: user.name,
      inviterEmail: user.email,
      workspaceId: organization.id,
      workspaceName: organization.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, id))
    .limit(1);
  return row;
}

export async function invitationPreview(
  db: AuthDb,
  id: string,
  now = new Date(),
): Promise<InvitationPreview | null> {
  const row = await invitationRow(db, id);
  if (!row) return null;
  if (row.status === "canceled" || row.status === "accepted" || row.status === "rejected")
    return { status: row.status };
  if (row.status !== "pending") return { status: "canceled" };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  const naming = await invitationWorkspaceNaming(
    db,
    { id: row.workspaceId, name: row.workspaceName },
    row.inviterId,
  );
  return {
    status: "pending",
    email: row.email,
    workspaceName: shownWorkspaceName(row.workspaceName),
    ...(naming.personalOwner === undefined ? {} : { personalOwner: shownPersonName(naming.personalOwner) }),
    inviterIsOwner: naming.inviterIsOwner,
    inviterName: shownPersonName(row.inviterName) || row.inviterEmail,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Names as an invitation shows them: typed names are refused with direction overrides, but a
 * name stored before that rule (or from a social profile) is shown without any bidi control or
 * line break (`cleanName`), so it cannot reorder the sentence it sits in. Empty when nothing
 * visible is left.
 */
const shownPersonName = (name: string) => cleanName(name, MEMBER_NAME_MAX);
const shownWorkspaceName = (name: string) => cleanName(name, WORKSPACE_NAME_MAX) || name.trim();

/**
 * What `GET /organization/get-invitation` adds to better-auth's answer (it answers only the
 * signed-in recipient of a pending invitation, with `inviterEmail` and `organizationName`), so
 * the web app's invitation page names people as sign-in did: the inviter's display name when
 * they have one (absent otherwise: the page shows `inviterEmail`), and how the workspace is named
 * (`personalOwner`, `inviterIsOwner`: see `invitationWorkspaceNaming`).
 */
export async function invitationNames(
  db: AuthDb,
  invitationId: string,
): Promise<{
  inviterName?: string;
  organizationName?: string;
  personalOwner?: string;
  inviterIsOwner: boolean;
} | null> {
  const row = await invitationRow(db, invitationId);
  if (!row) return null;
  const naming = await invitationWorkspaceNaming(
    db,
    { id: row.workspaceId, name: row.workspaceName },
    row.inviterId,
  );
  const inviterName = shownPersonName(row.inviterName);
  const personalOwner = naming.personalOwner === undefined ? "" : shownPersonName(naming.personalOwner);
  return {
    ...(inviterName ? { inviterName } : {}),
    organizationName: shownWorkspaceName(row.workspaceName),
    ...(personalOwner ? { personalOwner } : {}),
    inviterIsOwner: naming.inviterIsOwner,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

export function parleyInvitationPreview(deps: { db: AuthDb }): BetterAuthPlugin {
  return {
    id: "parley-invitation-preview",
    endpoints: {
      invitationPreview: createAuthEndpoint(
        INVITATION_PREVIEW_PATH,
        { method: "GET", query: querySchema },
        async (ctx) => {
          ctx.setHeader("cache-control", "no-store");
          const preview = await invitationPreview(deps.db, ctx.query.id);
          if (!preview) throw notFound();
          return ctx.json(preview);
        },
      ),
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/organization/get-invitation",
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            // Only better-auth's own answer to the recipient: an error (not signed in, another
            // person's or another workspace's invitation) stays as it is, naming nobody.
            if (!isRecord(returned) || isAPIError(returned) || returned instanceof Response) return;
            if (typeof returned.id !== "string") return;
            const names = await invitationNames(deps.db, returned.id);
            if (!names) return;
            return ctx.json({ ...returned, ...names });
          }),
        },
      ],
    },
    rateLimit: [{ pathMatcher: (path) => path === INVITATION_PREVIEW_PATH, ...INVITATION_PREVIEW_LIMIT }],
  };
}
