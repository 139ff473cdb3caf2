import { useTranslation } from "@parley/ui/i18n/react";
import { CtaBand, PageHero } from "../../../components/SitePageParts";
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

/** A service whose points are `services.items.<id>.p1`, `.p2`… as named. */
function service<K extends ServiceId>(
  id: K,
  icon: FeatureIconName,
  points: Extract<keyof ServiceItems[K], `p${number}`>[],
  plan?: Service["plan"],
): Service {
  return { id, icon, points: points.map((point) => `services.items.${id}.${point}` as PointKey), plan };
}

const services: Service[] = [
  service("knowledge", "book", ["p1", "p2", "p3", "p4"]),
  service("widget", "code", ["p1", "p2", "p3", "p4"]),
  service("inbox", "inbox", ["p1", "p2", "p3"], "services.planPro"),
  service("leads", "user", ["p1", "p2", "p3"], "services.planStarter"),
  service("models", "cpu", ["p1", "p2", "p3"], "services.planPro"),
  service("onboarding", "handshake", ["p1", "p2", "p3"]),
];

export function ServicesPage() {
  const { t } = useTranslation(["pages", "site"]);
  useDocumentTitle(t("site:titles.services"));
  return (
    <>
      <PageHero eyebrow={t("services.eyebrow")} title={t("services.title")} lead={t("services.lead")}>
        <nav className="pill-nav" aria-label={t("services.pillNav")}>
          {services.map((service) => (
            <a key={service.id} href={`#${service.id}`} className="pill">
              {t(`services.items.${service.id}.title`)}
            </a>
          ))}
        </nav>
      </PageHero>

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

      <CtaBand
        title={t("services.cta.title")}
        body={t("services.cta.body")}
        links={[
          { label: t("services.cta.compare"), variant: "light", to: "/pricing" },
          { label: t("services.cta.startFree"), variant: "outline-light", href: signUpUrl },
        ]}
      />
    </>
  );
}
