import { ApiError } from "./api-error";

/** What a call that got no answer says (in English; the apps show the NETWORK_ERROR code's words). */
// i18n-ignore: an ApiError's English message; people see it through useErrorText (by code in Arabic)
export const UNREACHABLE = "We couldn't reach Parley. Check your connection and try again.";

/**
 * The error of a call that got no answer at all (offline, DNS, a refused connection): status 500,
 * code NETWORK_ERROR, `message` saying what could not be reached, and the fetch's own error.
 */
export function networkError(message: string, cause: unknown): ApiError {
  return new ApiError({ status: 500, code: "NETWORK_ERROR", message, cause });
}
