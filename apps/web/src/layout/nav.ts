export interface NavItem {
  to: string;
  label: string;
}

export const primaryNav: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/pricing", label: "Pricing" },
  { to: "/widget", label: "Widget" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
];
