import {
  ACCESS_TOKEN_AUDIENCE,
  type AccessTokenClaims,
  ADMIN_STEP_UP_SECONDS,
  API_KEY_SCOPE_FOR,
  type ApiKeyScope,
  accessTokenClaimsSchema,
  PLATFORM_STAFF_ROLES,
  type PlatformStaffRole,
  WORKSPACE_MEMBERSHIP_PATH,
  type WorkspaceCapability,
  type WorkspaceRole,
  workspaceCan,
  workspaceMembershipSchema,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from "jose";
import { AppError } from "../lib/errors";
import { bindRequestLog } from "./log-context";

/** A signed-in member of the workspace the call acts on (the app's surface, `/api`). */
export interface Authenticated {
  kind: "member";
  userId: string;
  claims: AccessTokenClaims;
  /**
   * The active workspace: it owns every bot, source, conversation, lead, payment and the
   * subscription this call touches (the `owner_id`/`user_id` columns hold workspace ids; a
   * personal workspace's id is its owner's user id).
   */
  workspaceId: string;
  /** The caller's role there, as the auth service says right now (not as the token said). */
  role: WorkspaceRole;
}

/** Asks the auth service whether a user is (still) a member of a workspace; undefined = not. */
export type MembershipCheck = (
  workspaceId: string,
  userId: string,
) => Promise<{ role: WorkspaceRole } | undefined>;

/**
 * A workspace API key (the public API's surface, `/api/v1`): it acts for its workspace within its
 * scopes, never for a person.
 */
export interface KeyActor {
  kind: "key";
  keyId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  /** The workspace's plan tier now (it sets the rate limit). */
  tier: number;
}

/**
 * Who makes this call, resolved once per request by the surface's `onRequest` hook (a member's
 * token on `/api`, a key on `/api/v1`). The same route handlers serve both: each asks
 * `workspaceOf(request, capability)`, which a member passes by role and a key by scope.
 */
export type RequestActor = Authenticated | KeyActor;

declare module "fastify" {
  interface FastifyRequest {
    actor?: RequestActor;
    /** A change this request made is in the audit log already (a key's use needs no entry of its own). */
    apiChangeAudited?: boolean;
  }
}

export interface TokenVerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience?: string;
}

/** Asymmetric algorithms only: a symmetric or unsigned token can never be the auth service's. */
const ACCEPTED_ALGORITHMS = [
  "EdDSA",
  "ES256",
  "ES384",
  "ES512",
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
];

/** The key set could not be fetched: the sign-in service's fault, never the token's. */
class KeySetUnavailable extends Error {}

/**
 * Verifies access tokens locally against the auth service's JWKS (keys fetched once and cached by
 * jose, refetched on an unknown `kid`): no database or network hop per request.
 *
 * Only a failure to fetch the key set is a 503; everything about the token itself (unsigned,
 * symmetric, unknown algorithm or key, malformed) is a 401, so a forged token can never pass for
 * an outage and a real outage never signs people out.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const remote = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  const keyFor: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (err) {
      // No key for this token's kid/alg: the token is at fault. Anything else failed the fetch.
      if (
        err instanceof joseErrors.JWKSNoMatchingKey ||
        err instanceof joseErrors.JWKSMultipleMatchingKeys ||
        err instanceof joseErrors.JOSENotSupported
      ) {
        throw err;
      }
      throw new KeySetUnavailable("the JWKS could not be fetched", { cause: err });
    }
  };
  return async function verify(token: string): Promise<Authenticated> {
    try {
      const { payload } = await jwtVerify(token, keyFor, {
        issuer: options.issuer,
        audience: options.audience ?? ACCESS_TOKEN_AUDIENCE,
        algorithms: ACCEPTED_ALGORITHMS,
        clockTolerance: 5,
      });
      const claims = accessTokenClaimsSchema.parse(payload);
      // Tokens minted before workspaces name none: the personal workspace, whose owner the user is.
      const workspaceId = claims.workspaceId ?? claims.sub;
      return {
        kind: "member",
        userId: claims.sub,
        claims,
        workspaceId,
        role: claims.workspaceRole ?? "owner",
      };
    } catch (err) {
      if (err instanceof KeySetUnavailable) {
        throw AppError.of("SERVICE_UNAVAILABLE", "session.signInServiceCouldNot");
      }
      if (err instanceof joseErrors.JWTExpired)
        throw AppError.of("UNAUTHORIZED", "session.sessionHasExpired");
      throw AppError.of("UNAUTHORIZED", "session.invalidAccessToken");
    }
  };
}
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** A JWT is three base64url segments; anything else (an opaque session token) is refused early. */
const jwtShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * `onRequest` hook for authenticated routes: sets `request.auth` and lets `onAuthenticated`
 * (platform-user upsert) run, or answers 401.
 */
export function requireAuth(
  verify: TokenVerifier,
  membership: MembershipCheck,
  onAuthenticated: (auth: Authenticated) => Promise<void>,
) {
  return async function authHook(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw AppError.of("UNAUTHORIZED", "session.signInToContinue");
    if (!jwtShape.test(token)) throw AppError.of("UNAUTHORIZED", "session.invalidAccessToken");
    const auth = await verify(token);
    if (auth.workspaceId === auth.userId) {
      // The personal workspace: its owner can never leave it or be demoted (the auth service
      // refuses both), so the token alone is enough.
      auth.role = "owner";
    } else {
      // A shared workspace: the token may outlive the membership. Ask the auth service on every
      // call, so a removed member is refused at once and a new role applies at once.
      const live = await membership(auth.workspaceId, auth.userId);
      if (!live) {
        throw AppError.of("NOT_A_MEMBER", "session.youNoLongerMemberOf");
      }
      auth.role = live.role;
    }
    request.actor = auth;
    bindRequestLog(request, reply, { userId: auth.userId, workspaceId: auth.workspaceId });
    await onAuthenticated(auth);
  };
}

/**
 * The workspace this call acts on, once the caller may use the capability (WORKSPACE_CAPABILITIES
 * in @parley/contracts): a member by role, a key by the scope API_KEY_SCOPE_FOR maps it to (a
 * capability no scope maps to, no key holds). Every workspace-scoped route goes through here.
 */
export function workspaceOf(request: FastifyRequest, capability: WorkspaceCapability): string {
  const actor = request.actor;
  if (!actor) throw AppError.of("UNAUTHORIZED", "session.signInToContinue");
  if (actor.kind === "key") {
    const scope: ApiKeyScope | undefined = (API_KEY_SCOPE_FOR as Partial<Record<string, ApiKeyScope>>)[
      capability
    ];
    if (!scope) throw AppError.of("FORBIDDEN", "apiKeys.keyCannotDoThis");
    if (!actor.scopes.includes(scope)) throw AppError.of("FORBIDDEN", "apiKeys.apiKeyDoesNotHave", { scope });
    return actor.workspaceId;
  }
  if (!workspaceCan(actor.role, capability)) {
    throw capability === "billing"
      ? AppError.of("FORBIDDEN", "session.onlyOwnerOfWorkspaceCan")
      : AppError.of("FORBIDDEN", "session.roleInWorkspaceDoesNot");
  }
  return actor.workspaceId;
}

/**
 * The membership check over real HTTP to the auth service (signed like auth events). Not cached:
 * an answer from a second ago could already be wrong about a member just removed.
 */
export function createMembershipCheck(options: {
  authUrl: string;
  secret: string;
  timeoutMs?: number;
}): MembershipCheck {
  const base = options.authUrl.replace(/\/+$/, "");
  return async (workspaceId, userId) => {
    const path = WORKSPACE_MEMBERSHIP_PATH.replace(":workspaceId", encodeURIComponent(workspaceId)).replace(
      ":userId",
      encodeURIComponent(userId),
    );
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { ...signWebhook(options.secret, `GET ${path}`) },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch {
      throw AppError.of("SERVICE_UNAVAILABLE", "session.signInServiceCouldNot");
    }
    if (res.status === 404) return undefined;
    const body = res.ok
      ? workspaceMembershipSchema.safeParse(await res.json().catch(() => undefined))
      : undefined;
    if (!body?.success) {
      throw AppError.of("SERVICE_UNAVAILABLE", "session.signInServiceCouldNot");
    }
    return body.data;
  };
}

/** The signed-in member making this call; a key is refused (what it asks is a person's). */
export function authOf(request: FastifyRequest): Authenticated {
  const actor = request.actor;
  if (actor?.kind === "key") throw AppError.of("FORBIDDEN", "apiKeys.keyCannotDoThis");
  if (!actor) throw AppError.of("UNAUTHORIZED", "session.signInToContinue");
  return actor;
}

/** The member's user id, or null for a key (which is nobody: `assignee=me` is no one). */
export const memberIdOf = (request: FastifyRequest): string | null =>
  request.actor?.kind === "member" ? request.actor.userId : null;

/** Who made a change, as the audit log records it. */
export interface Actor {
  /** The member's user id, or the key's id. */
  userId: string;
  /** The member's e-mail; null for a key. */
  email: string | null;
  /** `api`: a key made it (recorded in the entry's details). */
  via?: "api";
}

/**
 * Who made this change, for the audit log: the member, or the key (its id as the actor, no e-mail,
 * `via: "api"`). A key's change is its use's record too, so its request is marked as audited.
 */
export function actorOf(request: FastifyRequest): Actor {
  const actor = request.actor;
  if (actor?.kind === "key") {
    request.apiChangeAudited = true;
    return { userId: actor.keyId, email: null, via: "api" };
  }
  const auth = authOf(request);
  return { userId: auth.userId, email: auth.claims.email };
}

/** Platform staff acting in the operator's console (`/api/admin`). */
export interface StaffActor {
  userId: string;
  email: string;
  role: PlatformStaffRole;
}

/**
 * The operator's console: only platform staff (the token's platform role `admin` or `support`)
 * get past here; everyone else, workspace owners included, gets 403 and nothing about what is
 * there. A change (`"write"`) needs `admin`, and a sign-in within the last ADMIN_STEP_UP_SECONDS
 * (the token's `authTime`; a token without one is treated as old).
 */
export function staffOf(request: FastifyRequest, access: "read" | "write", now: Date): StaffActor {
  const auth = authOf(request);
  const role = PLATFORM_STAFF_ROLES.find((r) => r === auth.claims.role);
  if (!role) throw AppError.of("FORBIDDEN", "console.areaForParleysStaffOnly");
  if (access === "write") {
    if (role !== "admin") {
      throw AppError.of("FORBIDDEN", "console.staffRoleCanLookNot");
    }
    const signedInAt = auth.claims.authTime;
    if (signedInAt === undefined || now.getTime() / 1000 - signedInAt > ADMIN_STEP_UP_SECONDS) {
      throw AppError.of("STEP_UP_REQUIRED", "console.signInAgainToContinue");
    }
  }
  return { userId: auth.userId, email: auth.claims.email, role };
}
