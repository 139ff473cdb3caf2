import { useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
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
            <div className="hero-actions">
              <a className="btn btn-primary btn-lg" href={signUpUrl}>
                {t("home.startFree")}
              </a>
              <Link className="btn btn-secondary btn-lg" to="/pricing">
                {t("home.seePricing")}
              </Link>
            </div>
            <p className="hero-note">{t("home.note")}</p>
          </div>
          <ChatPreview />
        </div>
      </section>

      <section className="section" aria-labelledby="why-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">{t("home.why.eyebrow")}</p>
            <h2 id="why-heading">{t("home.why.title")}</h2>
            <p className="lead">{t("home.why.lead")}</p>
          </div>
          <div className="feature-grid">
            {valueProps.map((item) => (
              <article key={item.key} className="feature-card">
                <FeatureIcon name={item.icon} />
                <h3>{t(`home.values.${item.key}.title`)}</h3>
                <p>{t(`home.values.${item.key}.body`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="how-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">{t("home.how.eyebrow")}</p>
            <h2 id="how-heading">{t("home.how.title")}</h2>
          </div>
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
        </div>
      </section>

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

      <section className="section section-tight">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2>{t("home.cta.title")}</h2>
              <p>{t("home.cta.body")}</p>
            </div>
            <div className="cta-actions">
              <a className="btn btn-light btn-lg" href={signUpUrl}>
                {t("home.cta.startFree")}
              </a>
              <Link className="btn btn-outline-light btn-lg" to="/contact?topic=sales">
                {t("home.cta.talkToSales")}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
