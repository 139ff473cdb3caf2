import { Button } from "@parley/ui/components/Button";
import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { isApiError } from "../lib/api";

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
      <Button variant="secondary" size="sm" onClick={onRetry} busy={retrying}>
        {tCommon("actions.retry")}
      </Button>
    </div>
  );
}

/** What <QueryCardError> reads of a failed query (TanStack Query's result). */
interface FailedQuery {
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A card's failed query, as <CardError>: the error's words and reference, and the query's refetch. */
export function QueryCardError({ what, query }: { what: string; query: FailedQuery }) {
  const errorText = useErrorText();
  return (
    <CardError
      what={what}
      requestId={isApiError(query.error) ? query.error.requestId : undefined}
      message={errorText(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
