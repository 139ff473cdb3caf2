interface CardErrorProps {
  /** "your plan", "your usage" */
  what: string;
  message: string;
  requestId?: string | undefined;
  onRetry: () => void;
  retrying: boolean;
}

/** A card's failed load: what failed, the server's words, and a retry in place. */
export function CardError({ what, message, requestId, onRetry, retrying }: CardErrorProps) {
  return (
    <div className="card-error" role="alert">
      <p>
        <strong>We couldn't load {what}.</strong> {message}
      </p>
      {requestId ? <span className="alert-meta">Reference: {requestId}</span> : null}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry} disabled={retrying}>
        {retrying ? <span className="spinner" aria-hidden="true" /> : null}
        Try again
      </button>
    </div>
  );
}
