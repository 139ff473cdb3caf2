/**
 * The AUTH_EVENTS_SECRET both services fall back to outside production when it is unset, so the
 * embedded default (`pnpm start`, no env) delivers events. Never accepted in production.
 */
export const DEV_AUTH_EVENTS_SECRET = "parley-dev-auth-events-secret-not-for-production";
