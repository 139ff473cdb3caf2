import type { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../../lib/api";
import { watchFailures } from "../../lib/query-client";

/** The API's answer to a change made too long after signing in (ADMIN_STEP_UP_SECONDS). */
export const isStepUpRequired = (error: unknown) => isApiError(error) && error.code === "STEP_UP_REQUIRED";

/**
 * Calls `onStepUp` whenever a query or mutation of `client` fails with STEP_UP_REQUIRED, so any
 * console call, whichever component made it, brings up the one "sign in again" dialog.
 * Returns the unsubscribe.
 */
export function watchStepUp(client: QueryClient, onStepUp: () => void): () => void {
  return watchFailures(client, (error) => {
    if (isStepUpRequired(error)) onStepUp();
  });
}
