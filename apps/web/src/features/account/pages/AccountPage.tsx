import { useTranslation } from "@parley/ui/i18n/react";
import { PageHeader } from "../../../components/PageHeader";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ExportDataSection } from "../../inbox/public";
import { useSignedInUser } from "../../session/public";
import { useCan } from "../../workspaces/public";
import { useLinkedAccounts } from "../api";
import { DeleteAccountSection } from "../components/DeleteAccountSection";
import { EmailSection } from "../components/EmailSection";
import { LinkedAccountsSection } from "../components/LinkedAccountsSection";
import { NotificationsSection } from "../components/NotificationsSection";
import { PasswordSection } from "../components/PasswordSection";
import { ProfileSection } from "../components/ProfileSection";

export function AccountPage() {
  const { t } = useTranslation("account");
  useDocumentTitle(t("page.title"));
  const { user, userId } = useSignedInUser();
  const linked = useLinkedAccounts(userId);
  // The export holds the whole workspace's data: its owners' and admins'.
  const canExport = useCan("data:export");
  // Unknown (null) until the sign-in methods load; a failed load keeps the password forms usable.
  const hasPassword = linked.data
    ? linked.data.some((account) => account.providerId === "credential")
    : linked.isError
      ? true
      : null;

  return (
    <div className="container app-page app-page-narrow">
      <PageHeader title={t("page.title")} lead={t("page.lead")} />
      <div className="settings-stack">
        <ProfileSection user={user} />
        <EmailSection user={user} />
        <PasswordSection hasPassword={hasPassword} />
        <LinkedAccountsSection userId={userId} />
        <NotificationsSection />
        {canExport ? <ExportDataSection /> : null}
        <DeleteAccountSection user={user} hasPassword={hasPassword} />
      </div>
    </div>
  );
}
