import { Link } from "react-router-dom";
import { isApiError } from "../../../app/api";

/**
 * A failed action's message, in the server's words. A plan limit links to /billing, since
 * upgrading is the way forward; a reference id helps support find the request.
 */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : "Something went wrong. Please try again.";
  const api = isApiError(error) ? error : null;
  const limit = api?.code === "PLAN_LIMIT_REACHED";
  return (
    <div className="alert alert-error builder-error" role="alert">
      <p>
        {message}{" "}
        {limit ? (
          <Link to="/billing" className="builder-error-link">
            Compare plans
          </Link>
        ) : null}
      </p>
      {api?.requestId && !limit ? <span className="alert-meta">Reference: {api.requestId}</span> : null}
      {onRetry ? (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function isPlanLimit(error: unknown): boolean {
  return isApiError(error) && error.code === "PLAN_LIMIT_REACHED";
}
