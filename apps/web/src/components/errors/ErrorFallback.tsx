import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { isApiError } from "../../lib/api-error";
import { StrokeSvg } from "../Svg";

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
 * The catalog's sentence with its `<a>…</a>` part as the link to support. Done by hand, not with
 * `<Trans>`: this screen is in the first page's bundle, and Trans (with its HTML parser) is not.
 */
function WithSupportLink({ text }: { text: string }) {
  const match = /^(.*?)<a>(.*?)<\/a>(.*)$/s.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {match[1]}
      <a href="/support">{match[2]}</a>
      {match[3]}
    </>
  );
}

/**
 * The fallback screen (spec screen 3). It may render outside the router after a crash, so it
 * uses plain links: a full page load is the safest way out of a broken state anyway.
 */
export function ErrorFallback({ error }: ErrorFallbackProps) {
  const { t } = useTranslation("site");
  const errorText = useErrorText();
  return (
    <div className="error-screen" role="alert">
      <div className="error-card">
        <div className="error-icon" aria-hidden="true">
          <StrokeSvg size={28}>
            <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </StrokeSvg>
        </div>
        <p className="error-eyebrow">{t("errorScreen.eyebrow")}</p>
        <h1 className="error-title">{t("errorScreen.title")}</h1>
        {isApiError(error) ? <p className="error-text">{errorText(error)}</p> : null}
        <p className="error-text">
          <WithSupportLink text={t("errorScreen.body")} />
        </p>
        <details className="error-details">
          <summary>{t("errorScreen.details")}</summary>
          <pre>{describe(error)}</pre>
        </details>
        <div className="error-actions">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t("errorScreen.retry")}
          </button>
          <a className="btn btn-secondary" href="/dashboard">
            {t("errorScreen.home")}
          </a>
        </div>
      </div>
    </div>
  );
}
