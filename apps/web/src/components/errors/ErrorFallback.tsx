interface ErrorFallbackProps {
  error: unknown;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    return error.stack?.includes(error.message) ? error.stack : `${head}\n${error.stack ?? ""}`.trim();
  }
  try {
    return typeof error === "string" ? error : JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/**
 * The fallback screen (spec screen 3). It may render outside the router after a crash, so it
 * uses plain links: a full page load is the safest way out of a broken state anyway.
 */
export function ErrorFallback({ error }: ErrorFallbackProps) {
  return (
    <div className="error-screen" role="alert">
      <div className="error-card">
        <div className="error-icon" aria-hidden="true">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="28"
            height="28"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </div>
        <p className="error-eyebrow">Oops!</p>
        <h1 className="error-title">Something went wrong</h1>
        <p className="error-text">
          An unexpected error stopped this page from working. Trying again usually fixes it. If it keeps
          happening, please contact our <a href="/support">support team</a>.
        </p>
        <details className="error-details">
          <summary>Error Details</summary>
          <pre>{describe(error)}</pre>
        </details>
        <div className="error-actions">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Try Again
          </button>
          <a className="btn btn-secondary" href="/dashboard">
            Go Home
          </a>
        </div>
      </div>
    </div>
  );
}
