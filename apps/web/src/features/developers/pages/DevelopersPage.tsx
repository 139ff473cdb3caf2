import { useTranslation } from "@parley/ui/i18n/react";
import { lazy, Suspense } from "react";
import { Link, Navigate, Route, Routes, useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { WebhooksSection } from "../../webhooks/public";
import { useCapabilities } from "../../workspaces/public";
import { ApiKeysSection } from "../components/ApiKeysSection";
import { developerSections } from "../sections";
import "../styles/developers.css";

/** The reference renderer is its own chunk: only a visit to the reference downloads it. */
const ApiReference = lazy(() => import("../components/ApiReference"));

/**
 * The Developers area (owners and admins): API keys and the API reference, each at its own
 * address (`/developers/api-keys`, `/developers/api`), as tabs.
 */
export function DevelopersPage() {
  const { t } = useTranslation("developers");
  useDocumentTitle(t("page.title"));
  const can = useCapabilities();
  const location = useLocation();
  const sections = developerSections.filter((s) => !s.capability || can(s.capability));
  return (
    <div className="container app-page app-page-narrow">
      <header className="app-page-head">
        <h1>{t("page.title")}</h1>
        <p className="app-page-lead">{t("page.lead")}</p>
      </header>
      <nav className="developers-tabs" aria-label={t("page.sectionsLabel")}>
        <ul>
          {sections.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="developers-tab"
                // Exact or below it: "/developers/api" must not light up on "/developers/api-keys".
                aria-current={
                  location.pathname === s.to || location.pathname.startsWith(`${s.to}/`) ? "page" : undefined
                }
              >
                {t(`sections.${s.label}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to={sections[0]?.to ?? "/developers/api"} replace />} />
        <Route path="api-keys" element={<ApiKeysSection />} />
        <Route path="webhooks" element={<WebhooksSection />} />
        <Route
          path="api"
          element={
            <Suspense fallback={<p aria-busy="true">{t("reference.loading")}</p>}>
              <ApiReference />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="/developers" replace />} />
      </Routes>
    </div>
  );
}
