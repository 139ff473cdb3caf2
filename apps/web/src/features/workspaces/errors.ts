import { AuthServiceError } from "../session/auth-client";
import { describeAuthError } from "../session/auth-errors";

/** Our own rules on the auth service answer with a message written for people: shown as is. */
const OWN_MESSAGES = new Set([
  "SEAT_LIMIT_REACHED",
  "SEATS_UNAVAILABLE",
  "PERSONAL_WORKSPACE_OWNER",
  "ROLE_NOT_FOUND",
  "TRANSFER_OWNERSHIP_FIRST",
]);

/** better-auth's organization codes, in words. */
const MESSAGES: Record<string, string> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "That person is already a member of this workspace.",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    "That address already has a pending invitation. Use Resend in the list below to send it again.",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
    "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
  INVITATION_NOT_FOUND:
    "This invitation has expired, was revoked, or has already been used. Ask for a new one.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    "A workspace always keeps at least one owner, and only an owner can remove another owner.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
    "A workspace always keeps at least one owner. Make someone else an owner first.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: "Only owners and admins can invite people.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "Only an owner can invite another owner.",
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER:
    "Only an owner can change an owner's role or make someone an owner.",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: "Only owners and admins can remove members.",
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED:
    "This workspace has no free seat left on its plan. An owner can upgrade the plan on the Billing page.",
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: "You are not a member of this workspace.",
};

export function describeWorkspaceError(error: unknown): string {
  if (error instanceof AuthServiceError && error.failure.kind === "http") {
    const code = error.failure.code?.toUpperCase() ?? "";
    if (OWN_MESSAGES.has(code) && error.failure.message) return error.failure.message;
    const known = MESSAGES[code];
    if (known) return known;
  }
  return describeAuthError(error).message;
}
