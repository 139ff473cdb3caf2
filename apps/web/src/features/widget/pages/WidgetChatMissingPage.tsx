import { LogoMark } from "@parley/ui/components/Logo";
import { LTR_CODE, Trans, useTranslation } from "@parley/ui/i18n/react";
import { ActionLinks } from "../../../components/SitePageParts";
import { useDocumentTitle } from "../../../components/use-document-title";

/** `/widget/chat` without an id: usually a link that lost its last part when it was copied. */
export function WidgetChatMissingPage() {
  const { t } = useTranslation(["pages", "site"]);
  useDocumentTitle(t("site:titles.chatLinkIncomplete"));
  return (
    <main className="standalone">
      <div className="standalone-card">
        <LogoMark size={40} />
        <h1>{t("widget.missing.title")}</h1>
        <p>
          <Trans i18nKey="widget.missing.body1" ns="pages" components={LTR_CODE} />
        </p>
        <p>{t("widget.missing.body2")}</p>
        <ActionLinks
          className="standalone-actions"
          size="sm"
          links={[
            { label: t("widget.missing.howLinksWork"), variant: "secondary", to: "/widget" },
            { label: t("widget.missing.home"), variant: "ghost", to: "/" },
          ]}
        />
      </div>
    </main>
  );
}
