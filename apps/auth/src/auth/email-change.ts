import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { and, eq, sql } from "drizzle-orm";
import { jwtVerify } from "jose";
import type { AuthDb } from "../db";
import { user } from "../db/schema";

/** The redirect error (and JSON code) when the new address got an account after the link was sent. */
export const EMAIL_TAKEN = "email_taken";

/**
 * Spec §4: "Email change either verifies the new address via a link, or, if the current email is
 * unverified, changes it directly". The link mailed to the new address (`GET /verify-email`, a
 * token of better-auth's `change-email-verification` kind) is applied here instead of by
 * better-auth 1.7.25, which reads the account, compares its address and writes the new one in
 * separate steps:
 *
 * - the change is one compare-and-set (`where id = … and email = <the address the token was minted
 *   for>`): of two links opened at once (two changes asked for), one wins and the other fails as a
 *   spent link, instead of both answering success and the last write silently winning;
 * - an address another account took after the link was sent is refused with `email_taken`,
 *   instead of a database error (500).
 *
 * Everything else — a bad, expired or forged token, someone else's session, an untrusted
 * callbackURL, an account whose address already changed — is left to better-auth's own answers
 * (the hook steps aside and the endpoint runs).
 */
export function parleyEmailChange(options: { db: AuthDb }): BetterAuthPlugin {
  return {
    id: "parley-email-change",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const query = (ctx.query ?? {}) as Record<string, unknown>;
            const token = typeof query.token === "string" ? query.token : undefined;
            const callbackURL = typeof query.callbackURL === "string" ? query.callbackURL : undefined;
            if (!token) return;
            const change = await changeToken(token, ctx.context.secret);
            if (!change) return;
            // better-auth refuses an untrusted callbackURL (403) before anything else.
            if (callbackURL && !ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true }))
              return;
            const session = await getSessionFromCtx(ctx);
            if (session && session.user.id !== change.userId) return;

            let updated: (typeof user.$inferSelect)[];
            try {
              updated = await options.db.db
                .update(user)
                .set({ email: change.updateTo, updatedAt: new Date() })
                .where(and(eq(user.id, change.userId), sql`lower(${user.email}) = ${change.email}`))
                .returning();
            } catch (error) {
              if (!isUniqueViolation(error)) throw error;
              if (callbackURL) throw ctx.redirect(withError(callbackURL, EMAIL_TAKEN));
              throw APIError.from("BAD_REQUEST", {
                code: "EMAIL_CAN_NOT_BE_UPDATED",
                message: "Couldn't update your email",
              });
            }
            const [row] = updated;
            // Unknown account, or its address is no longer the one the token was minted for
            // (changed already, by this link or another): better-auth answers that.
            if (!row) return;

            if (session) {
              await setSessionCookie(ctx, {
                session: session.session,
                user: { ...session.user, email: row.email, emailVerified: row.emailVerified },
              });
            }
            if (callbackURL) throw ctx.redirect(callbackURL);
            return ctx.json({
              status: true,
              user: { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified },
            });
          }),
        },
      ],
    },
  };
}

interface ChangeToken {
  userId: string;
  /** The address the account had when the change was asked for (lowercase). */
  email: string;
  updateTo: string;
}

/** A valid, unexpired `change-email-verification` token signed with our secret, or null. */
async function changeToken(token: string, secret: string): Promise<ChangeToken | null> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] }));
  } catch {
    return null;
  }
  const { requestType, userId, email, updateTo } = payload;
  if (requestType !== "change-email-verification") return null;
  if (typeof userId !== "string" || typeof email !== "string" || typeof updateTo !== "string") return null;
  return { userId, email: email.toLowerCase(), updateTo: updateTo.toLowerCase() };
}

function withError(callbackURL: string, code: string): string {
  const [base = "", hash] = callbackURL.split("#", 2);
  const joined = `${base}${base.includes("?") ? "&" : "?"}error=${encodeURIComponent(code)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** Postgres (and PGlite) `unique_violation`, possibly wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if (typeof e === "object" && "code" in e && (e as { code?: unknown }).code === "23505") return true;
    e = typeof e === "object" && "cause" in e ? (e as { cause?: unknown }).cause : undefined;
  }
  return false;
}
