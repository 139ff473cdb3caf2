import type { Platform } from "./responses";
import { callbackRedirectUrl } from "./urls";

/** Leaves this app for another origin (the platform callback, an OAuth provider). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

/** Goes on to the platform's registered callback, signed in (with the invitation being answered). */
export function leaveForPlatform(
  platform: Platform,
  session: { token: string; email: string },
  invitationId: string | null,
): void {
  leaveTo(callbackRedirectUrl(platform.callbackURL, session, invitationId));
}
