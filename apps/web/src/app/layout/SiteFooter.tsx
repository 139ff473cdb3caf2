import { Logo } from "@parley/ui/components/Logo";
import { LanguageSwitch, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";

const columns = [
  {
    title: "footer.columns.product",
    links: [
      { to: "/services", label: "footer.links.services" },
      { to: "/pricing", label: "footer.links.pricing" },
      { to: "/widget", label: "footer.links.widget" },
      { to: "/faq", label: "footer.links.faq" },
    ],
  },
  {
    title: "footer.columns.company",
    links: [
      { to: "/contact", label: "footer.links.contactUs" },
      { to: "/contact?topic=sales", label: "footer.links.talkToSales" },
      { to: "/contact?topic=partnership", label: "footer.links.partnerships" },
    ],
  },
  {
    title: "footer.columns.legal",
    links: [
      { to: "/terms-conditions", label: "footer.links.terms" },
      { to: "/faq#data-retention", label: "footer.links.dataRetention" },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation("site");
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>{t("footer.tagline")}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} className="footer-column" aria-label={t(column.title)}>
            <h2>{t(column.title)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container">
        <div className="footer-bottom">
          <p>{t("footer.rights", { year })}</p>
          <p>{t("footer.prices")}</p>
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}
