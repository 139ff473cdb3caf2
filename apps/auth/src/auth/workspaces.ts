import {
  type AuditAction,
  INVALID_EMAIL_MESSAGE,
  invitationEmailSchema,
  signUpNameOwner,
  WORKSPACE_EXTRAS_MESSAGE,
  WORKSPACE_SEATS_PATH,
  type WorkspaceRole,
  workspaceCan,
  workspaceNameSchema,
  workspaceRefSchema,
  workspaceRoleSchema,
  workspaceSeatsSchema,
  workspaceSlugSchema,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { createAccessControl } from "better-auth/plugins/access";
import { and, count, eq, gt } from "drizzle-orm";
import type { AuthDb } from "../db";
import { authEventOutbox, invitation, member, user } from "../db/schema";

/**
 * Workspaces are better-auth organizations. The statements are the plugin's own (organization,
 * member, invitation, team, ac); what a role may do in the product (bots, inbox, billing) is the
 * API's table, WORKSPACE_CAPABILITIES in @parley/contracts.
 */
const statements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
  ac: ["create", "read", "update", "delete"],
} as const;

export const workspaceAc = createAccessControl(statements);

/** Renaming follows the API's table (WORKSPACE_CAPABILITIES "workspace:rename"): owners only. */
const renames = (role: WorkspaceRole) =>
  workspaceCan(role, "workspace:rename") ? (["update"] as const) : [];

/**
 * owner: everything. admin: members and invitations (the plugin itself stops an admin from
 * inviting, promoting, demoting or removing an owner). agent: nothing here.
 */
export const workspaceRoles = {
  owner: workspaceAc.newRole({
    organization: [...renames("owner"), "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: [],
    ac: ["read"],
  }),
  admin: workspaceAc.newRole({
    organization: [...renames("admin")],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: [],
    ac: ["read"],
  }),
  agent: workspaceAc.newRole({
    organization: [...renames("agent")],
    member: [],
    invitation: [],
    team: [],
    ac: ["read"],
  }),
};

/** Invitations expire after 7 days; a resend starts the 7 days again. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;

export const SEAT_LIMIT_CODE = "SEAT_LIMIT_REACHED";

export function seatLimitMessage(limit: number, planName: string): string {
  const seats = limit === 1 ? "1 seat" : `${limit} seats`;
  return `Your ${planName} plan includes ${seats}, and every seat is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.`;
}

export interface WorkspaceDeps {
  db: AuthDb;
  /** Base URL of the API (seat limits come from the workspace's plan there). */
  apiUrl: string;
  secret: string;
  fetch?: typeof fetch;
}

/** A personal workspace has the id of its owner (migration 0002). */
export const isPersonalWorkspace = (workspaceId: string, userId: string) => workspaceId === userId;

/** How an invitation mail names a workspace (see `InvitationDetails.personalOwner`). */
export async function invitationWorkspaceNaming(
  db: AuthDb,
  workspace: { id: string; name: string },
  inviterId: string,
): Promise<{ personalOwner?: string; inviterIsOwner: boolean }> {
  const inviterIsOwner = isPersonalWorkspace(workspace.id, inviterId);
  const personal =
    inviterIsOwner ||
    (await db.db.select({ id: user.id }).from(user).where(eq(user.id, workspace.id))).length > 0;
  const owner = personal ? signUpNameOwner(workspace.name) : undefined;
  return owner === undefined ? { inviterIsOwner } : { personalOwner: owner, inviterIsOwner };
}

/** The active workspace and the member's role, for the access token. */
export async function activeWorkspaceOf(
  db: AuthDb,
  userId: string,
  activeOrganizationId: string | null | undefined,
): Promise<{ workspaceId: string; workspaceRole: WorkspaceRole }> {
  if (activeOrganizationId && activeOrganizationId !== userId) {
    const [row] = await db.db
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, activeOrganizationId), eq(member.userId, userId)));
    const role = workspaceRoleSchema.safeParse(row?.role);
    if (role.success) return { workspaceId: activeOrganizationId, workspaceRole: role.data };
  }
  // No active workspace, or no longer a member of it: the personal workspace.
  return { workspaceId: userId, workspaceRole: "owner" };
}

export async function membershipOf(db: AuthDb, workspaceId: string, userId: string) {
  const [row] = await db.db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.userId, userId)));
  const role = workspaceRoleSchema.safeParse(row?.role);
  return role.success ? { role: role.data } : undefined;
}

/** Seats in use: members plus pending, unexpired invitations. */
export async function seatsUsed(db: AuthDb, workspaceId: string) {
  const { used } = await seatBreakdown(db, workspaceId);
  return used;
}

/** Members and pending, unexpired invitations, counted separately and together. */
export async function seatBreakdown(db: AuthDb, workspaceId: string) {
  const [members] = await db.db
    .select({ n: count() })
    .from(member)
    .where(eq(member.organizationId, workspaceId));
  const [pending] = await db.db
    .select({ n: count() })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, workspaceId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    );
  const m = members?.n ?? 0;
  const p = pending?.n ?? 0;
  return { used: m + p, members: m, pending: p };
}

export function createSeatCheck(deps: WorkspaceDeps) {
  const doFetch = deps.fetch ?? fetch;
  async function seatLimit(workspaceId: string) {
    const path = WORKSPACE_SEATS_PATH.replace(":workspaceId", encodeURIComponent(workspaceId));
    let res: Response;
    try {
      res = await doFetch(`${deps.apiUrl.replace(/\/+$/, "")}${path}`, {
        headers: { ...signWebhook(deps.secret, `GET ${path}`) },
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw seatsUnavailable();
    }
    if (!res.ok) throw seatsUnavailable();
    const parsed = workspaceSeatsSchema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw seatsUnavailable();
    return parsed.data;
  }
  return {
    seatLimit,
    /** Throws a clear FORBIDDEN when one more seat would exceed the workspace's plan. */
    async assertSeatFree(workspaceId: string) {
      const [seats, used] = await Promise.all([seatLimit(workspaceId), seatsUsed(deps.db, workspaceId)]);
      if (used >= seats.limit) {
        throw APIError.from("FORBIDDEN", {
          code: SEAT_LIMIT_CODE,
          message: seatLimitMessage(seats.limit, seats.planName),
        });
      }
    },
  };
}

function seatsUnavailable() {
  return APIError.from("SERVICE_UNAVAILABLE", {
    code: "SEATS_UNAVAILABLE",
    message: "We could not check your plan's seats just now. Please try again in a moment.",
  });
}

/** Writes an audit entry for the API, delivered by the outbox (at least once, retried). */
export async function recordAudit(
  db: AuthDb,
  entry: {
    workspaceId: string;
    action: AuditAction;
    actorId: string | null;
    actorEmail: string | null;
    target: string | null;
    details?: Record<string, string | number | boolean | null>;
  },
) {
  await db.db.insert(authEventOutbox).values({
    type: "workspace.audit",
    data: { ...entry, details: entry.details ?? {} },
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** The ids (and member e-mail) the plugin's routes take in a body or query: looked up, bounded. */
const REF_FIELDS = [
  "organizationId",
  "invitationId",
  "memberId",
  "memberIdOrEmail",
  "organizationSlug",
  "userId",
  "teamId",
  "id",
] as const;

/**
 * The first bound a workspace request breaks, as the error the web app shows beside the field:
 * the name and slug of a new or renamed workspace, the slug checked for availability, and every
 * id. A logo or metadata is refused: Parley shows neither, and metadata is ours.
 */
export function workspaceFieldRefusal(
  path: string,
  body: unknown,
  query: unknown,
): { code: string; message: string } | undefined {
  const fields = isRecord(body) ? body : {};
  const workspace =
    path === "/organization/create"
      ? fields
      : path === "/organization/update" && isRecord(fields.data)
        ? fields.data
        : path === "/organization/check-slug"
          ? { slug: fields.slug }
          : undefined;
  if (workspace) {
    const first = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
      result.success ? undefined : result.error?.issues[0]?.message;
    if (typeof workspace.name === "string") {
      const message = first(workspaceNameSchema.safeParse(workspace.name));
      if (message) return { code: "WORKSPACE_NAME_INVALID", message };
    }
    if (typeof workspace.slug === "string") {
      const message = first(workspaceSlugSchema.safeParse(workspace.slug));
      if (message) return { code: "WORKSPACE_SLUG_INVALID", message };
    }
    if (path !== "/organization/check-slug" && (workspace.logo != null || workspace.metadata != null)) {
      return { code: "WORKSPACE_FIELD_NOT_ALLOWED", message: WORKSPACE_EXTRAS_MESSAGE };
    }
  }
  for (const record of [fields, isRecord(query) ? query : {}]) {
    for (const field of REF_FIELDS) {
      const value = record[field];
      if (typeof value !== "string") continue;
      const parsed = workspaceRefSchema.safeParse(value);
      if (!parsed.success) {
        return { code: "VALIDATION_ERROR", message: parsed.error.issues[0]?.message ?? "Invalid request" };
      }
    }
  }
  return undefined;
}

const ROLE_PATHS = new Set(["/organization/invite-member", "/organization/update-member-role"]);

/**
 * Parley's rules on top of the organization plugin:
 * - roles are only owner, admin and agent (the plugin would also take its default "member");
 * - the owner of a personal workspace can never leave it, be removed or demoted, and a personal
 *   workspace is not deleted on its own (it goes with the account);
 * - every membership change is written to the workspace's audit log.
 */
export function parleyWorkspaces(deps: { db: AuthDb; onAudit?: () => void }): BetterAuthPlugin {
  return {
    id: "parley-workspaces",
    hooks: {
      before: [
        {
          // Issue #25: every text a person sends about a workspace is bounded, before the plugin
          // stores or looks up anything.
          matcher: (ctx) => (ctx.path ?? "").startsWith("/organization/"),
          handler: createAuthMiddleware(async (ctx) => {
            const refusal = workspaceFieldRefusal(ctx.path ?? "", ctx.body, ctx.query);
            if (refusal) throw APIError.from("BAD_REQUEST", refusal);
          }),
        },
        {
          matcher: (ctx) => ROLE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = isRecord(ctx.body) ? ctx.body.email : undefined;
            // An address is at most 254 characters with a local part of at most 64 (RFC 5321);
            // the plugin's own check would take any length.
            if (ctx.path === "/organization/invite-member") {
              if (typeof email !== "string" || !invitationEmailSchema.safeParse(email).success) {
                throw APIError.from("BAD_REQUEST", { code: "INVALID_EMAIL", message: INVALID_EMAIL_MESSAGE });
              }
            }
            const role: unknown = isRecord(ctx.body) ? ctx.body.role : undefined;
            const roles = Array.isArray(role) ? role : [role];
            if (roles.length !== 1 || !workspaceRoleSchema.safeParse(roles[0]).success) {
              throw APIError.from("BAD_REQUEST", {
                code: "ROLE_NOT_FOUND",
                message: "Choose one role: owner, admin or agent.",
              });
            }
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === "/organization/leave" ||
            ctx.path === "/organization/remove-member" ||
            ctx.path === "/organization/update-member-role" ||
            ctx.path === "/organization/delete",
          handler: createAuthMiddleware(async (ctx) => {
            const body = isRecord(ctx.body) ? ctx.body : {};
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // the endpoint answers 401 itself
            const orgId = str(body.organizationId) ?? session.session.activeOrganizationId ?? undefined;
            if (!orgId) return;
            const personalRefusal = () =>
              APIError.from("BAD_REQUEST", {
                code: "PERSONAL_WORKSPACE_OWNER",
                message:
                  "The owner of a personal workspace always stays its owner. It is deleted with their account.",
              });
            if (ctx.path === "/organization/delete") {
              if (str(body.organizationId) === session.user.id || orgId === session.user.id)
                throw personalRefusal();
              return;
            }
            if (ctx.path === "/organization/leave") {
              if (orgId === session.user.id) throw personalRefusal();
              return;
            }
            // remove-member takes a member id or an e-mail; update-member-role a member id.
            const target = str(body.memberIdOrEmail) ?? str(body.memberId);
            if (!target) return;
            const [row] = await deps.db.db
              .select({ userId: member.userId })
              .from(member)
              .where(and(eq(member.organizationId, orgId), eq(member.id, target)));
            const personalOwner =
              row?.userId === orgId ||
              (target.includes("@") && (await personalOwnerEmail(deps.db, orgId)) === target.toLowerCase());
            const demoting = ctx.path === "/organization/update-member-role" && body.role !== "owner";
            if (personalOwner && (ctx.path === "/organization/remove-member" || demoting))
              throw personalRefusal();
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => AUDITED_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (!isRecord(returned) || isAPIError(returned) || returned instanceof Response) return;
            const session = await getSessionFromCtx(ctx);
            const actorId = session?.user.id ?? null;
            const actorEmail = session?.user.email ?? null;
            const audit = (
              workspaceId: unknown,
              action: AuditAction,
              target: string | null,
              details?: Record<string, string | null>,
            ) =>
              typeof workspaceId === "string"
                ? recordAudit(deps.db, { workspaceId, action, actorId, actorEmail, target, details }).then(
                    () => deps.onAudit?.(),
                  )
                : undefined;
            const body = isRecord(ctx.body) ? ctx.body : {};
            switch (ctx.path) {
              case "/organization/invite-member":
                await audit(returned.organizationId, "member.invited", str(returned.email) ?? null, {
                  role: str(returned.role) ?? null,
                  resend: body.resend === true ? "yes" : "no",
                });
                break;
              case "/organization/cancel-invitation":
                await audit(returned.organizationId, "invitation.canceled", str(returned.email) ?? null);
                break;
              case "/organization/accept-invitation": {
                const m = isRecord(returned.member) ? returned.member : {};
                await audit(m.organizationId, "member.joined", actorEmail, { role: str(m.role) ?? null });
                break;
              }
              case "/organization/remove-member": {
                const m = isRecord(returned.member) ? returned.member : {};
                await audit(m.organizationId, "member.removed", await emailOf(deps.db, str(m.userId)), {
                  role: str(m.role) ?? null,
                });
                break;
              }
              case "/organization/update-member-role":
                await audit(
                  returned.organizationId,
                  "member.role_changed",
                  await emailOf(deps.db, str(returned.userId)),
                  { role: str(returned.role) ?? null },
                );
                break;
              case "/organization/leave":
                await audit(returned.organizationId, "member.left", actorEmail);
                break;
              // The workspace's name as it was given (the log shows it quoted).
              case "/organization/create":
                await audit(returned.id, "workspace.created", null, { name: str(returned.name) ?? null });
                break;
              case "/organization/update":
                if (isRecord(body.data) && typeof body.data.name === "string")
                  await audit(returned.id, "workspace.renamed", null, { name: str(returned.name) ?? null });
                break;
            }
          }),
        },
      ],
    },
  };
}

const AUDITED_PATHS = new Set([
  "/organization/invite-member",
  "/organization/cancel-invitation",
  "/organization/accept-invitation",
  "/organization/remove-member",
  "/organization/update-member-role",
  "/organization/leave",
  "/organization/create",
  "/organization/update",
]);

async function emailOf(db: AuthDb, userId: string | undefined): Promise<string | null> {
  if (!userId) return null;
  const row = await db.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, userId) });
  return row?.email ?? null;
}

async function personalOwnerEmail(db: AuthDb, workspaceId: string) {
  return (await emailOf(db, workspaceId))?.toLowerCase();
}
