import { useTranslation } from "@parley/ui/i18n/react";
import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** Shown only on a first visit straight to a lazy page; later navigations keep the old page up. */
export function PageFallback() {
  const { t } = useTranslation("site");
  return (
    <div className="page-fallback" role="status" aria-live="polite">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <span className="sr-only">{t("layout.loadingPage")}</span>
    </div>
  );
}

export function SiteLayout() {
  const { t } = useTranslation("site");
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t("layout.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
