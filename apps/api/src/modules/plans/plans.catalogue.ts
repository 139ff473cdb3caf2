import type { BillingInterval } from "@parley/contracts";
import { majorToMinor } from "@parley/contracts";

export interface CatalogueEntry {
  name: string;
  tier: number;
  description: string;
  /** Monthly price in major units; yearly is ten months (two months free). */
  monthly: number;
  limits: { chatbots: number; messagesPerMonth: number; knowledgeSources: number; teamMembers: number };
  extras: string[];
}

/** The plan ladder. Numeric limits are enforced by the entitlements service (billing issue). */
export const catalogue: CatalogueEntry[] = [
  {
    name: "Free",
    tier: 0,
    description: "Try Parley on one website with the built-in answer engine.",
    monthly: 0,
    limits: { chatbots: 1, messagesPerMonth: 100, knowledgeSources: 5, teamMembers: 1 },
    extras: ["Built-in answer engine (no AI key needed)", "Embeddable widget", "Community support"],
  },
  {
    name: "Starter",
    tier: 1,
    description: "For a small business answering its customers around the clock.",
    monthly: 9,
    limits: { chatbots: 3, messagesPerMonth: 2000, knowledgeSources: 50, teamMembers: 2 },
    extras: ["Remove Parley branding", "Lead capture", "Email support"],
  },
  {
    name: "Pro",
    tier: 2,
    description: "For growing teams that bring their own AI model and learn from every chat.",
    monthly: 25,
    limits: { chatbots: 10, messagesPerMonth: 10000, knowledgeSources: 500, teamMembers: 5 },
    extras: [
      "Bring your own model (OpenAI-compatible)",
      "Conversation inbox and analytics",
      "REST API and webhooks",
      "Priority support",
    ],
  },
  {
    name: "Business",
    tier: 3,
    description: "For companies running support at scale across many sites and brands.",
    monthly: 79,
    limits: { chatbots: 50, messagesPerMonth: 50000, knowledgeSources: 5000, teamMembers: 20 },
    extras: [
      "Allowed domains and rate-limit policies",
      "Data export and retention controls",
      "REST API and webhooks",
      "Dedicated success manager",
    ],
  },
];

export const YEARLY_MONTHS_CHARGED = 10;

export function priceMinor(entry: CatalogueEntry, interval: BillingInterval, currency: string): number {
  const months = interval === "monthly" ? 1 : YEARLY_MONTHS_CHARGED;
  return majorToMinor(entry.monthly * months, currency);
}

export function planCode(entry: CatalogueEntry, interval: BillingInterval): string {
  return `${entry.name.toLowerCase()}-${interval}`;
}
