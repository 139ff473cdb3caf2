import { codeFromBetterAuthMessage } from "@parley/contracts/better-auth-messages";

/**
 * Every error the sign-in UI can show, mapped from better-auth codes to plain language.
 * Pure functions only (unit-tested in errors.test.ts); pages never show a raw server string.
 */

/** A failed call to the auth service, as `api.ts` reports it. */
export type ApiFailure =
  | { kind: "network" }
  | { kind: "http"; status: number; code?: string; message?: string; retryAfterSeconds?: number };

export type ErrorField = "name" | "email" | "password" | "confirmPassword";

/** Something the page can offer next to the message. */
export type ErrorAction = "resend-verification" | "sign-in" | "forgot-password";

export interface HumanError {
  message: string;
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

export const NETWORK_MESSAGE = "We couldn't reach Parley. Check your internet connection and try again.";
export const GENERIC_MESSAGE = "Something went wrong. Please try again.";
export const SERVER_MESSAGE = "Something went wrong on our side. Please try again in a moment.";
/** Word for word from the spec; shown whatever the address, so nobody learns who has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If this email exists in our system, check your email for the reset link";

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

export function rateLimitMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined) return "Too many attempts. Please wait a few seconds and try again.";
  const unit = retryAfterSeconds === 1 ? "second" : "seconds";
  return `Too many attempts. Please wait ${retryAfterSeconds} ${unit} and try again.`;
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
      return { message: "That email and password don't match. Check them and try again." };
    case "EMAIL_NOT_VERIFIED":
      return {
        message: "Please verify your email address first. Open the link we sent you, or get a new one.",
        action: "resend-verification",
      };
    case "INVALID_EMAIL":
      return { message: "Enter a valid email address, like name@company.com.", field: "email" };
    case "PASSWORD_TOO_SHORT": {
      const min = limitFromMessage(failure.message) ?? policy.minLength;
      return { message: `Password is too short. Use at least ${min} characters.`, field: "password" };
    }
    case "PASSWORD_TOO_LONG": {
      const max = limitFromMessage(failure.message) ?? policy.maxLength;
      return { message: `Password is too long. Use at most ${max} characters.`, field: "password" };
    }
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
    case "EMAIL_ALREADY_EXISTS":
      return {
        message: "An account with this email already exists. Sign in instead, or reset your password.",
        field: "email",
        action: "sign-in",
      };
    case "INVALID_TOKEN":
      return {
        message: "This link is invalid or has already been used. Request a new one.",
        action: "forgot-password",
      };
    case "TOKEN_EXPIRED":
      return { message: "This link has expired. Request a new one.", action: "forgot-password" };
    case "SESSION_EXPIRED":
    case "SESSION_NOT_FRESH":
      return { message: "Your session has expired. Please sign in again.", action: "sign-in" };
    case "PROVIDER_NOT_FOUND":
    case "ID_TOKEN_NOT_SUPPORTED":
      return { message: "That sign-in option isn't available. Use your email and password instead." };
    case "USER_NOT_FOUND":
      return { message: "We couldn't find an account for this request." };
    case "EMAIL_ALREADY_VERIFIED":
      return { message: "This email address is already verified. You can sign in.", action: "sign-in" };
    case "EMAIL_MISMATCH":
      return {
        message:
          "You're signed in with a different email address. Sign out first, then ask for a link for this one.",
      };
    case "VERIFICATION_EMAIL_NOT_ENABLED":
      return { message: "We can't send verification emails right now. Please contact support." };
    case "RESET_PASSWORD_DISABLED":
      return { message: "Password reset isn't available right now. Please contact support." };
    case "EMAIL_PASSWORD_DISABLED":
      return { message: "Signing in with email and password isn't available right now." };
    case "EMAIL_PASSWORD_SIGN_UP_DISABLED":
      return { message: "New accounts can't be created right now. Please try again later." };
    case "FAILED_TO_CREATE_USER":
      return { message: "We couldn't create your account just now. Please try again in a moment." };
    case "FAILED_TO_CREATE_SESSION":
    case "FAILED_TO_GET_SESSION":
      return { message: "We couldn't sign you in just now. Please try again in a moment." };
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED":
    case "INVALID_CALLBACK_URL":
    case "INVALID_REDIRECT_URL":
    case "INVALID_ERROR_CALLBACK_URL":
    case "INVALID_NEW_USER_CALLBACK_URL":
      return {
        message: "This request didn't come from a trusted page. Open the sign-in page again from the app.",
      };
    case "VALIDATION_ERROR":
    case "MISSING_FIELD":
    case "BODY_MUST_BE_AN_OBJECT":
      return { message: "Some details are missing or not valid. Check the form and try again." };
  }
  if (failure.status >= 500) return { message: SERVER_MESSAGE };
  return { message: GENERIC_MESSAGE };
}

// ---------------------------------------------------------------------------------------------
// Redirect errors: better-auth sends the browser back with `?error=<code>`.

export interface RedirectError {
  /** The normalised code (shown small, for support). */
  code: string;
  title: string;
  message: string;
}

/**
 * `/verify-email` failures (spec: token_expired, invalid_token, user_not_found, unauthorized;
 * better-auth 1.7 sends the upper-case API codes and INVALID_USER for a different signed-in user).
 */
export function describeVerifyEmailError(raw: string): RedirectError & { kind: VerifyErrorKind } {
  const code = normaliseCode(raw);
  switch (code) {
    case "token_expired":
      return {
        code,
        kind: "expired",
        title: "This verification link has expired",
        message:
          "For your security, verification links only work for a limited time. We can send you a new one.",
      };
    case "invalid_token":
      return {
        code,
        kind: "invalid",
        title: "This verification link isn't valid",
        message:
          "The link may be incomplete (some email apps cut long links) or altered. We can send you a new one.",
      };
    case "user_not_found":
      return {
        code,
        kind: "no-user",
        title: "We couldn't find that account",
        message:
          "The account this link was sent for no longer exists. Create a new account, or send a new link if you signed up with another address.",
      };
    case "unauthorized":
    case "invalid_user":
      return {
        code,
        kind: "other-user",
        title: "This link is for a different account",
        message:
          "You're signed in with another account in this browser. Sign out, then open the link again — or send a new link below.",
      };
    default:
      return {
        code,
        kind: "unknown",
        title: "We couldn't verify your email",
        message: "Something went wrong with this link. We can send you a new one.",
      };
  }
}

export type VerifyErrorKind = "expired" | "invalid" | "no-user" | "other-user" | "unknown";

/** `/reset-password/:token` redirects with `?error=INVALID_TOKEN` (expired, used, or altered). */
export function describeResetLinkError(raw: string): RedirectError {
  const code = normaliseCode(raw);
  if (code === "token_expired") {
    return {
      code,
      title: "This reset link has expired",
      message: "Password reset links only work for a limited time. Request a new one and use it soon.",
    };
  }
  return {
    code,
    title: "This reset link isn't valid",
    message:
      "It may have expired, been used already, or been replaced by a newer link. Request a new one to reset your password.",
  };
}

const RESTART = "Please start signing in again.";

/**
 * OAuth callback and generic `/error?error=` codes. Covers every code in the spec's catalogue plus the
 * ones better-auth 1.7 adds (state_mismatch, email_does_not_match, issuer_*, provider errors).
 */
const OAUTH_ERRORS: Record<string, { title: string; message: string }> = {
  invalid_callback_request: {
    title: "The sign-in request was incomplete",
    message: `The provider sent us back an incomplete response. ${RESTART}`,
  },
  state_not_found: {
    title: "Your sign-in session has expired",
    message: `Sign-in with a provider has to finish within 10 minutes, in the same browser where it started. ${RESTART}`,
  },
  state_mismatch: {
    title: "Your sign-in session has expired",
    message: `Sign-in with a provider has to finish within 10 minutes, in the same browser where it started. ${RESTART}`,
  },
  state_invalid: {
    title: "Your sign-in session has expired",
    message: `We couldn't match this response to a sign-in you started. ${RESTART}`,
  },
  state_security_mismatch: {
    title: "We stopped this sign-in to protect you",
    message: `The response didn't match the sign-in started in this browser. ${RESTART}`,
  },
  please_restart_the_process: {
    title: "Please start again",
    message: "This sign-in couldn't be completed. Go back and choose your sign-in option again.",
  },
  no_code: {
    title: "The provider didn't finish signing you in",
    message: `We didn't receive confirmation from the provider. If you cancelled, that's fine — ${RESTART.toLowerCase()}`,
  },
  access_denied: {
    title: "Sign-in was cancelled",
    message: "You didn't give permission at the provider. You can try again or sign in with your email.",
  },
  oauth_provider_not_found: {
    title: "That sign-in option isn't available",
    message: "This provider isn't set up for sign-in. Use your email and password instead.",
  },
  invalid_code: {
    title: "The sign-in code wasn't accepted",
    message: `The provider's code was invalid or already used. ${RESTART}`,
  },
  unable_to_get_user_info: {
    title: "We couldn't read your profile",
    message:
      "The provider didn't share your profile with us. Try again, or sign in with your email and password.",
  },
  no_callback_url: {
    title: "The sign-in request was incomplete",
    message: `We didn't know where to send you after signing in. ${RESTART}`,
  },
  unable_to_link_account: {
    title: "We couldn't connect that account",
    message:
      "Linking this provider to your account failed. Try again, or sign in with your email and password.",
  },
  email_doesnt_match: {
    title: "The email addresses don't match",
    message:
      "The email on the provider's account is different from your account's email. Use a matching account.",
  },
  email_does_not_match: {
    title: "The email addresses don't match",
    message:
      "The email on the provider's account is different from your account's email. Use a matching account.",
  },
  account_already_linked_to_different_user: {
    title: "That account is already in use",
    message:
      "This provider account is already connected to a different user. Sign in with that user instead.",
  },
  email_not_found: {
    title: "The provider didn't share your email",
    message:
      "We need an email address to sign you in. Allow email access at the provider, or sign up with email.",
  },
  email_not_verified: {
    title: "Your email isn't verified",
    message:
      "The provider hasn't verified your email address. Verify it there, or sign in with email and password.",
  },
  internal_server_error: {
    title: "Something went wrong on our side",
    message: "We couldn't finish signing you in. Please try again in a moment.",
  },
  account_not_linked: {
    title: "Sign in with your password first",
    message:
      "An account with this email already exists but isn't connected to this provider. Sign in with your email and password.",
  },
  signup_disabled: {
    title: "New accounts are closed",
    message: "We're not accepting new sign-ups right now. If you already have an account, sign in with it.",
  },
  unable_to_create_user: {
    title: "We couldn't create your account",
    message: "Something went wrong while creating your account. Please try again in a moment.",
  },
  unable_to_create_session: {
    title: "We couldn't start your session",
    message: "Your account is fine, but we couldn't start a session. Please try again in a moment.",
  },
  issuer_missing: {
    title: "We couldn't verify the provider",
    message: `The provider's response couldn't be verified. ${RESTART}`,
  },
  issuer_mismatch: {
    title: "We couldn't verify the provider",
    message: `The provider's response couldn't be verified. ${RESTART}`,
  },
  nonce_binding_missing: {
    title: "We couldn't verify the provider",
    message: `The provider's response couldn't be verified. ${RESTART}`,
  },
  state_generation_error: {
    title: "Something went wrong on our side",
    message: "We couldn't start signing you in. Please try again in a moment.",
  },
};

/** Human text for an `/auth/error?error=` code; unknown or missing codes get a generic explanation. */
export function describeOAuthError(raw: string | null): RedirectError {
  const code = raw ? normaliseCode(raw) : "";
  const known = OAUTH_ERRORS[code];
  if (known) return { code, ...known };
  const api = raw ? describeApiError({ kind: "http", status: 400, code: raw.trim().toUpperCase() }) : null;
  if (api && api.message !== GENERIC_MESSAGE) {
    return { code, title: "We couldn't sign you in", message: api.message };
  }
  return {
    code,
    title: "We couldn't sign you in",
    message: "Something went wrong while signing you in. Please go back and try again.",
  };
}

/** The catalogue codes, exported for tests and for anyone checking coverage. */
export const OAUTH_ERROR_CODES = Object.keys(OAUTH_ERRORS);
