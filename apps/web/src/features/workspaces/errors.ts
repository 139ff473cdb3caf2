import { serverTableOf } from "@parley/ui/i18n";
import { useLanguage, useServerText, useTranslation } from "@parley/ui/i18n/react";
import { lookupServerMessage } from "@parley/ui/i18n/server-match";
import type enTeam from "@parley/ui/locales/en/team";
import { useCallback } from "react";
import { AuthServiceError, describeAuthError } from "../session/public";

type TeamErrors = (typeof enTeam)["errors"];
/** Our own rules on the auth service answer with a message written for people (`team:errors.own.<CODE>`). */
type OwnCode = keyof TeamErrors["own"];
/** better-auth's organization codes that have words of their own (`team:errors.<CODE>`). */
type KnownCode = Exclude<keyof TeamErrors, "own">;

const OWN: ReadonlySet<string> = new Set<OwnCode>([
  "SEAT_LIMIT_REACHED",
  "SEATS_UNAVAILABLE",
  "PERSONAL_WORKSPACE_OWNER",
  "ROLE_NOT_FOUND",
  "TRANSFER_OWNERSHIP_FIRST",
  "WORKSPACE_NAME_INVALID",
  "WORKSPACE_SLUG_INVALID",
  "WORKSPACE_FIELD_NOT_ALLOWED",
]);

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

const codeOf = (error: unknown): string | null =>
  error instanceof AuthServiceError && error.failure.kind === "http"
    ? (error.failure.code?.toUpperCase() ?? "")
    : null;

/**
 * A failed workspace call in the reader's language. The auth service's own messages (with the
 * plan and seat numbers) are shown as sent to English readers, translated when the server table
 * knows them, and otherwise replaced by this page's general wording for the code.
 */
export function useWorkspaceErrorText() {
  const { language } = useLanguage();
  const { t } = useTranslation("team");
  const serverText = useServerText();
  return useCallback(
    (error: unknown): string => {
      const code = codeOf(error);
      if (code !== null && error instanceof AuthServiceError && error.failure.kind === "http") {
        const message = error.failure.message;
        if (OWN.has(code) && message) {
          if (language === "en") return message;
          return lookupServerMessage(serverTableOf(language), message) ?? t(`errors.own.${code as OwnCode}`);
        }
        if (KNOWN.has(code)) return t(`errors.${code as KnownCode}`);
      }
      return serverText(describeAuthError(error).message, "INTERNAL");
    },
    [language, t, serverText],
  );
}

/** Whether a failure is about the plan's seats (the notice then links to the plans). */
export function isSeatError(error: unknown): boolean {
  const code = codeOf(error);
  return code === "SEAT_LIMIT_REACHED" || code === "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED";
}
