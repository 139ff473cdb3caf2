import { codeFromBetterAuthMessage } from "@parley/contracts/better-auth-messages";
import type auth from "@parley/ui/locales/en/auth";

/**
 * Every error the sign-in UI can show, mapped from better-auth codes to plain language.
 * Pure functions only (unit-tested in errors.test.ts); pages never show a raw server string.
 * The words live in the `auth` catalog (English and Arabic): these functions return its keys
 * (with the values to fill in), and the page translates them (`useText` in text.ts).
 */

/** `x_one`/`x_other` → `x` (i18next picks the plural form from `count`). */
type Plain<K extends string> = K extends `${infer B}_${"one" | "other"}` ? B : K;
type Paths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? Plain<`${P}${K}`> : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the `auth` catalog. */
export type AuthKey = Paths<typeof auth>;

/** A text of the `auth` catalog and the values for its placeholders. */
export interface Text {
  key: AuthKey;
  values?: Record<string, string | number>;
}

const text = (key: AuthKey, values?: Record<string, string | number>): Text =>
  values ? { key, values } : { key };

/** A failed call to the auth service, as `api.ts` reports it. */
export type ApiFailure =
  | { kind: "network" }
  | { kind: "http"; status: number; code?: string; message?: string; retryAfterSeconds?: number };

export type ErrorField = "name" | "email" | "password" | "confirmPassword";

/** Something the page can offer next to the message. */
export type ErrorAction = "resend-verification" | "sign-in" | "forgot-password";

export interface HumanError {
  message: Text;
  /** When set, the message belongs under this input (and focus goes there). */
  field?: ErrorField;
  action?: ErrorAction;
}

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
}

/** better-auth defaults (`minPasswordLength` 8, `maxPasswordLength` 128). */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, maxLength: 128 };

export const NETWORK_MESSAGE = text("errors.network");
export const GENERIC_MESSAGE = text("errors.generic");
export const SERVER_MESSAGE = text("errors.server");
/** Word for word from the spec; shown whatever the address, so nobody learns who has an account. */
export const RESET_REQUESTED_MESSAGE = text("errors.resetRequested");

/** "  Email-Doesn't Match " → "email_doesnt_match": one spelling for codes from any source. */
export function normaliseCode(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[\s-]+/g, "_");
}

/** Seconds from an `X-Retry-After` (or `Retry-After`) header; undefined when absent or unusable. */
export function parseRetryAfter(header: string | null | undefined): number | undefined {
  if (header == null || header.trim() === "") return undefined;
  const seconds = Number(header.trim());
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.max(1, Math.ceil(seconds));
}

export function rateLimitMessage(retryAfterSeconds?: number): Text {
  if (retryAfterSeconds === undefined) return text("errors.rateLimited");
  return text("errors.rateLimitedFor", { count: retryAfterSeconds });
}

/** The code of a failure: the server's `code`, else one recognised from its message. */
export function failureCode(failure: ApiFailure): string | undefined {
  if (failure.kind !== "http") return undefined;
  if (failure.code) return failure.code.trim().toUpperCase();
  return codeFromBetterAuthMessage(failure.message);
}

/**
 * The service words its length errors with the configured limit ("…use at least 10 characters");
 * that number wins over the UI's idea of the policy.
 */
function limitFromMessage(message: string | undefined): number | undefined {
  const match = message?.match(/\b(\d{1,4})\b/);
  return match?.[1] ? Number(match[1]) : undefined;
}

/** Plain-language text (and where to show it) for a failed auth-service call. */
export function describeApiError(
  failure: ApiFailure,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): HumanError {
  if (failure.kind === "network") return { message: NETWORK_MESSAGE };
  if (failure.status === 429) return { message: rateLimitMessage(failure.retryAfterSeconds) };

  switch (failureCode(failure)) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      // Deliberately never says which of the two was wrong.
      return { message: text("errors.invalidCredentials") };
    case "EMAIL_NOT_VERIFIED":
      return {
        message: text("errors.emailNotVerified"),
        action: "resend-verification",
      };
    case "INVALID_EMAIL":
      return { message: text("errors.invalidEmail"), field: "email" };
    // The display name rule (issue #35): at most 120 characters, something visible, one line.
    case "NAME_INVALID":
      return { message: text("errors.nameInvalid"), field: "name" };
    case "PASSWORD_TOO_SHORT": {
      const min = limitFromMessage(failure.message) ?? policy.minLength;
      return { message: text("errors.passwordTooShort", { min }), field: "password" };
    }
    case "PASSWORD_TOO_LONG": {
      const max = limitFromMessage(failure.message) ?? policy.maxLength;
      return { message: text("errors.passwordTooLong", { max }), field: "password" };
    }
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
    case "EMAIL_ALREADY_EXISTS":
      return {
        message: text("errors.userExists"),
        field: "email",
        action: "sign-in",
      };
    case "INVALID_TOKEN":
      return {
        message: text("errors.invalidToken"),
        action: "forgot-password",
      };
    case "TOKEN_EXPIRED":
      return { message: text("errors.tokenExpired"), action: "forgot-password" };
    case "SESSION_EXPIRED":
    case "SESSION_NOT_FRESH":
      return { message: text("errors.sessionExpired"), action: "sign-in" };
    case "PROVIDER_NOT_FOUND":
    case "ID_TOKEN_NOT_SUPPORTED":
      return { message: text("errors.providerUnavailable") };
    case "USER_NOT_FOUND":
      return { message: text("errors.userNotFound") };
    case "EMAIL_ALREADY_VERIFIED":
      return { message: text("errors.alreadyVerified"), action: "sign-in" };
    case "EMAIL_MISMATCH":
      return {
        message: text("errors.emailMismatch"),
      };
    case "VERIFICATION_EMAIL_NOT_ENABLED":
      return { message: text("errors.verificationDisabled") };
    case "RESET_PASSWORD_DISABLED":
      return { message: text("errors.resetDisabled") };
    case "EMAIL_PASSWORD_DISABLED":
      return { message: text("errors.emailPasswordDisabled") };
    case "EMAIL_PASSWORD_SIGN_UP_DISABLED":
      return { message: text("errors.signUpDisabled") };
    case "FAILED_TO_CREATE_USER":
      return { message: text("errors.createUserFailed") };
    case "FAILED_TO_CREATE_SESSION":
    case "FAILED_TO_GET_SESSION":
      return { message: text("errors.sessionFailed") };
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED":
    case "INVALID_CALLBACK_URL":
    case "INVALID_REDIRECT_URL":
    case "INVALID_ERROR_CALLBACK_URL":
    case "INVALID_NEW_USER_CALLBACK_URL":
      return {
        message: text("errors.untrustedOrigin"),
      };
    case "VALIDATION_ERROR":
    case "MISSING_FIELD":
    case "BODY_MUST_BE_AN_OBJECT":
      return { message: text("errors.invalidInput") };
  }
  if (failure.status >= 500) return { message: SERVER_MESSAGE };
  return { message: GENERIC_MESSAGE };
}

// ---------------------------------------------------------------------------------------------
// Redirect errors: better-auth sends the browser back with `?error=<code>`.

export interface RedirectError {
  /** The normalised code (shown small, for support). */
  code: string;
  title: Text;
  message: Text;
}

const pair = (group: "verifyErrors" | "resetErrors" | "oauthErrors", name: string) => ({
  title: text(`${group}.${name}.title` as AuthKey),
  message: text(`${group}.${name}.message` as AuthKey),
});

const VERIFY_TEXTS: Record<VerifyErrorKind, "expired" | "invalid" | "noUser" | "otherUser" | "unknown"> = {
  expired: "expired",
  invalid: "invalid",
  "no-user": "noUser",
  "other-user": "otherUser",
  unknown: "unknown",
};

/**
 * `/verify-email` failures (spec: token_expired, invalid_token, user_not_found, unauthorized;
 * better-auth 1.7 sends the upper-case API codes and INVALID_USER for a different signed-in user).
 */
export function describeVerifyEmailError(raw: string): RedirectError & { kind: VerifyErrorKind } {
  const code = normaliseCode(raw);
  const kind: VerifyErrorKind =
    code === "token_expired"
      ? "expired"
      : code === "invalid_token"
        ? "invalid"
        : code === "user_not_found"
          ? "no-user"
          : code === "unauthorized" || code === "invalid_user"
            ? "other-user"
            : "unknown";
  return { code, kind, ...pair("verifyErrors", VERIFY_TEXTS[kind]) };
}

export type VerifyErrorKind = "expired" | "invalid" | "no-user" | "other-user" | "unknown";

/** `/reset-password/:token` redirects with `?error=INVALID_TOKEN` (expired, used, or altered). */
export function describeResetLinkError(raw: string): RedirectError {
  const code = normaliseCode(raw);
  return { code, ...pair("resetErrors", code === "token_expired" ? "expired" : "invalid") };
}

type OAuthText = keyof (typeof auth)["oauthErrors"];

/**
 * OAuth callback and generic `/error?error=` codes. Covers every code in the spec's catalogue plus the
 * ones better-auth 1.7 adds (state_mismatch, email_does_not_match, issuer_*, provider errors).
 */
const OAUTH_ERRORS: Record<string, OAuthText> = {
  invalid_callback_request: "incompleteResponse",
  state_not_found: "stateExpired",
  state_mismatch: "stateExpired",
  state_invalid: "stateInvalid",
  state_security_mismatch: "stateSecurity",
  please_restart_the_process: "restart",
  no_code: "noCode",
  access_denied: "accessDenied",
  oauth_provider_not_found: "providerNotFound",
  invalid_code: "invalidCode",
  unable_to_get_user_info: "noUserInfo",
  no_callback_url: "noCallbackUrl",
  unable_to_link_account: "linkFailed",
  email_doesnt_match: "emailMismatch",
  email_does_not_match: "emailMismatch",
  account_already_linked_to_different_user: "linkedElsewhere",
  email_not_found: "emailNotFound",
  email_not_verified: "emailNotVerified",
  internal_server_error: "internal",
  account_not_linked: "accountNotLinked",
  signup_disabled: "signUpDisabled",
  unable_to_create_user: "createUserFailed",
  unable_to_create_session: "createSessionFailed",
  issuer_missing: "issuer",
  issuer_mismatch: "issuer",
  nonce_binding_missing: "issuer",
  state_generation_error: "stateGeneration",
};

/** Human text for an `/auth/error?error=` code; unknown or missing codes get a generic explanation. */
export function describeOAuthError(raw: string | null): RedirectError {
  const code = raw ? normaliseCode(raw) : "";
  const known = Object.hasOwn(OAUTH_ERRORS, code) ? OAUTH_ERRORS[code] : undefined;
  if (known) return { code, ...pair("oauthErrors", known) };
  const api = raw ? describeApiError({ kind: "http", status: 400, code: raw.trim().toUpperCase() }) : null;
  const fallback = pair("oauthErrors", "fallback");
  if (api && api.message.key !== GENERIC_MESSAGE.key) {
    return { code, title: fallback.title, message: api.message };
  }
  return { code, ...fallback };
}

/** The catalogue codes, exported for tests and for anyone checking coverage. */
export const OAUTH_ERROR_CODES = Object.keys(OAUTH_ERRORS);
