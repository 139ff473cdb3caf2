import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { isApiError } from "../lib/api";

/**
 * A failed action's message, in the server's words. A plan limit links to /billing, since
 * upgrading is the way forward. A reference id helps support find a request that broke (5xx); an
 * answer the person can act on (another member took the conversation, a closed window) needs none.
 */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  const { t } = useTranslation("builder");
  const errorText = useErrorText();
  if (!error) return null;
  const api = isApiError(error) ? error : null;
  const message = api ? errorText(api) : error instanceof Error ? errorText(error) : t("errors.generic");
  const limit = api?.code === "PLAN_LIMIT_REACHED";
  return (
    <div className="alert alert-error builder-error" role="alert">
      <p>
        {message}{" "}
        {limit ? (
          <Link to="/billing" className="builder-error-link">
            {t("errors.comparePlans")}
          </Link>
        ) : null}
      </p>
      {api?.requestId && api.status >= 500 ? (
        <span className="alert-meta">{t("errors.reference", { id: api.requestId })}</span>
      ) : null}
      {onRetry ? (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          {t("errors.retry")}
        </button>
      ) : null}
    </div>
  );
}

export function isPlanLimit(error: unknown): boolean {
  return isApiError(error) && error.code === "PLAN_LIMIT_REACHED";
}
