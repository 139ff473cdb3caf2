import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";

/**
 * Where the spec (§5, §7, §8) and better-auth 1.7.25 disagree, this plugin makes the service answer
 * as the spec says, without patching better-auth:
 *
 * - `POST /forget-password` is the spec's alias of `/request-password-reset` (1.7 removed it).
 * - `POST /account-info {accountId}`: the spec's client posts a body; 1.7 only has `GET ?accountId=`.
 * - `{providerId, accountId?}` on /unlink-account, /get-access-token, /refresh-token and /account-info:
 *   the spec selects an account by provider (and the provider's account id); 1.7 wants our own
 *   account row id. Both shapes are accepted.
 * - `/change-email` to an address that already has an account answers 'Couldn't update your email'
 *   (spec §5). 1.7 answers a silent success there to hide which addresses exist; the spec names the
 *   error, and the route needs a signed-in session and is rate limited.
 * - Messages the spec names word for word (§8) replace 1.7's wording; codes stay 1.7's.
 * - Errors in redirect URLs use the spec's codes: OAuth callbacks (`please_restart_the_process`,
 *   `email_doesn't_match`) and e-mail verification links (`token_expired`, `invalid_token`, …).
 */
export interface CompatOptions {
  minPasswordLength: number;
  maxPasswordLength: number;
}

const ACCOUNT_SELECTION_PATHS = new Set([
  "/unlink-account",
  "/get-access-token",
  "/refresh-token",
  "/account-info",
]);

/** Error codes better-auth 1.7 puts in redirect URLs → the spec's (§8), per route. */
export const REDIRECT_ERROR_CODES: Record<string, Record<string, string>> = {
  "/callback/:id": {
    state_mismatch: "please_restart_the_process",
    email_does_not_match: "email_doesn't_match",
  },
  "/verify-email": {
    TOKEN_EXPIRED: "token_expired",
    INVALID_TOKEN: "invalid_token",
    USER_NOT_FOUND: "user_not_found",
    // The link was opened in a browser signed in as someone else.
    INVALID_USER: "unauthorized",
  },
};

export function parleyCompat(options: CompatOptions): BetterAuthPlugin {
  /**
   * Error code → message. In better-auth 1.7.25 each of these codes is thrown by one route only
   * (/send-verification-email, /set-password) or means the same everywhere (password length).
   * Matched by code because server-only endpoints such as setPassword carry no path in hooks.
   */
  const messages: Record<string, string> = {
    PASSWORD_TOO_SHORT: `Password is too short: use at least ${options.minPasswordLength} characters`,
    PASSWORD_TOO_LONG: `Password is too long: use at most ${options.maxPasswordLength} characters`,
    EMAIL_ALREADY_VERIFIED: "You can only send a verification email to an unverified email",
    EMAIL_MISMATCH: "You can only send a verification email to your own email",
    PASSWORD_ALREADY_SET: "user already has a password",
  };

  return {
    id: "parley-compat",
    async onRequest(request, ctx) {
      if (request.method !== "POST") return;
      const url = new URL(request.url);
      if (url.pathname === "/forget-password") {
        url.pathname = "/request-password-reset";
        return { request: new Request(url, request) };
      }
      if (url.pathname === "/account-info") {
        // The GET it becomes skips better-auth's origin check for POSTs, so do that check here.
        const origin = request.headers.get("origin") || request.headers.get("referer");
        if (request.headers.has("cookie") && (!origin || !ctx.isTrustedOrigin(origin))) {
          return {
            response: Response.json({ code: "INVALID_ORIGIN", message: "Invalid origin" }, { status: 403 }),
          };
        }
        const body: unknown = await request
          .clone()
          .json()
          .catch(() => null);
        if (isRecord(body)) {
          for (const key of ["accountId", "providerId", "userId"]) {
            const value = body[key];
            if (typeof value === "string") url.searchParams.set(key, value);
          }
        }
        const headers = new Headers(request.headers);
        headers.delete("content-type");
        headers.delete("content-length");
        return { request: new Request(url, { method: "GET", headers }) };
      }
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/change-email",
          handler: createAuthMiddleware(async (ctx) => {
            const newEmail = isRecord(ctx.body) ? ctx.body.newEmail : undefined;
            if (typeof newEmail !== "string") return;
            const session = await getSessionFromCtx(ctx);
            // Signed out, or the same address: better-auth's own answers apply.
            if (!session || newEmail.toLowerCase() === session.user.email.toLowerCase()) return;
            if (await ctx.context.internalAdapter.findUserByEmail(newEmail.toLowerCase())) {
              throw APIError.from("BAD_REQUEST", {
                code: "EMAIL_CAN_NOT_BE_UPDATED",
                message: "Couldn't update your email",
              });
            }
          }),
        },
        {
          matcher: (ctx) => ACCOUNT_SELECTION_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            // The router hands hooks the same body/query object the endpoint validates next,
            // so the selection is rewritten in place (a returned context would be merged, and
            // could not drop `providerId`, which 1.7's strict schemas refuse).
            const input: unknown = ctx.path === "/account-info" ? ctx.query : ctx.body;
            if (!isRecord(input)) return;
            const providerId = typeof input.providerId === "string" ? input.providerId : undefined;
            const accountId = typeof input.accountId === "string" ? input.accountId : undefined;
            if (providerId === undefined && accountId === undefined) return;
            const session = await getSessionFromCtx(ctx);
            // These routes act on the caller's own accounts: over HTTP that takes a session (and the
            // anonymous caller hears 401, not a validation error about the rewritten body).
            if (!session && ctx.request) {
              throw APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Unauthorized" });
            }
            // Trusted server-side calls may name the user instead.
            const userId = session?.user.id ?? (typeof input.userId === "string" ? input.userId : undefined);
            delete input.providerId;
            if (!userId) return;
            const accounts = await ctx.context.internalAdapter.findAccounts(userId);
            if (accountId !== undefined && accounts.some((a) => a.id === accountId)) return;
            const match = accounts.find(
              (a) =>
                (providerId === undefined || a.providerId === providerId) &&
                (accountId === undefined || a.accountId === accountId),
            );
            // No match: an id that selects nothing, so better-auth answers its own 'Account not found'.
            input.accountId = match?.id ?? accountId ?? "";
          }),
        },
      ],
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (!isAPIError(returned)) return;
            const code = isRecord(returned.body) ? returned.body.code : undefined;
            if (typeof code !== "string") return;
            const message = messages[code];
            if (message) throw APIError.from(returned.status, { code, message });
          }),
        },
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in REDIRECT_ERROR_CODES,
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (!isAPIError(returned) || returned.statusCode !== 302) return;
            const location = new Headers(returned.headers).get("location");
            if (!location) return;
            const target = new URL(location, ctx.context.baseURL);
            const error = target.searchParams.get("error");
            const mapped = error ? REDIRECT_ERROR_CODES[ctx.path ?? ""]?.[error] : undefined;
            if (!mapped) return;
            target.searchParams.set("error", mapped);
            // Keep a relative callback relative (it is resolved by the browser, like better-auth's own).
            const absolute = /^[a-z][a-z0-9+.-]*:/i.test(location);
            throw ctx.redirect(
              absolute ? target.toString() : `${target.pathname}${target.search}${target.hash}`,
            );
          }),
        },
      ],
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
