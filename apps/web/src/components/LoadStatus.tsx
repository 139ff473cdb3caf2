import { Alert } from "@parley/ui/components/Alert";
import type { ReactNode } from "react";

/** What <LoadStatus> reads of a query (TanStack Query's result has it). */
export interface LoadState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A section's load, above what it loaded: a busy line while the query is pending; when it failed
 * (or `failed` says so), an error alert saying so, with a retry button when there is `retryLabel`.
 */
export function LoadStatus({
  query,
  failed = query.isError,
  loading,
  failure,
  retryLabel,
}: {
  query: LoadState;
  failed?: boolean;
  /** "Loading keys…" */
  loading: ReactNode;
  /** What failed, in the reader's language. */
  failure: ReactNode;
  retryLabel?: ReactNode;
}) {
  return (
    <>
      {query.isPending ? <p aria-busy="true">{loading}</p> : null}
      {failed ? (
        <Alert tone="error">
          {failure}
          {retryLabel ? (
            <>
              {" "}
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
                {retryLabel}
              </button>
            </>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
