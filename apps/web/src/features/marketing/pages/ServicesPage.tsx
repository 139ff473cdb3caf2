import { useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { signUpUrl } from "../../../lib/config";
import { FeatureIcon, type FeatureIconName } from "../components/FeatureIcon";

type ServiceItems = typeof import("@parley/ui/locales/en/pages").default.services.items;
type ServiceId = keyof ServiceItems;
type PointKey = {
  [K in ServiceId]: `services.items.${K}.${Extract<keyof ServiceItems[K], `p${number}`>}`;
}[ServiceId];

interface Service {
  id: ServiceId;
  icon: FeatureIconName;
  points: PointKey[];
  plan?: "services.planPro" | "services.planStarter";
}

const services: Service[] = [
  {
    id: "knowledge",
    icon: "book",
    points: [
      "services.items.knowledge.p1",
      "services.items.knowledge.p2",
      "services.items.knowledge.p3",
      "services.items.knowledge.p4",
    ],
  },
  {
    id: "widget",
    icon: "code",
    points: [
      "services.items.widget.p1",
      "services.items.widget.p2",
      "services.items.widget.p3",
      "services.items.widget.p4",
    ],
  },
  {
    id: "inbox",
    icon: "inbox",
    points: ["services.items.inbox.p1", "services.items.inbox.p2", "services.items.inbox.p3"],
    plan: "services.planPro",
  },
  {
    id: "leads",
    icon: "user",
    points: ["services.items.leads.p1", "services.items.leads.p2", "services.items.leads.p3"],
    plan: "services.planStarter",
  },
  {
    id: "models",
    icon: "cpu",
    points: ["services.items.models.p1", "services.items.models.p2", "services.items.models.p3"],
    plan: "services.planPro",
  },
  {
    id: "onboarding",
    icon: "handshake",
    points: ["services.items.onboarding.p1", "services.items.onboarding.p2", "services.items.onboarding.p3"],
  },
];

export function ServicesPage() {
  const { t } = useTranslation(["pages", "site"]);
  useDocumentTitle(t("site:titles.services"));
  return (
    <>
      <section className="page-hero">
        <div className="container container-narrow">
          <p className="eyebrow">{t("services.eyebrow")}</p>
          <h1>{t("services.title")}</h1>
          <p className="lead">{t("services.lead")}</p>
          <nav className="pill-nav" aria-label={t("services.pillNav")}>
            {services.map((service) => (
              <a key={service.id} href={`#${service.id}`} className="pill">
                {t(`services.items.${service.id}.title`)}
              </a>
            ))}
          </nav>
        </div>
      </section>

      <section className="section section-tight">
        <div className="container service-grid">
          {services.map((service) => (
            <article key={service.id} id={service.id} className="service-card">
              <div className="service-card-head">
                <FeatureIcon name={service.icon} />
                {service.plan ? <span className="badge">{t(service.plan)}</span> : null}
              </div>
              <h2>{t(`services.items.${service.id}.title`)}</h2>
              <p className="service-summary">{t(`services.items.${service.id}.summary`)}</p>
              <ul className="check-list">
                {service.points.map((point) => (
                  <li key={point}>{t(point)}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className="section section-tight">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2>{t("services.cta.title")}</h2>
              <p>{t("services.cta.body")}</p>
            </div>
            <div className="cta-actions">
              <Link className="btn btn-light btn-lg" to="/pricing">
                {t("services.cta.compare")}
              </Link>
              <a className="btn btn-outline-light btn-lg" href={signUpUrl}>
                {t("services.cta.startFree")}
              </a>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
