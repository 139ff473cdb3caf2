import { useTranslation } from "@parley/ui/i18n/react";
import { useRecentActions } from "../api";
import { AuditTable } from "../components/AuditTable";
import { LoadStatus, PageHead } from "../components/Status";

/** The platform audit log: every console change, who made it and why. */
export function ActionsPage() {
  const { t } = useTranslation("admin");
  const actions = useRecentActions();
  return (
    <>
      <PageHead page="actions" />
      <LoadStatus query={actions} loading={t("actions.loading")} failed={t("actions.failed")} />
      {actions.data ? <AuditTable entries={actions.data.items} /> : null}
    </>
  );
}
