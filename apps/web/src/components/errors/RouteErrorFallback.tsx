import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { ErrorFallback } from "./ErrorFallback";

/**
 * The router catches errors thrown while rendering or loading a route (including a lazy
 * chunk that failed to download after a deploy) before our boundary sees them; show the
 * same fallback screen.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorFallback error={new Error(`${error.status} ${error.statusText}`)} />;
  }
  return <ErrorFallback error={error} />;
}
