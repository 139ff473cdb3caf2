import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ContactForm } from "../../contact/public";
import { useSignedInUser } from "../../session/public";
import { useSendSupportRequest } from "../api";

export function SupportPage() {
  const { t } = useTranslation(["pages", "site", "common"]);
  useDocumentTitle(t("site:titles.support"));
  const { user } = useSignedInUser();
  const send = useSendSupportRequest();

  return (
    <div className="container app-page">
      <header className="app-page-head">
        <h1>{t("support.title")}</h1>
        <p className="app-page-lead">{t("support.lead")}</p>
      </header>

      <div className="support-grid">
        <section className="card support-card" aria-label={t("support.formLabel")}>
          <ContactForm
            kind="support"
            send={send}
            defaults={{ name: user.name, email: user.email, topic: "support", message: "" }}
            receiptNote={<p className="dash-muted dash-small">{t("support.quoteReference")}</p>}
          />
        </section>

        <aside className="support-aside" aria-label={t("support.asideLabel")}>
          <div className="card support-tip">
            <h2>{t("support.quickTitle")}</h2>
            <ul>
              <li>
                <Trans i18nKey="support.quickFaq" ns="pages" components={{ a: <Link to="/faq" /> }} />
              </li>
              <li>
                <Trans i18nKey="support.quickBilling" ns="pages" components={{ a: <Link to="/billing" /> }} />
              </li>
              <li>
                <Trans i18nKey="support.quickAccount" ns="pages" components={{ a: <Link to="/account" /> }} />
              </li>
            </ul>
          </div>
          <div className="card support-tip">
            <h2>{t("support.fasterTitle")}</h2>
            <p>{t("support.fasterBody")}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}
