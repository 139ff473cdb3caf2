import { codeFromBetterAuthMessage } from "@parley/contracts/better-auth-messages";
import { type AuthFailure, AuthServiceError } from "./auth-client";

/**
 * Plain-language text for a failed call to the auth service from the signed-in app. The
 * message → code table is shared with the sign-in UI (@parley/contracts/better-auth-messages);
 * the wording here is this app's own. Spec texts ('Email is the same', "Couldn't update your email") are word for word.
 */

export type AuthErrorField = "name" | "email" | "currentPassword" | "newPassword" | "password";

export interface HumanAuthError {
  message: string;
  field?: AuthErrorField;
  /** Offer signing in again next to the message (a sensitive change needs a fresh session). */
  reauthenticate?: boolean;
}

export const NETWORK_MESSAGE = "We couldn't reach the sign-in service. Check your connection and try again.";
export const GENERIC_MESSAGE = "Something went wrong. Please try again.";
export const SERVER_MESSAGE = "Something went wrong on our side. Please try again in a moment.";
export const EMAIL_IS_THE_SAME = "Email is the same";
export const EMAIL_NOT_UPDATED = "Couldn't update your email";

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

export function describeAuthFailure(failure: AuthFailure): HumanAuthError {
  if (failure.kind === "network") return { message: NETWORK_MESSAGE };
  if (failure.status === 429) {
    const s = failure.retryAfterSeconds;
    return {
      message:
        s === undefined
          ? "Too many attempts. Please wait a few seconds and try again."
          : `Too many attempts. Please wait ${s} ${s === 1 ? "second" : "seconds"} and try again.`,
    };
  }
  switch (failureCode(failure)) {
    case "EMAIL_IS_THE_SAME":
      return { message: EMAIL_IS_THE_SAME, field: "email" };
    case "EMAIL_CAN_NOT_BE_UPDATED":
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return { message: EMAIL_NOT_UPDATED, field: "email" };
    case "INVALID_EMAIL":
      return { message: "Enter a valid email address, like name@company.com.", field: "email" };
    case "INVALID_PASSWORD":
    case "INVALID_EMAIL_OR_PASSWORD":
      return { message: "That password isn't right. Check it and try again.", field: "password" };
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return {
        message:
          "Your account has no password yet because you sign in with a provider. Use “Forgot password” on the sign-in page to set one.",
      };
    case "PASSWORD_TOO_SHORT": {
      const min = limitFromMessage(failure.message);
      return {
        message: min ? `Password is too short. Use at least ${min} characters.` : "Password is too short.",
        field: "newPassword",
      };
    }
    case "PASSWORD_TOO_LONG": {
      const max = limitFromMessage(failure.message);
      return {
        message: max ? `Password is too long. Use at most ${max} characters.` : "Password is too long.",
        field: "newPassword",
      };
    }
    case "SESSION_EXPIRED":
    case "SESSION_NOT_FRESH":
      return {
        message: "For your security, please sign in again before making this change.",
        reauthenticate: true,
      };
    case "UNAUTHORIZED":
      return { message: "Your session has ended. Please sign in again.", reauthenticate: true };
    case "FAILED_TO_UNLINK_LAST_ACCOUNT":
      return { message: "You can't unlink your last sign-in method. Link another one first." };
    case "ACCOUNT_NOT_FOUND":
      return {
        message: "That sign-in method isn't linked to your account any more. Reload to see the list.",
      };
    case "CHANGE_EMAIL_DISABLED":
      return { message: "Changing your email isn't available right now. Please contact support." };
    case "VERIFICATION_EMAIL_NOT_ENABLED":
      return { message: "We can't send verification emails right now. Please contact support." };
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "INVALID_CALLBACK_URL":
    case "INVALID_CALLBACKURL":
      return { message: "This request was refused for your security. Reload the page and try again." };
    case "VALIDATION_ERROR":
    case "MISSING_FIELD":
      return { message: "Some details are missing or not valid. Check the form and try again." };
  }
  if (failure.status >= 500) return { message: SERVER_MESSAGE };
  return { message: GENERIC_MESSAGE };
}

/** Any thrown value → human text (errors that are not from the auth service get the generic line). */
export function describeAuthError(error: unknown): HumanAuthError {
  if (error instanceof AuthServiceError) return describeAuthFailure(error.failure);
  return { message: GENERIC_MESSAGE };
}
