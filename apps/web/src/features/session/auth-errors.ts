import { codeFromBetterAuthMessage } from "@parley/contracts/better-auth-messages";
import en from "@parley/ui/locales/en/app";
import { type AuthFailure, AuthServiceError } from "./auth-client";

/**
 * Plain-language text for a failed call to the auth service from the signed-in app. The
 * message → code table is shared with the sign-in UI (@parley/contracts/better-auth-messages);
 * the wording here is this app's own, in the `app` catalog (`authErrors.*`): components show it in
 * the reader's language with `useAuthErrorText()`; `describeAuthError` gives the English (logs,
 * tests). Spec texts ('Email is the same', "Couldn't update your email") are word for word.
 */

export type AuthErrorField = "name" | "email" | "currentPassword" | "newPassword" | "password";

type Texts = (typeof en)["authErrors"];
/** A key of `app:authErrors` (plural keys by their base name). */
export type AuthErrorKey =
  | Exclude<keyof Texts, `${string}_one` | `${string}_other`>
  | (keyof Texts extends infer K ? (K extends `${infer B}_other` ? B : never) : never);

export interface AuthErrorValues {
  count?: number;
  min?: number;
  max?: number;
}

/** What went wrong, as a catalog key (and its values), plus where to show it. */
export interface AuthErrorKind {
  key: AuthErrorKey;
  values?: AuthErrorValues;
  field?: AuthErrorField;
  /** Offer signing in again next to the message (a sensitive change needs a fresh session). */
  reauthenticate?: boolean;
}

export interface HumanAuthError {
  message: string;
  field?: AuthErrorField;
  /** Offer signing in again next to the message (a sensitive change needs a fresh session). */
  reauthenticate?: boolean;
}

/** The English text of a key (English plurals: `_one` for 1, else `_other`). */
export function englishAuthText(key: AuthErrorKey, values: AuthErrorValues = {}): string {
  const texts = en.authErrors as Record<string, string>;
  const plural =
    values.count === undefined ? undefined : texts[`${key}_${values.count === 1 ? "one" : "other"}`];
  const text = plural ?? texts[key] ?? en.authErrors.generic;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name as keyof AuthErrorValues];
    return value === undefined ? whole : String(value);
  });
}

export const NETWORK_MESSAGE = en.authErrors.network;
export const GENERIC_MESSAGE = en.authErrors.generic;
export const SERVER_MESSAGE = en.authErrors.server;
export const EMAIL_IS_THE_SAME = en.authErrors.emailSame;
export const EMAIL_NOT_UPDATED = en.authErrors.emailNotUpdated;

export function failureCode(failure: AuthFailure): string | undefined {
  if (failure.kind !== "http") return undefined;
  // The message is checked first for the spec's texts, which better-auth sends under a generic code.
  const byMessage = codeFromBetterAuthMessage(failure.message);
  return byMessage ?? failure.code?.trim().toUpperCase();
}

function limitFromMessage(message: string | undefined): number | undefined {
  const match = message?.match(/\b(\d{1,4})\b/);
  return match?.[1] ? Number(match[1]) : undefined;
}

export function classifyAuthFailure(failure: AuthFailure): AuthErrorKind {
  if (failure.kind === "network") return { key: "network" };
  if (failure.status === 429) {
    const count = failure.retryAfterSeconds;
    return count === undefined ? { key: "rateLimited" } : { key: "rateLimitedFor", values: { count } };
  }
  switch (failureCode(failure)) {
    case "EMAIL_IS_THE_SAME":
      return { key: "emailSame", field: "email" };
    case "EMAIL_CAN_NOT_BE_UPDATED":
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return { key: "emailNotUpdated", field: "email" };
    case "INVALID_EMAIL":
      return { key: "emailInvalid", field: "email" };
    // The display name rule (issue #35): at most 120 characters, something visible, one line.
    case "NAME_INVALID":
      return { key: "nameInvalid", field: "name" };
    case "INVALID_PASSWORD":
    case "INVALID_EMAIL_OR_PASSWORD":
      return { key: "passwordWrong", field: "password" };
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return { key: "noPassword" };
    case "PASSWORD_TOO_SHORT": {
      const min = limitFromMessage(failure.message);
      return min
        ? { key: "passwordTooShortMin", values: { min }, field: "newPassword" }
        : { key: "passwordTooShort", field: "newPassword" };
    }
    case "PASSWORD_TOO_LONG": {
      const max = limitFromMessage(failure.message);
      return max
        ? { key: "passwordTooLongMax", values: { max }, field: "newPassword" }
        : { key: "passwordTooLong", field: "newPassword" };
    }
    case "SESSION_EXPIRED":
    case "SESSION_NOT_FRESH":
      return { key: "notFresh", reauthenticate: true };
    case "UNAUTHORIZED":
      return { key: "sessionEnded", reauthenticate: true };
    case "FAILED_TO_UNLINK_LAST_ACCOUNT":
      return { key: "lastAccount" };
    case "ACCOUNT_NOT_FOUND":
      return { key: "accountNotFound" };
    case "CHANGE_EMAIL_DISABLED":
      return { key: "changeEmailDisabled" };
    case "VERIFICATION_EMAIL_NOT_ENABLED":
      return { key: "verificationDisabled" };
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "INVALID_CALLBACK_URL":
    case "INVALID_CALLBACKURL":
      return { key: "refused" };
    case "VALIDATION_ERROR":
    case "MISSING_FIELD":
      return { key: "invalidInput" };
  }
  if (failure.status >= 500) return { key: "server" };
  return { key: "generic" };
}

/** Any thrown value → what went wrong (errors that are not from the auth service: the generic line). */
export function classifyAuthError(error: unknown): AuthErrorKind {
  if (error instanceof AuthServiceError) return classifyAuthFailure(error.failure);
  return { key: "generic" };
}

function inEnglish({ key, values, ...rest }: AuthErrorKind): HumanAuthError {
  return { message: englishAuthText(key, values), ...rest };
}

/** The English text (for logs and the workspace errors, which translate the server's English). */
export function describeAuthFailure(failure: AuthFailure): HumanAuthError {
  return inEnglish(classifyAuthFailure(failure));
}

/** Any thrown value → English text (errors that are not from the auth service get the generic line). */
export function describeAuthError(error: unknown): HumanAuthError {
  return inEnglish(classifyAuthError(error));
}
