import { Trans, useFormat, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { TERMS_LAST_UPDATED, termsSections } from "../terms";

export function TermsPage() {
  const { t } = useTranslation(["pages", "site"]);
  const format = useFormat();
  useDocumentTitle(t("site:titles.terms"));
  const lastUpdated = format.date(TERMS_LAST_UPDATED, "monthYear", { day: "numeric", timeZone: "UTC" });
  return (
    <>
      <section className="page-hero">
        {/* Same grid as the body below, so the title lines up with the text column. */}
        <div className="container terms-layout terms-hero">
          <div aria-hidden="true" />
          <div>
            <p className="eyebrow">{t("terms.eyebrow")}</p>
            <h1>{t("terms.title")}</h1>
            <p className="lead">
              {t("terms.lead")}{" "}
              <span className="muted">
                <Trans
                  i18nKey="terms.lastUpdated"
                  ns="pages"
                  values={{ date: lastUpdated }}
                  components={{ time: <time dateTime={TERMS_LAST_UPDATED} /> }}
                />
              </span>
            </p>
          </div>
        </div>
      </section>
      <section className="section section-tight">
        <div className="container terms-layout">
          <nav className="terms-toc" aria-label={t("terms.tocLabel")}>
            <p className="terms-toc-title">{t("terms.tocTitle")}</p>
            <ol>
              {termsSections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{t(section.title).replace(/^[\d٠-٩]+\.\s*/, "")}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="prose">
            {termsSections.map((section) => (
              <section key={section.id} id={section.id}>
                <h2>{t(section.title)}</h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{t(paragraph)}</p>
                ))}
              </section>
            ))}
            <p className="muted">
              <Trans i18nKey="terms.seeAlso" ns="pages" components={{ a: <Link to="/faq" /> }} />
            </p>
          </article>
        </div>
      </section>
    </>
  );
}
