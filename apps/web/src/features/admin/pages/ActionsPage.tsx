import { useTranslation } from "@parley/ui/i18n/react";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useRecentActions } from "../api";
import { AuditTable } from "../components/AuditTable";
import { LoadError, Loading } from "../components/Status";

/** The platform audit log: every console change, who made it and why. */
export function ActionsPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("actions.title"));
  const actions = useRecentActions();
  return (
    <>
      <header className="app-page-head">
        <h1>{t("actions.title")}</h1>
        <p className="app-page-lead">{t("actions.lead")}</p>
      </header>
      {actions.isPending ? <Loading label={t("actions.loading")} /> : null}
      {actions.isError ? (
        <LoadError
          what={t("actions.failed")}
          error={actions.error}
          onRetry={() => void actions.refetch()}
          retrying={actions.isFetching}
        />
      ) : null}
      {actions.data ? <AuditTable entries={actions.data.items} /> : null}
    </>
  );
}
