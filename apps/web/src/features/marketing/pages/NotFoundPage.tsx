import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { Link, useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";

export function NotFoundPage() {
  const { t } = useTranslation("site");
  useDocumentTitle(t("titles.notFound"));
  const { pathname } = useLocation();
  return (
    <section className="section not-found">
      <div className="container container-narrow">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t("notFound.title")}</h1>
        <p className="lead">
          <Trans
            i18nKey="notFound.lead"
            ns="site"
            values={{ path: pathname }}
            components={{ code: <code dir="ltr" /> }}
          />
        </p>
        <div className="hero-actions hero-actions-center">
          <Link className="btn btn-primary" to="/">
            {t("notFound.home")}
          </Link>
          <Link className="btn btn-secondary" to="/pricing">
            {t("notFound.pricing")}
          </Link>
        </div>
      </div>
    </section>
  );
}
