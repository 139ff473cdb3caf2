export interface NavItem {
  to: string;
  /** Key in the `site` catalog. */
  label: "nav.home" | "nav.services" | "nav.pricing" | "nav.widget" | "nav.faq" | "nav.contact";
}

export const primaryNav: NavItem[] = [
  { to: "/", label: "nav.home" },
  { to: "/services", label: "nav.services" },
  { to: "/pricing", label: "nav.pricing" },
  { to: "/widget", label: "nav.widget" },
  { to: "/faq", label: "nav.faq" },
  { to: "/contact", label: "nav.contact" },
];
