/**
 * better-auth (and older versions of it) sometimes send only a message, or the spec's text under a
 * generic code. The one table both UIs (the sign-in UI in apps/auth/ui and the signed-in app's
 * account pages) use to switch on a code anyway. Dependency-free, so a page imports it without
 * zod: `@parley/contracts/better-auth-messages`.
 */
const CODE_BY_MESSAGE: Readonly<Record<string, string>> = {
  "invalid email or password": "INVALID_EMAIL_OR_PASSWORD",
  "invalid password": "INVALID_PASSWORD",
  "email not verified": "EMAIL_NOT_VERIFIED",
  "invalid email": "INVALID_EMAIL",
  "password too short": "PASSWORD_TOO_SHORT",
  "password too long": "PASSWORD_TOO_LONG",
  "user already exists": "USER_ALREADY_EXISTS",
  "user already exists.": "USER_ALREADY_EXISTS",
  "user already exists. use another email.": "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
  "invalid token": "INVALID_TOKEN",
  "token expired": "TOKEN_EXPIRED",
  "session expired. re-authenticate to perform this action.": "SESSION_EXPIRED",
  "session expired": "SESSION_EXPIRED",
  "provider not found": "PROVIDER_NOT_FOUND",
  "user not found": "USER_NOT_FOUND",
  "verification email isn't enabled": "VERIFICATION_EMAIL_NOT_ENABLED",
  "email and password is not enabled": "EMAIL_PASSWORD_DISABLED",
  "email and password sign up is not enabled": "EMAIL_PASSWORD_SIGN_UP_DISABLED",
  "reset password isn't enabled": "RESET_PASSWORD_DISABLED",
  "you can only send a verification email to an unverified email": "EMAIL_ALREADY_VERIFIED",
  "email is already verified": "EMAIL_ALREADY_VERIFIED",
  "you can only send a verification email to your own email": "EMAIL_MISMATCH",
  "email mismatch": "EMAIL_MISMATCH",
  "user already has a password": "USER_ALREADY_HAS_PASSWORD",
  "change email is disabled": "CHANGE_EMAIL_DISABLED",
  "account not found": "ACCOUNT_NOT_FOUND",
  "failed to get a valid access token": "FAILED_TO_GET_ACCESS_TOKEN",
  "failed to refresh access token": "FAILED_TO_REFRESH_ACCESS_TOKEN",
  "invalid origin": "INVALID_ORIGIN",
  "invalid callbackurl": "INVALID_CALLBACK_URL",
  // The spec's texts for changing the email, which better-auth sends under a generic code.
  "email is the same": "EMAIL_IS_THE_SAME",
  "couldn't update your email": "EMAIL_CAN_NOT_BE_UPDATED",
  "you can't unlink your last account": "FAILED_TO_UNLINK_LAST_ACCOUNT",
  unauthorized: "UNAUTHORIZED",
};

/** The code better-auth means by `message` (case and surrounding space ignored), if it is one we know. */
export function codeFromBetterAuthMessage(message: string | undefined | null): string | undefined {
  if (!message) return undefined;
  const key = message.trim().toLowerCase();
  return Object.hasOwn(CODE_BY_MESSAGE, key) ? CODE_BY_MESSAGE[key] : undefined;
}
