import { z } from "zod";
import { nameText } from "../common/names";
import { idText, safeText } from "../common/text";
import { planNamesSchema } from "../plans/plan";

/**
 * Workspace roles (better-auth organization plugin roles on the auth service). The access token
 * carries the active workspace and the member's role; the API re-checks membership on every call
 * to a shared workspace, so a removed or demoted member is refused at once.
 */
export const workspaceRoleSchema = z.enum(["owner", "admin", "agent"]);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/**
 * What each role may do in the API. One table, read by the API's route guards and by the web app
 * to hide what a role cannot use (the API is the one that enforces it).
 * - owner: everything, billing included.
 * - admin: bots, knowledge, inbox, analytics, members (except owners); no billing.
 * - agent: the inbox and conversations of the workspace's bots; bot settings read-only. An agent
 *   may try a bot in the Playground (to check what it tells customers); nothing is stored.
 * Renaming the workspace is the auth service's (better-auth's organization "update" permission is
 * granted from this table too).
 */
export const WORKSPACE_CAPABILITIES = {
  "bots:read": ["owner", "admin", "agent"],
  "bots:write": ["owner", "admin"],
  "playground:use": ["owner", "admin", "agent"],
  "knowledge:read": ["owner", "admin", "agent"],
  "knowledge:write": ["owner", "admin"],
  "inbox:read": ["owner", "admin", "agent"],
  "inbox:delete": ["owner", "admin"],
  /** Hand back to the bot, or close, a conversation another member is handling. */
  "inbox:override": ["owner", "admin"],
  "analytics:read": ["owner", "admin"],
  "data:export": ["owner", "admin"],
  "members:manage": ["owner", "admin"],
  "audit:read": ["owner", "admin"],
  /** Create, list and revoke the workspace's API keys (issue #24). */
  "apiKeys:manage": ["owner", "admin"],
  /** Outgoing webhooks: endpoints, their secrets and delivery logs. */
  "webhooks:manage": ["owner", "admin"],
  /** Messaging channels of a bot (WhatsApp numbers): connect, see the credentials' status, disconnect. */
  "channels:manage": ["owner", "admin"],
  billing: ["owner"],
  /** Rename the workspace (the auth service gives only these roles the organization's "update"). */
  "workspace:rename": ["owner"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspaceCapability = keyof typeof WORKSPACE_CAPABILITIES;

export function workspaceCan(role: WorkspaceRole, capability: WorkspaceCapability): boolean {
  return (WORKSPACE_CAPABILITIES[capability] as readonly WorkspaceRole[]).includes(role);
}

/**
 * What a person types about a workspace, its members and invitations, bounded (issue #25: a
 * 100,000-character workspace name was stored). The auth service refuses a request to the
 * organization plugin with the first message of these schemas; the web app checks its forms with
 * the same schemas.
 */
export const WORKSPACE_NAME_MAX = 80;
/** Workspace slugs are made by the app (`ws-…`), or `personal-<user id>` for a personal workspace. */
export const WORKSPACE_SLUG_MAX = 64;
/** An e-mail address is at most 254 characters, its local part at most 64 (RFC 5321). */
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_PART_MAX = 64;

export const WORKSPACE_NAME_REQUIRED = "Give the workspace a name.";

/**
 * The owner's name in a personal workspace's name as sign-up makes it, in English ("Olivia's
 * workspace" → "Olivia", migration 0002's trigger), or undefined for any other name (renamed or
 * shared). E-mails and screens name such a workspace in the reader's language instead.
 */
export function signUpNameOwner(workspaceName: string): string | undefined {
  return /^(.+)'s workspace$/s.exec(workspaceName)?.[1];
}

/** A workspace's name, by the one rule for names people see (`nameText`). */
export const workspaceNameSchema = nameText({
  max: WORKSPACE_NAME_MAX,
  tooLong: `A workspace name can be at most ${WORKSPACE_NAME_MAX} characters long.`,
  required: WORKSPACE_NAME_REQUIRED,
  line: "A workspace name is one line of text: remove line breaks, tabs and other control characters.",
});

/**
 * A member's display name (better-auth's `user.name`), typed at sign-up, in the account page or by
 * an administrator: shown to the team, in mails ("Olivia invited you…") and to visitors beside a
 * member's reply, so it follows the same rule as a workspace's name (issue #35: a name with CR/LF
 * and 10,000 characters was stored and put into an invitation's subject).
 */
export const MEMBER_NAME_MAX = 120;
export const MEMBER_NAME_REQUIRED = "Please enter your name.";
export const memberNameSchema = nameText({
  max: MEMBER_NAME_MAX,
  tooLong: `A name can be at most ${MEMBER_NAME_MAX} characters long.`,
  required: MEMBER_NAME_REQUIRED,
  line: "A name is one line of text: remove line breaks, tabs and other control characters.",
});

const SLUG_MESSAGE = `A workspace's address can be at most ${WORKSPACE_SLUG_MAX} characters: lowercase letters, digits and single dashes.`;
export const workspaceSlugSchema = z
  .string()
  .max(WORKSPACE_SLUG_MAX, SLUG_MESSAGE)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_MESSAGE);

export const INVALID_EMAIL_MESSAGE = "Enter a valid email address, like name@company.com.";
/** An invitation's address (better-auth checks the rest of its form). */
export const invitationEmailSchema = z
  .string()
  .max(EMAIL_MAX, INVALID_EMAIL_MESSAGE)
  .refine((v) => {
    const at = v.lastIndexOf("@");
    return at > 0 && at <= EMAIL_LOCAL_PART_MAX;
  }, INVALID_EMAIL_MESSAGE);

/**
 * Ids and the e-mail-or-id of a member sent to the organization plugin (organizationId,
 * invitationId, memberId, memberIdOrEmail, organizationSlug, userId, teamId): only looked up,
 * never stored as sent, but bounded like every other id.
 */
export const workspaceRefSchema = safeText().max(EMAIL_MAX);

export const WORKSPACE_EXTRAS_MESSAGE =
  "A workspace has a name only here: its logo and metadata cannot be set.";

/** A new workspace: a name, and the slug the app makes for it. */
export const workspaceCreateSchema = z.object({
  name: workspaceNameSchema,
  slug: workspaceSlugSchema,
});
export type WorkspaceCreate = z.infer<typeof workspaceCreateSchema>;

/** Auth → API (signed like auth events): how many seats the workspace's plan allows. */
export const WORKSPACE_SEATS_PATH = "/api/internal/workspaces/:workspaceId/seats";
export const workspaceSeatsSchema = z.object({
  workspaceId: idText(),
  /** Members plus pending invitations may not exceed this. */
  limit: z.number().int().nonnegative(),
  planName: z.string(),
});
export type WorkspaceSeats = z.infer<typeof workspaceSeatsSchema>;

/** API → auth (signed): is this user a member of this workspace, and with which role? */
export const WORKSPACE_MEMBERSHIP_PATH = "/internal/workspaces/:workspaceId/members/:userId";
export const workspaceMembershipSchema = z.object({ role: workspaceRoleSchema });
export type WorkspaceMembership = z.infer<typeof workspaceMembershipSchema>;

/**
 * API → auth (signed over "GET <path>"): the workspace's members, with what a notification e-mail
 * needs (address, name, saved language). A personal workspace lists its owner (and anyone invited
 * into it). Members only: pending invitations are not listed.
 */
export const WORKSPACE_MEMBERS_PATH = "/internal/workspaces/:workspaceId/members";
export const workspaceMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: workspaceRoleSchema,
  /** The user's saved language; null when they never chose one (mails are then in English). */
  locale: z.enum(["en", "ar"]).nullable(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const workspaceMembersSchema = z.object({ members: z.array(workspaceMemberSchema) });

/**
 * API → auth (signed over "GET <path and query>"): the operator's console looks workspaces up by
 * id, name, or a member's e-mail or name (at most 20), each with its name and members.
 */
export const WORKSPACE_SEARCH_PATH = "/internal/workspace-search";
export const workspaceSearchSchema = z.object({
  workspaces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      members: z.array(workspaceMemberSchema),
      matched: z.array(z.enum(["workspace", "name", "email"])),
    }),
  ),
});
export type WorkspaceSearch = z.infer<typeof workspaceSearchSchema>;
export type WorkspaceMembers = z.infer<typeof workspaceMembersSchema>;

/**
 * API → auth (signed over "POST <path>\n<body>"): send this e-mail to a member of the workspace.
 * The auth service holds the SMTP settings and the member's current address; it answers 404 when
 * the user is no longer a member (nothing is sent), 502 when the mail server refused it.
 */
export const WORKSPACE_MEMBER_MAIL_PATH = "/internal/workspaces/:workspaceId/members/:userId/mail";
export const memberMailSchema = z.object({
  /** What the mail is about (logged; the dev mailbox shows it). */
  topic: z.enum([
    "handoff",
    "lead",
    "digest",
    "webhook_disabled",
    "channel_needs_attention",
    "source_sync",
    "bot_suspended",
  ]),
  language: z.enum(["en", "ar"]),
  subject: safeText().min(1).max(300),
  text: safeText().min(1).max(100_000),
  html: safeText().min(1).max(300_000),
  /** The mail's main link (the conversation, or the inbox for a digest). */
  link: safeText().max(2000),
});
export type MemberMail = z.infer<typeof memberMailSchema>;

/** API → auth (signed): seats in use (members + pending invitations), for the usage row. */
export const WORKSPACE_SEATS_USED_PATH = "/internal/workspaces/:workspaceId/seats-used";
export const workspaceSeatsUsedSchema = z.object({
  used: z.number().int().nonnegative(),
  members: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type WorkspaceSeatsUsed = z.infer<typeof workspaceSeatsUsedSchema>;

/**
 * `GET /api/workspace/seats` (owners and admins): the active workspace's seats. A downgrade that
 * took effect at period end can leave more members (or members plus pending invitations) than
 * the new plan's seats: nobody is removed, the workspace is over its seats until the owner
 * removes members, revokes invitations or upgrades; meanwhile no invitation can be sent.
 */
export const workspaceSeatStatusSchema = z.object({
  planName: z.string(),
  planNames: planNamesSchema,
  limit: z.number().int().nonnegative(),
  members: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  /** members + pending */
  used: z.number().int().nonnegative(),
  /** used > limit */
  overLimit: z.boolean(),
  /** Members the owner must remove (beyond revoking every invitation) to fit the plan. */
  membersOver: z.number().int().nonnegative(),
});
export type WorkspaceSeatStatus = z.infer<typeof workspaceSeatStatusSchema>;

/** Audit log entries (API table `audit_log`), newest first. */
export const auditActionSchema = z.enum([
  "member.invited",
  "invitation.canceled",
  "member.joined",
  "member.removed",
  "member.left",
  "member.role_changed",
  "workspace.created",
  "workspace.renamed",
  "bot.created",
  "bot.updated",
  "bot.deleted",
  "knowledge.deleted",
  "conversation.deleted",
  "plan.changed",
  "plan.downgrade_scheduled",
  "plan.downgrade_canceled",
  "api_key.created",
  "api_key.revoked",
  /** A request made with an API key that changed nothing (a read, a question): one per request. */
  "api_key.used",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "webhook.disabled",
  "channel.connected",
  "channel.disconnected",
  /** The provider refused the channel's credentials (a revoked token): sending stopped. */
  "channel.needs_attention",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: auditActionSchema,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The actor's current name (null: unknown to the API, or an automatic change). */
  actorName: z.string().nullable(),
  target: z.string().nullable(),
  /**
   * The target's current name: a person who was a member (by their e-mail), or a bot that still
   * exists. Null otherwise (a deleted bot: its name at the time is in `details.name`).
   */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
/** `GET /api/workspace/audit-log`: with `include=api-use`, each use of an API key is listed too. */
export const auditQuerySchema = z.object({ include: z.literal("api-use").optional() });
export type AuditList = z.infer<typeof auditListSchema>;

/** The audit event the auth service reports for membership changes (through its outbox). */
export const workspaceAuditEventDataSchema = z.object({
  workspaceId: idText(),
  action: auditActionSchema,
  actorId: idText().nullable(),
  actorEmail: safeText().max(320).nullable(),
  target: safeText().max(320).nullable(),
  details: z
    .record(z.string(), z.union([z.string().max(320), z.number(), z.boolean(), z.null()]))
    .default({}),
});
