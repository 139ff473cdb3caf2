import { ACCESS_TOKEN_AUDIENCE, type AccessTokenClaims } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin, jwt, organization } from "better-auth/plugins";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { ac, roles } from "./auth/access";
import { parleyCompat } from "./auth/compat";
import { parleyEmailChange } from "./auth/email-change";
import { parleyInvitationPreview } from "./auth/invitation-preview";
import { parleyNames, storedUserName } from "./auth/names";
import { platformRoleOf, promoteListedAdmin } from "./auth/platform-admins";
import {
  activeWorkspaceOf,
  createSeatCheck,
  INVITATION_TTL_SECONDS,
  invitationWorkspaceNaming,
  parleyWorkspaces,
  workspaceAc,
  workspaceRoles,
} from "./auth/workspaces";
import type { AuthDb } from "./db";
import * as schema from "./db/schema";
import type { Env } from "./env";
import type { Mailer } from "./mail/mailer";
import {
  changeEmailMail,
  deleteAccountMail,
  mailLanguage,
  resetPasswordMail,
  verifyEmailMail,
  workspaceInvitationMail,
} from "./mail/templates";

export interface AuthDeps {
  env: Env;
  db: AuthDb;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Runs work (mail sending) after the response; see `createBackgroundTasks`. */
  background: BackgroundTasks;
  /** Called after an account is deleted (the event row is already written by a trigger). */
  onUserDeleted?: () => void;
  /** Called after a workspace audit event is written to the outbox. */
  onWorkspaceAudit?: () => void;
}

/** Access tokens are short-lived: a ban or deletion takes effect at the latest after this. */
export const ACCESS_TOKEN_TTL = "15m";

/**
 * Spec §4/§9: social sign-in state lasts 10 minutes. better-auth 1.7.25 stores it for 10 minutes
 * but gives the browser's `better-auth.state` cookie a hard-coded Max-Age of 300 s, so a sign-in
 * finished between minute 5 and 10 failed; the cookie's attributes are overridden to agree.
 */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/**
 * Trusted origins: this host, the auth app's pages (when on another origin), the web app,
 * registered platforms' callbacks, and TRUSTED_ORIGINS.
 */
export function trustedOriginsOf(env: Env): string[] {
  const origins = [
    new URL(env.AUTH_URL).origin,
    env.AUTH_APP_URL,
    env.webOrigin,
    ...env.platforms.map((p) => new URL(p.callbackURL).origin),
    ...env.TRUSTED_ORIGINS,
  ];
  // Apple posts its callback (response_mode=form_post) from its own origin.
  if (env.socialProviders.apple) origins.push("https://appleid.apple.com");
  return [...new Set(origins)];
}

export function createAuth(deps: AuthDeps) {
  const { env, mailer, log } = deps;
  const sendMail = (mail: Parameters<Mailer["send"]>[0]) => mailer.send(mail);
  const seats = createSeatCheck({ db: deps.db, apiUrl: env.API_URL, secret: env.AUTH_EVENTS_SECRET });

  const options = {
    appName: "Parley",
    baseURL: env.AUTH_URL,
    // Routes live at the host root: auth.domain/sign-in/email, /token, /jwks… ("" would mean /api/auth).
    basePath: "/",
    secret: env.BETTER_AUTH_SECRET,
    database: drizzleAdapter(deps.db.db, { provider: "pg", schema }),
    trustedOrigins: trustedOriginsOf(env),
    logger: {
      disabled: env.LOG_LEVEL === "silent",
      level: env.LOG_LEVEL === "debug" || env.LOG_LEVEL === "trace" ? "debug" : "warn",
      log(level, message, ...args) {
        const fields = args.length ? { betterAuth: args } : {};
        log[level === "debug" ? "debug" : level](fields, `better-auth: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: env.PASSWORD_MIN_LENGTH,
      maxPasswordLength: env.PASSWORD_MAX_LENGTH,
      // The spec's reset token is 24 random characters valid 1 hour: better-auth 1.7.25 mints
      // `generateId(24)` for it; the expiry is set here explicitly (in seconds).
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: env.REVOKE_SESSIONS_ON_PASSWORD_RESET,
      async sendResetPassword({ user, url }) {
        await sendMail(resetPasswordMail(user, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      async sendVerificationEmail({ user, url }) {
        // A change of address (spec §4) comes here too, `user.email` being the new address while
        // the account still has the old one: that mail says it is a change, and goes to the new
        // address only.
        const current = await storedEmailOf(deps.db, user.id);
        if (current && current !== user.email.toLowerCase()) {
          await sendMail(changeEmailMail(user, current, url));
        } else {
          await sendMail(verifyEmailMail(user, url));
        }
      },
    },
    user: {
      additionalFields: {
        // The user's language (issue #21): set at sign-up from the sign-in page's language and by
        // the web app's switch (POST /update-user {locale}); mails and the token's claim follow it.
        locale: {
          type: "string",
          required: false,
          input: true,
          validator: { input: LOCALE_INPUT },
        },
      },
      changeEmail: {
        enabled: true,
        // Spec §4: "Email change either verifies the new address via a link, or, if the current
        // email is unverified, changes it directly and sends a verification email." A verified
        // address changes when the link mailed to the new address is opened (no
        // `sendChangeEmailConfirmation`, which would first ask the old address); an unverified one
        // changes at once.
        updateEmailWithoutVerification: true,
      },
      deleteUser: {
        enabled: true,
        // Spec: the e-mailed delete token (32 characters, minted by better-auth) lives 24 hours.
        deleteTokenExpiresIn: 60 * 60 * 24,
        async sendDeleteAccountVerification({ user, url }) {
          await sendMail(deleteAccountMail(user, url));
        },
        async beforeDelete(user) {
          // A shared workspace is never left without an owner by an account deletion.
          const stranded = await workspacesOnlyOwnedBy(deps.db, user.id);
          if (stranded.length) {
            throw APIError.from("BAD_REQUEST", {
              code: "TRANSFER_OWNERSHIP_FIRST",
              message: `You are the only owner of ${stranded.map((n) => `"${n}"`).join(", ")}, which has other members. Make another member an owner (or remove the members) before deleting your account.`,
            });
          }
        },
        async afterDelete() {
          deps.onUserDeleted?.();
        },
      },
    },
    session: {
      freshAge: env.SESSION_FRESH_AGE,
    },
    // Typed names with a direction override are refused (parleyNames); a name from elsewhere (a
    // social provider's profile) is stored without the invisible direction controls.
    databaseHooks: {
      user: {
        create: { before: async (user) => storedUserName(user) },
        update: { before: async (user) => storedUserName(user) },
      },
      // PLATFORM_ADMIN_EMAILS: a listed, verified address becomes a platform admin when it signs in.
      session: {
        create: {
          after: async (session) => promoteListedAdmin(deps.db, env.PLATFORM_ADMIN_EMAILS, session.userId),
        },
      },
    },
    account: {
      // OAuth state (32 characters, PKCE verifier 128) is stored as a verification row for
      // 10 minutes and deleted when the callback uses it.
      storeStateStrategy: "database",
      accountLinking: { enabled: true, allowUnlinkingAll: false },
    },
    socialProviders: env.socialProviders as BetterAuthOptions["socialProviders"],
    // OAuth callback failures and GET /error land on our own page (apps/auth/ui ErrorPage), which
    // explains every code of the spec's catalogue; better-auth's stock page links to its own site.
    onAPIError: { errorURL: `${env.AUTH_APP_URL}/auth/error` },
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      storage: "memory",
      // The alias has to be as strict as the route it stands for.
      customRules: { "/forget-password": { window: 60, max: 3 } },
    },
    advanced: {
      // Explicit, because better-auth turns both checks off whenever NODE_ENV is "test".
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: env.AUTH_URL.startsWith("https://"),
      cookies: { state: { attributes: { maxAge: OAUTH_STATE_TTL_SECONDS } } },
      // The HTTP layer overwrites x-forwarded-for with Fastify's request.ip (which honours
      // TRUST_PROXY), so this single value is the client address the rate limiter keys on.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      backgroundTasks: { handler: deps.background.handler },
    },
    plugins: [
      jwt({
        jwt: {
          issuer: env.AUTH_URL,
          audience: ACCESS_TOKEN_AUDIENCE,
          expirationTime: ACCESS_TOKEN_TTL,
          definePayload: async ({ user, session }): Promise<Omit<AccessTokenClaims, "sub">> => ({
            email: user.email,
            name: user.name ?? "",
            emailVerified: user.emailVerified,
            role: platformRoleOf(user, env.PLATFORM_ADMIN_EMAILS),
            // When this session signed in (seconds): the operator's console asks for a sign-in
            // within the last minutes before any change (step-up).
            authTime: Math.floor(new Date(session.createdAt).getTime() / 1000),
            ...(isLocale(user.locale) ? { locale: user.locale } : {}),
            // The workspace the session has switched to (its personal one by default) and the
            // member's role there; switching workspace = a new token. The API re-checks both.
            ...(await activeWorkspaceOf(
              deps.db,
              user.id,
              typeof session.activeOrganizationId === "string" ? session.activeOrganizationId : null,
            )),
          }),
        },
      }),
      admin({ ac, roles, defaultRole: "user", adminRoles: ["admin"] }),
      organization({
        ac: workspaceAc,
        roles: workspaceRoles,
        creatorRole: "owner",
        invitationExpiresIn: INVITATION_TTL_SECONDS,
        // Seats are checked against the workspace's plan (members + pending invitations).
        membershipLimit: async (_user, org) => (await seats.seatLimit(org.id)).limit,
        organizationHooks: {
          beforeCreateInvitation: async ({ invitation }) => {
            await seats.assertSeatFree(invitation.organizationId);
          },
        },
        async sendInvitationEmail({ id, email, role, organization: org, inviter }, request) {
          const link = `${env.WEB_URL.replace(/\/+$/, "")}/invitations/${encodeURIComponent(id)}`;
          // The invitee's saved language when they have an account; else the language the
          // invitation was sent in (`POST /organization/invite-member?lang=ar`); else the inviter's.
          const [invitee] = await deps.db.db
            .select({ locale: schema.user.locale })
            .from(schema.user)
            .where(eq(schema.user.email, email.toLowerCase()))
            .limit(1);
          const language = mailLanguage(
            invitee?.locale,
            requestLanguage(request),
            (inviter.user as { locale?: unknown }).locale,
          );
          await sendMail(
            workspaceInvitationMail(
              email,
              {
                inviterName: inviter.user.name ?? "",
                inviterEmail: inviter.user.email,
                workspaceName: org.name,
                role,
                ...(await invitationWorkspaceNaming(deps.db, org, inviter.user.id)),
              },
              link,
              language,
            ),
          );
        },
      }),
      parleyWorkspaces({ db: deps.db, onAudit: () => deps.onWorkspaceAudit?.() }),
      // The invitation link's public details for the sign-in pages (issue #25), rate limited.
      parleyInvitationPreview({ db: deps.db }),
      parleyNames(),
      parleyEmailChange({ db: deps.db }),
      parleyCompat({
        minPasswordLength: env.PASSWORD_MIN_LENGTH,
        maxPasswordLength: env.PASSWORD_MAX_LENGTH,
      }),
    ],
  } satisfies BetterAuthOptions;

  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

/** The languages a user can save (`user.locale`); null clears the choice. */
export const LOCALES = ["en", "ar"] as const;
const LOCALE_INPUT = z.enum(LOCALES, { error: "Choose a language: en or ar." }).nullable();

function isLocale(value: unknown): value is (typeof LOCALES)[number] {
  return value === "en" || value === "ar";
}

/** `?lang=` on the request that triggered a mail (only en/ar count). */
function requestLanguage(request: Request | undefined): string | null {
  if (!request) return null;
  try {
    return new URL(request.url).searchParams.get("lang");
  } catch {
    return null;
  }
}

/** The address an account has now (lowercase), or null for an unknown id. */
async function storedEmailOf(db: AuthDb, userId: string): Promise<string | null> {
  const [row] = await db.db
    .select({ email: schema.user.email })
    .from(schema.user)
    .where(eq(schema.user.id, userId))
    .limit(1);
  return row ? row.email.toLowerCase() : null;
}

/** Names of shared workspaces where this user is the only owner and others are members. */
async function workspacesOnlyOwnedBy(db: AuthDb, userId: string): Promise<string[]> {
  const result = await db.db.execute(sql`
    select o.name from organization o
      join member m on m.organization_id = o.id and m.user_id = ${userId} and m.role = 'owner'
     where o.id <> ${userId}
       and (select count(*) from member x where x.organization_id = o.id and x.role = 'owner') = 1
       and (select count(*) from member x where x.organization_id = o.id) > 1`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

export interface BackgroundTasks {
  handler: (task: Promise<unknown>) => void;
  /** Resolves when every task started so far has settled (shutdown, tests). */
  settled(): Promise<void>;
}

/**
 * Mails are sent after the response, so a reset request for an existing address takes as long
 * as one for an unknown address (no timing oracle), and a slow SMTP server never slows a page.
 */
export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    handler(task) {
      const tracked = task.catch((err) => log.error({ err }, "background task failed"));
      pending.add(tracked);
      void tracked.finally(() => pending.delete(tracked));
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
