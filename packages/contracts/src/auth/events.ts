import { z } from "zod";
import { cleanName } from "../common/names";
import { idText, safeText, stripNul } from "../common/text";
import { MEMBER_NAME_MAX, workspaceAuditEventDataSchema, workspaceRoleSchema } from "../workspaces/workspace";

/**
 * Events the auth service delivers to the API (outbox, retried until acknowledged).
 * Body is JSON, signed with Standard Webhooks (`@parley/contracts/server`: webhook-id = the event's
 * id, webhook-timestamp, webhook-signature) under the shared AUTH_EVENTS_SECRET; the API refuses
 * timestamps more than 5 minutes off. Delivery is at-least-once: the API treats a repeated `id` as
 * already done.
 */
export const authEventSchema = z.discriminatedUnion("type", [
  z.object({
    id: idText(),
    type: z.literal("user.deleted"),
    occurredAt: safeText().max(64),
    data: z.object({ userId: idText(), email: safeText().max(320) }),
  }),
  // Membership changes made on the auth service, for the workspace's audit log in the API.
  z.object({
    id: idText(),
    type: z.literal("workspace.audit"),
    occurredAt: safeText().max(64),
    data: workspaceAuditEventDataSchema,
  }),
]);
export type AuthEvent = z.infer<typeof authEventSchema>;

export const AUTH_EVENTS_PATH = "/api/internal/auth-events";

/** JWT claims the auth service puts in access tokens (`/token`) and the API verifies. */
export const accessTokenClaimsSchema = z.object({
  sub: idText(),
  // Display claims from our own auth service: a stray NUL is dropped rather than locking the user out,
  // and a name stored before the name rule (issue #35) is shown on one line, bounded.
  email: z.string().transform(stripNul),
  name: z
    .string()
    .default("")
    .transform((name) => cleanName(name, MEMBER_NAME_MAX)),
  emailVerified: z.boolean().optional(),
  /** The platform role: "admin" and "support" are Parley's own staff (the operator's console). */
  role: z.string().optional(),
  /** When the session behind this token signed in (seconds since 1970): the console's step-up. */
  authTime: z.number().int().nonnegative().optional(),
  /** The active workspace (absent in tokens minted before workspaces: the personal one, = sub). */
  workspaceId: idText().optional(),
  /** The member's role in that workspace when the token was minted (the API re-checks it). */
  workspaceRole: workspaceRoleSchema.optional(),
  /**
   * The user's saved language ("en" | "ar"; absent = not chosen yet). Display only: a value this
   * version does not know is dropped rather than refusing the token.
   */
  locale: z.enum(["en", "ar"]).optional().catch(undefined),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** Issuer and audience of access tokens; the API refuses any other. */
export const ACCESS_TOKEN_AUDIENCE = "parley-api";
