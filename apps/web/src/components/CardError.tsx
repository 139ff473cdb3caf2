import { useTranslation } from "@parley/ui/i18n/react";

interface CardErrorProps {
  /** "your plan", "your usage", in the reader's language (the caller's catalog) */
  what: string;
  message: string;
  requestId?: string | undefined;
  onRetry: () => void;
  retrying: boolean;
}

/** A card's failed load: what failed, the server's words, and a retry in place. */
export function CardError({ what, message, requestId, onRetry, retrying }: CardErrorProps) {
  const { t } = useTranslation("dashboard");
  const { t: tCommon } = useTranslation("common");
  return (
    <div className="card-error" role="alert">
      <p>
        <strong>{t("cardError.title", { what })}</strong> {message}
      </p>
      {requestId ? <span className="alert-meta">{tCommon("reference", { id: requestId })}</span> : null}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry} disabled={retrying}>
        {retrying ? <span className="spinner" aria-hidden="true" /> : null}
        {tCommon("actions.retry")}
      </button>
    </div>
  );
}
