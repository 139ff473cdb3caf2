/**
 * What other features may use of the session: who is signed in, the auth client and tokens, and
 * the auth service's errors. Everything else in this folder is the session's own.
 */
export { ACCESS_TOKEN_COOKIE, readCookie } from "./access-token-cookie";
export { sessionKeys } from "./api";
export { AuthServiceError, type LinkedAccount } from "./auth-client";
export { describeAuthError } from "./auth-errors";
export { saveReturnPath } from "./routes";
export { authClient, getAccessToken, tokens } from "./runtime";
export { useSession, useSignedInUser } from "./session-context";
export type { AuthUser } from "./session-data";
export { useAuthErrorText } from "./use-auth-error";
