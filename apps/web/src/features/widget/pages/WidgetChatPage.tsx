import { LogoMark } from "@parley/ui/components/Logo";
import { LTR_CODE, Trans, useTranslation } from "@parley/ui/i18n/react";
import { useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";

/**
 * Placeholder for the public chat page (it arrives with the widget issue, as its own light
 * entry). It says plainly that chatting isn't possible yet rather than pretending to connect.
 */
export function WidgetChatPage() {
  const { t } = useTranslation(["pages", "site"]);
  useDocumentTitle(t("site:titles.chat"));
  const { chatbotId = "" } = useParams();
  return (
    <main className="standalone">
      <div className="standalone-card">
        <LogoMark size={40} />
        <h1>{t("widget.unavailable.title")}</h1>
        <p>
          <Trans
            i18nKey="widget.unavailable.body"
            ns="pages"
            values={{ id: chatbotId }}
            components={LTR_CODE}
          />
        </p>
        <p className="standalone-foot">{t("widget.unavailable.poweredBy")}</p>
      </div>
    </main>
  );
}
