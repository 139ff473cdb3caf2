import type { BillingInterval, PlanTextsByLanguage } from "@parley/contracts";
import { majorToMinor } from "@parley/contracts";

export interface CatalogueEntry {
  /** The plan's code without its interval (`pro` → `pro-monthly`, `pro-yearly`). */
  key: string;
  tier: number;
  /** Monthly price in major units; yearly is ten months (two months free). */
  monthly: number;
  limits: { chatbots: number; messagesPerMonth: number; knowledgeSources: number; teamMembers: number };
  /**
   * Name, description and marketing features in every language the apps speak. `en` also fills
   * the plan's `name`, `description` and plain features, which the spec's fields read.
   */
  texts: PlanTextsByLanguage;
}

/** The plan ladder. Numeric limits are enforced by the entitlements service (billing issue). */
export const catalogue: CatalogueEntry[] = [
  {
    key: "free",
    tier: 0,
    monthly: 0,
    limits: { chatbots: 1, messagesPerMonth: 100, knowledgeSources: 5, teamMembers: 1 },
    texts: {
      en: {
        name: "Free",
        description: "Try Parley on one website with the built-in answer engine.",
        extras: ["Built-in answer engine (no AI key needed)", "Embeddable widget", "Community support"],
      },
      ar: {
        name: "المجانية",
        description: "جرّب Parley على موقع واحد مع محرك الإجابات المدمج.",
        extras: [
          "محرك الإجابات المدمج (دون الحاجة إلى مفتاح ذكاء اصطناعي)",
          "أداة محادثة قابلة للتضمين",
          "دعم المجتمع",
        ],
      },
    },
  },
  {
    key: "starter",
    tier: 1,
    monthly: 9,
    limits: { chatbots: 3, messagesPerMonth: 2000, knowledgeSources: 50, teamMembers: 2 },
    texts: {
      en: {
        name: "Starter",
        description: "For a small business answering its customers around the clock.",
        extras: ["Remove Parley branding", "Lead capture", "Email support"],
      },
      ar: {
        name: "الأساسية",
        description: "للمنشآت الصغيرة التي تجيب عملاءها على مدار الساعة.",
        extras: ["إزالة علامة Parley", "جمع العملاء المحتملين", "دعم عبر البريد الإلكتروني"],
      },
    },
  },
  {
    key: "pro",
    tier: 2,
    monthly: 25,
    limits: { chatbots: 10, messagesPerMonth: 10000, knowledgeSources: 500, teamMembers: 5 },
    texts: {
      en: {
        name: "Pro",
        description: "For growing teams that bring their own AI model and learn from every chat.",
        extras: [
          "Bring your own model (OpenAI-compatible)",
          "Conversation inbox and analytics",
          "REST API and webhooks",
          "Priority support",
        ],
      },
      ar: {
        name: "الاحترافية",
        description: "للفرق المتنامية التي تستخدم نموذج ذكاء اصطناعي خاصًا بها وتتعلم من كل محادثة.",
        extras: [
          "استخدام نموذجك الخاص (متوافق مع OpenAI)",
          "صندوق وارد للمحادثات وتحليلات",
          "واجهة REST API والويب هوك",
          "دعم ذو أولوية",
        ],
      },
    },
  },
  {
    key: "business",
    tier: 3,
    monthly: 79,
    limits: { chatbots: 50, messagesPerMonth: 50000, knowledgeSources: 5000, teamMembers: 20 },
    texts: {
      en: {
        name: "Business",
        description: "For companies running support at scale across many sites and brands.",
        extras: [
          "Allowed domains and rate-limit policies",
          "Data export and retention controls",
          "REST API and webhooks",
          "Dedicated success manager",
        ],
      },
      ar: {
        name: "الأعمال",
        description: "للشركات التي تدير الدعم على نطاق واسع عبر مواقع وعلامات تجارية متعددة.",
        extras: [
          "سياسات النطاقات المسموح بها وحدود الطلبات",
          "تصدير البيانات وضوابط الاحتفاظ بها",
          "واجهة REST API والويب هوك",
          "مدير نجاح مخصص",
        ],
      },
    },
  },
];

export const YEARLY_MONTHS_CHARGED = 10;

export function priceMinor(entry: CatalogueEntry, interval: BillingInterval, currency: string): number {
  const months = interval === "monthly" ? 1 : YEARLY_MONTHS_CHARGED;
  return majorToMinor(entry.monthly * months, currency);
}

export function planCode(entry: CatalogueEntry, interval: BillingInterval): string {
  return `${entry.key}-${interval}`;
}
