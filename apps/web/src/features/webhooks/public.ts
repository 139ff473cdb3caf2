/** What other features may use of webhooks: the section the developers page shows. */
export { WebhooksSection } from "./components/WebhooksSection";
