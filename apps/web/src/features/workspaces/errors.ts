import { useServerText, useTranslation } from "@parley/ui/i18n/react";
import type enTeam from "@parley/ui/locales/en/team";
import { useCallback } from "react";
import { AuthServiceError } from "../session/auth-client";
import { describeAuthError } from "../session/auth-errors";

/** Our own rules on the auth service answer with a message written for people: shown as is (translated). */
const OWN_MESSAGES = new Set([
  "SEAT_LIMIT_REACHED",
  "SEATS_UNAVAILABLE",
  "PERSONAL_WORKSPACE_OWNER",
  "ROLE_NOT_FOUND",
  "TRANSFER_OWNERSHIP_FIRST",
]);

/** better-auth's organization codes that have words of their own (`team:errors.<CODE>`). */
type KnownCode = keyof (typeof enTeam)["errors"];
const KNOWN: ReadonlySet<string> = new Set<KnownCode>([
  "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
  "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION",
  "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
  "INVITATION_NOT_FOUND",
  "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
  "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER",
  "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
  "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE",
  "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER",
  "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
  "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
  "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
]);

/** A failed workspace call in the reader's language. */
export function useWorkspaceErrorText() {
  const { t } = useTranslation("team");
  const serverText = useServerText();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof AuthServiceError && error.failure.kind === "http") {
        const code = error.failure.code?.toUpperCase() ?? "";
        if (OWN_MESSAGES.has(code) && error.failure.message)
          return serverText(error.failure.message, "CONFLICT");
        if (KNOWN.has(code)) return t(`errors.${code as KnownCode}`);
      }
      return serverText(describeAuthError(error).message, "INTERNAL");
    },
    [t, serverText],
  );
}

/** Whether a failure asks for a bigger plan (the notice then links to the plans). */
export function isSeatError(error: unknown): boolean {
  if (!(error instanceof AuthServiceError) || error.failure.kind !== "http") return false;
  const code = error.failure.code?.toUpperCase() ?? "";
  return (
    code === "SEAT_LIMIT_REACHED" ||
    code === "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED" ||
    /upgrade/i.test(error.failure.message ?? "")
  );
}
