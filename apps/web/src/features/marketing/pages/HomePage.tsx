import { useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { ActionLinks, CtaBand, FeatureGrid, HeadedSection } from "../../../components/SitePageParts";
import { useDocumentTitle } from "../../../components/use-document-title";
import { signUpUrl } from "../../../lib/config";
import { ChatPreview } from "../components/ChatPreview";
import { FeatureIcon, type FeatureIconName } from "../components/FeatureIcon";

const valueProps = [
  { icon: "code", key: "scriptTag" },
  { icon: "bolt", key: "streaming" },
  { icon: "shield", key: "domains" },
  { icon: "card", key: "billing" },
] as const satisfies readonly { icon: FeatureIconName; key: string }[];

const steps = ["knowledge", "shape", "embed"] as const;

const trustPoints = ["knowledge", "fallback", "data"] as const;

export function HomePage() {
  const { t } = useTranslation("site");
  useDocumentTitle();
  return (
    <>
      <section className="hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">{t("home.eyebrow")}</p>
            <h1>{t("home.title")}</h1>
            <p className="lead">{t("home.lead")}</p>
            <ActionLinks
              className="hero-actions"
              size="lg"
              links={[
                { label: t("home.startFree"), variant: "primary", href: signUpUrl },
                { label: t("home.seePricing"), variant: "secondary", to: "/pricing" },
              ]}
            />
            <p className="hero-note">{t("home.note")}</p>
          </div>
          <ChatPreview />
        </div>
      </section>

      <HeadedSection
        titleId="why-heading"
        eyebrow={t("home.why.eyebrow")}
        title={t("home.why.title")}
        lead={t("home.why.lead")}
      >
        <FeatureGrid
          items={valueProps.map((item) => ({
            key: item.key,
            icon: <FeatureIcon name={item.icon} />,
            title: t(`home.values.${item.key}.title`),
            body: t(`home.values.${item.key}.body`),
          }))}
        />
      </HeadedSection>

      <HeadedSection
        className="section-muted"
        titleId="how-heading"
        eyebrow={t("home.how.eyebrow")}
        title={t("home.how.title")}
      >
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step} className="step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`home.steps.${step}.title`)}</h3>
              <p>{t(`home.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </HeadedSection>

      <section className="section" aria-labelledby="trust-heading">
        <div className="container split">
          <div>
            <p className="eyebrow">{t("home.trust.eyebrow")}</p>
            <h2 id="trust-heading">{t("home.trust.title")}</h2>
            <p className="lead">{t("home.trust.lead")}</p>
            <Link className="text-link" to="/services">
              {t("home.trust.link")}
            </Link>
          </div>
          <ul className="trust-list">
            {trustPoints.map((point) => (
              <li key={point}>
                <h3>{t(`home.trustPoints.${point}.title`)}</h3>
                <p>{t(`home.trustPoints.${point}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand
        title={t("home.cta.title")}
        body={t("home.cta.body")}
        links={[
          { label: t("home.cta.startFree"), variant: "light", href: signUpUrl },
          { label: t("home.cta.talkToSales"), variant: "outline-light", to: "/contact?topic=sales" },
        ]}
      />
    </>
  );
}
