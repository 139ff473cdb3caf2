/**
 * Where the e-mail change link lands (spec §4: the new address is verified by link): the account
 * page, with `?emailChanged=1` (our marker, put in the callbackURL) and, when the link did not
 * work, better-auth's `&error=<code>` after it. Pure, unit-tested.
 */

/** The callbackURL the change asks the auth service to send the browser back to. */
export const EMAIL_CHANGED_PARAM = "emailChanged";

export type EmailLinkError = "expired" | "invalid" | "otherUser" | "taken" | "unknown";

export type EmailLinkOutcome = { kind: "changed" } | { kind: "failed"; error: EmailLinkError } | null;

const ERRORS: Record<string, EmailLinkError> = {
  token_expired: "expired",
  invalid_token: "invalid",
  user_not_found: "invalid",
  unauthorized: "otherUser",
  invalid_user: "otherUser",
  email_taken: "taken",
};

/** What the page's query says about a change link just opened; null on an ordinary visit. */
export function emailLinkOutcome(search: string): EmailLinkOutcome {
  const params = new URLSearchParams(search);
  if (params.get(EMAIL_CHANGED_PARAM) !== "1") return null;
  const error = params.get("error");
  if (error === null) return { kind: "changed" };
  return { kind: "failed", error: ERRORS[error.trim().toLowerCase()] ?? "unknown" };
}

/** The account page's address without the link's markers (after the outcome was shown). */
export function withoutEmailLinkParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(EMAIL_CHANGED_PARAM);
  params.delete("error");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
