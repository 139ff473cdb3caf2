import { useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useAccess } from "../../workspaces/public";
import { AnalyticsPage } from "./AnalyticsPage";

/**
 * `/analytics`: the figures for owners and admins. Another role opening the address (a bookmark,
 * a shared link) is told calmly what their role covers, instead of meeting refused requests.
 */
export function AnalyticsRoute() {
  const access = useAccess("analytics:read");
  if (access === "yes") return <AnalyticsPage />;
  if (access === "unknown") return <div className="container app-page" aria-busy="true" />;
  return <AnalyticsNotForRole />;
}

function AnalyticsNotForRole() {
  const { t } = useTranslation("app");
  useDocumentTitle(t("nav.analytics"));
  return (
    <div className="container app-page app-page-narrow">
      <header className="app-page-head">
        <h1>{t("nav.analytics")}</h1>
      </header>
      <div className="alert alert-info" role="status" data-testid="analytics-not-for-role">
        <p>{t("access.analytics")}</p>
        <p>
          <Link to="/inbox">{t("access.toInbox")}</Link>
        </p>
      </div>
    </div>
  );
}
