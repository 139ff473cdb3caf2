/** What other features may use of contact: the support page is the same form (its own words and address). */
export { ContactForm } from "./components/ContactForm";
