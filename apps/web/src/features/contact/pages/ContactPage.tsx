import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { Link, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useSendContactRequest } from "../api";
import { ContactForm } from "../components/ContactForm";
import { topicFromQuery } from "../topics";

export function ContactPage() {
  const { t } = useTranslation(["pages", "site", "common"]);
  useDocumentTitle(t("site:titles.contact"));
  const [searchParams] = useSearchParams();
  const send = useSendContactRequest();

  return (
    <section className="section">
      <div className="container contact-grid">
        <div className="contact-intro">
          <p className="eyebrow">{t("contact.eyebrow")}</p>
          <h1>{t("contact.title")}</h1>
          <p className="lead">{t("contact.lead")}</p>
          <ul className="contact-points">
            <li>
              <Trans i18nKey="contact.points.sales" ns="pages" components={{ b: <strong /> }} />
            </li>
            <li>
              <Trans i18nKey="contact.points.onboarding" ns="pages" components={{ b: <strong /> }} />
            </li>
            <li>
              <Trans i18nKey="contact.points.billing" ns="pages" components={{ b: <strong /> }} />
            </li>
          </ul>
          <p className="muted">
            <Trans i18nKey="contact.faqNote" ns="pages" components={{ a: <Link to="/faq" /> }} />
          </p>
        </div>

        <div className="card contact-card">
          <ContactForm
            kind="contact"
            send={send}
            defaults={{
              name: "",
              email: "",
              company: "",
              topic: topicFromQuery(searchParams.get("topic")),
              message: "",
            }}
          />
        </div>
      </div>
    </section>
  );
}
