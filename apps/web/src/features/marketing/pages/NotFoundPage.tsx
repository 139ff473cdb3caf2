import { LTR_CODE, Trans, useTranslation } from "@parley/ui/i18n/react";
import { useLocation } from "react-router-dom";
import { ActionLinks } from "../../../components/SitePageParts";
import { useDocumentTitle } from "../../../components/use-document-title";

/**
 * "Page not found". Public (`inApp` false) under /widget/, with the way to the home page and
 * pricing; in the signed-in app (every other unknown path, spec §2), with the way to the dashboard
 * (the spec's Go Home target) and support.
 */
export function NotFoundPage({ inApp = false }: { inApp?: boolean }) {
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
          <Trans i18nKey="notFound.lead" ns="site" values={{ path: pathname }} components={LTR_CODE} />
        </p>
        <ActionLinks
          className="hero-actions hero-actions-center"
          links={
            inApp
              ? [
                  { label: t("notFound.dashboard"), variant: "primary", to: "/dashboard" },
                  { label: t("notFound.support"), variant: "secondary", to: "/support" },
                ]
              : [
                  { label: t("notFound.home"), variant: "primary", to: "/" },
                  { label: t("notFound.pricing"), variant: "secondary", to: "/pricing" },
                ]
          }
        />
      </div>
    </section>
  );
}

/** The signed-in app's "Page not found" (every unknown path outside /widget/). */
export function AppNotFoundPage() {
  return <NotFoundPage inApp />;
}
