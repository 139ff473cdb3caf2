import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { CopyButton } from "../../../components/CopyButton";
import { useDocumentTitle } from "../../../components/use-document-title";
import { LiveDemo } from "../components/LiveDemo";
import { embedSnippet } from "../embed";

const behaviours = ["light", "isolated", "remembers", "domains"] as const;

const code = { code: <code dir="ltr" /> };

export function WidgetPage() {
  const { t } = useTranslation(["pages", "site"]);
  useDocumentTitle(t("site:titles.widget"));
  const snippet = embedSnippet();
  return (
    <>
      <section className="page-hero">
        <div className="container container-narrow">
          <p className="eyebrow">{t("widget.eyebrow")}</p>
          <h1>{t("widget.title")}</h1>
          <p className="lead">
            <Trans i18nKey="widget.lead" ns="pages" components={code} />
          </p>
        </div>
      </section>

      <section className="section section-tight">
        <div className="container container-narrow">
          <ol className="embed-steps">
            <li>
              <h2>{t("widget.steps.copy")}</h2>
              <div className="code-block">
                <div className="code-block-bar">
                  <span>{t("widget.codeLabel")}</span>
                  <CopyButton text={snippet} />
                </div>
                <pre dir="ltr">
                  <code>{snippet}</code>
                </pre>
              </div>
            </li>
            <li>
              <h2>{t("widget.steps.idTitle")}</h2>
              <p>
                <Trans i18nKey="widget.steps.idBody" ns="pages" components={code} />
              </p>
            </li>
            <li>
              <h2>{t("widget.steps.domainsTitle")}</h2>
              <p>
                <Trans i18nKey="widget.steps.domainsBody" ns="pages" components={code} />
              </p>
            </li>
          </ol>

          <div className="callout">
            <h2>{t("widget.linkTitle")}</h2>
            <p>
              <Trans i18nKey="widget.linkBody" ns="pages" components={code} />
            </p>
          </div>
        </div>
      </section>

      <section className="section section-muted">
        <div className="container">
          <div className="section-head">
            <h2>{t("widget.behaviourTitle")}</h2>
          </div>
          <div className="feature-grid">
            {behaviours.map((item) => (
              <article key={item} className="feature-card">
                <h3>{t(`widget.behaviours.${item}.title`)}</h3>
                <p>{t(`widget.behaviours.${item}.body`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container container-narrow">
          <LiveDemo />
        </div>
      </section>
    </>
  );
}
