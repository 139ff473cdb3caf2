import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { CopyableCode } from "../../../components/CopyableCode";
import { FeatureGrid, HeadedSection, PageHero } from "../../../components/SitePageParts";
import { useDocumentTitle } from "../../../components/use-document-title";
import { LiveDemo } from "../components/LiveDemo";
import { embedSnippet } from "../embed";

const behaviours = ["light", "isolated", "remembers", "domains"] as const;

const code = { code: <code dir="ltr" /> };

/** A heading and its paragraph, whose `<code>` parts read left to right. */
function HeadedCodeText({
  title,
  i18nKey,
}: {
  title: string;
  i18nKey: "widget.linkBody" | "widget.steps.idBody" | "widget.steps.domainsBody";
}) {
  return (
    <>
      <h2>{title}</h2>
      <p>
        <Trans i18nKey={i18nKey} ns="pages" components={code} />
      </p>
    </>
  );
}

export function WidgetPage() {
  const { t } = useTranslation(["pages", "site"]);
  useDocumentTitle(t("site:titles.widget"));
  const snippet = embedSnippet();
  return (
    <>
      <PageHero
        eyebrow={t("widget.eyebrow")}
        title={t("widget.title")}
        lead={<Trans i18nKey="widget.lead" ns="pages" components={code} />}
      />

      <section className="section section-tight">
        <div className="container container-narrow">
          <ol className="embed-steps">
            <li>
              <h2>{t("widget.steps.copy")}</h2>
              <CopyableCode label={t("widget.codeLabel")} code={snippet} />
            </li>
            <li>
              <HeadedCodeText title={t("widget.steps.idTitle")} i18nKey="widget.steps.idBody" />
            </li>
            <li>
              <HeadedCodeText title={t("widget.steps.domainsTitle")} i18nKey="widget.steps.domainsBody" />
            </li>
          </ol>

          <div className="callout">
            <HeadedCodeText title={t("widget.linkTitle")} i18nKey="widget.linkBody" />
          </div>
        </div>
      </section>

      <HeadedSection className="section-muted" title={t("widget.behaviourTitle")}>
        <FeatureGrid
          items={behaviours.map((item) => ({
            key: item,
            title: t(`widget.behaviours.${item}.title`),
            body: t(`widget.behaviours.${item}.body`),
          }))}
        />
      </HeadedSection>

      <section className="section">
        <div className="container container-narrow">
          <LiveDemo />
        </div>
      </section>
    </>
  );
}
