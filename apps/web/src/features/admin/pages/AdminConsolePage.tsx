import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import type { ComponentType } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { isApiError } from "../../../lib/api";
import { useSignedInUser } from "../../session/public";
import { useStaff } from "../api";
import { ConsoleProvider } from "../components/ConsoleContext";
import { ConsoleLayout } from "../components/ConsoleLayout";
import { StepUpProvider } from "../components/StepUp";
import { ActionsPage } from "./ActionsPage";
import { CustomersPage } from "./CustomersPage";
import { HealthPage } from "./HealthPage";
import { PaymentPage } from "./PaymentPage";
import { PaymentsPage } from "./PaymentsPage";
import { PlanEditPage } from "./PlanEditPage";
import { PlansPage } from "./PlansPage";
import { WorkspacePage } from "./WorkspacePage";
import "../styles/admin.css";

/**
 * `/admin/*`, the operator's console (issue #33). Nothing of it shows until the API says the
 * signed-in person is platform staff; anyone else gets the app's "Page not found", exactly as for
 * an unknown address (no flash of the console, no hint that it exists).
 */
export function AdminConsolePage({ NotFound }: { NotFound: ComponentType }) {
  const { user } = useSignedInUser();
  const staff = useStaff(user.id);
  if (staff.isPending) return <div className="container app-page" aria-busy="true" />;
  if (staff.isError) {
    const refused = isApiError(staff.error) && staff.error.status >= 400 && staff.error.status < 500;
    if (refused) return <NotFound />;
    // The API could not answer (down, unreachable): its error and a retry, still nothing of the console.
    return (
      <div className="container app-page">
        <UnreachableNotice error={staff.error} onRetry={() => void staff.refetch()} />
      </div>
    );
  }
  if (!staff.data) return <NotFound />;
  return (
    <StepUpProvider>
      <ConsoleProvider staff={staff.data}>
        <ConsoleLayout>
          <Routes>
            <Route index element={<Navigate to="customers" replace />} />
            <Route path="customers" element={<CustomersPage />} />
            <Route path="customers/:id" element={<WorkspacePage />} />
            <Route path="payments" element={<PaymentsPage />} />
            <Route path="payments/:trackId" element={<PaymentPage />} />
            <Route path="plans" element={<PlansPage />} />
            <Route path="plans/:id" element={<PlanEditPage />} />
            <Route path="health" element={<HealthPage />} />
            <Route path="actions" element={<ActionsPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </ConsoleLayout>
      </ConsoleProvider>
    </StepUpProvider>
  );
}

function UnreachableNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  return (
    <Alert tone="error">
      {errorText(isApiError(error) ? error : null)}{" "}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t("actions.retry")}
      </Button>
    </Alert>
  );
}
