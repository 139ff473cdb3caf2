import type { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../../lib/api";

/** The API's answer to a change made too long after signing in (ADMIN_STEP_UP_SECONDS). */
export const isStepUpRequired = (error: unknown) => isApiError(error) && error.code === "STEP_UP_REQUIRED";

/**
 * Calls `onStepUp` whenever a query or mutation of `client` fails with STEP_UP_REQUIRED, so any
 * console call, whichever component made it, brings up the one "sign in again" dialog.
 * Returns the unsubscribe.
 */
export function watchStepUp(client: QueryClient, onStepUp: () => void): () => void {
  const seen = (error: unknown) => {
    if (isStepUpRequired(error)) onStepUp();
  };
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") seen(event.action.error);
  });
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") seen(event.action.error);
  });
  return () => {
    stopMutations();
    stopQueries();
  };
}
