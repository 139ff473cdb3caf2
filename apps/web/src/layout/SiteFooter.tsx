import { Link } from "react-router-dom";
import { Logo } from "../components/Logo";

const columns = [
  {
    title: "Product",
    links: [
      { to: "/services", label: "Services" },
      { to: "/pricing", label: "Pricing" },
      { to: "/widget", label: "Widget" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/contact", label: "Contact us" },
      { to: "/contact?topic=sales", label: "Talk to sales" },
      { to: "/contact?topic=partnership", label: "Partnerships" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms-conditions", label: "Terms & Conditions" },
      { to: "/faq#data-retention", label: "Data retention" },
    ],
  },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>
            AI chatbots that answer from your own knowledge. Built for businesses that want every question
            answered, day and night.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} className="footer-column" aria-label={column.title}>
            <h2>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container">
        <div className="footer-bottom">
          <p>© {year} Parley. All rights reserved.</p>
          <p>Prices in Bahraini dinar (BHD). Pay with BENEFIT or card.</p>
        </div>
      </div>
    </footer>
  );
}
