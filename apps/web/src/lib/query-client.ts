import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-error";

/** Retrying a 4xx cannot help (bad input, missing auth, not found); 429 and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Calls `onError` with the error of each query or mutation of `client` that fails from now on
 * (whichever component made the call). Returns the unsubscribe.
 */
export function watchFailures(client: QueryClient, onError: (error: unknown) => void): () => void {
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
