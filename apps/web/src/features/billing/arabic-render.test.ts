import type { Payment, SubscriptionDetails } from "@parley/contracts";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { GetStarted } from "../../app/dashboard/GetStarted";
import { CurrentPlan } from "./components/CurrentPlan";
import { PaymentHistory } from "./components/PaymentHistory";
import { PlanChanges } from "./components/PlanChanges";
import { PlanUnavailable } from "./components/PlanUnavailable";

// The billing and dashboard components render in both languages from the catalogs: the spec's
// English word for word, and Arabic with no English left except names (plans, brands, ids).

const pro = {
  _id: "pl_pro_m",
  id: "pl_pro_m",
  name: "Pro",
  isActive: true,
  description: "",
  price: { amount: 25, currency: "BHD" },
  billingInterval: "monthly" as const,
  features: [],
  tier: 2,
  texts: {
    en: { name: "Pro", description: "", extras: [] },
    ar: { name: "الاحترافية", description: "", extras: [] },
  },
};
const pastDue: SubscriptionDetails = {
  _id: "sub_1",
  userId: "u1",
  status: "past_due",
  plan: pro,
  currentPeriodStart: "2026-11-21T10:00:00.000Z",
  currentPeriodEnd: "2026-12-21T10:00:00.000Z",
  graceEndsAt: "2026-12-28T10:00:00.000Z",
  pendingChange: {
    plan: {
      ...pro,
      id: "pl_starter_m",
      name: "Starter",
      tier: 1,
      texts: {
        en: { name: "Starter", description: "", extras: [] },
        ar: { name: "الأساسية", description: "", extras: [] },
      },
    },
    effectiveAt: "2026-12-21T10:00:00.000Z",
  },
  lastPaymentTrackId: "trk_1",
};
const declined = {
  track_id: "trk_1",
  planId: "pl_pro_m",
  planName: "Pro",
  planNames: { en: "Pro", ar: "الاحترافية" },
  billingInterval: "monthly",
  amount: { amount: 25, currency: "BHD" },
  method: "mastercard",
  status: "failed",
  resultMessage: "Declined by the card issuer (sandbox)",
  createdAt: "2026-11-21T10:00:00.000Z",
  capturedAt: null,
} as unknown as Payment;
// A payment whose gateway could not be reached, after the reconciler ended it (issue #25 item 7).
const expired = {
  ...declined,
  track_id: "trk_2",
  status: "expired",
  resultMessage: "The payment gateway could not start the payment",
} as Payment;

const screens = (): ReactElement[] => [
  createElement(CurrentPlan, {
    subscription: pastDue,
    onRenew: () => undefined,
    onCancelDowngrade: () => undefined,
    cancelling: false,
    cancelMessage: null,
  }),
  createElement(PaymentHistory, { payments: [declined, expired] }),
  createElement(PaymentHistory, { payments: [] }),
  createElement(PlanChanges, {
    changes: [
      {
        kind: "granted",
        from: { en: "Free", ar: "المجانية" },
        to: { en: "Pro", ar: "الاحترافية" },
        at: "2026-11-30T10:00:00.000Z",
        effectiveAt: "2026-12-31T23:59:59.000Z",
        byParley: true,
      },
      {
        kind: "upgrade",
        from: { en: "Free", ar: "المجانية" },
        to: { en: "Pro", ar: "الاحترافية" },
        at: "2026-11-21T10:00:00.000Z",
        effectiveAt: null,
        byParley: false,
      },
      {
        kind: "created",
        from: null,
        to: { en: "Free", ar: "المجانية" },
        at: "2026-11-01T10:00:00.000Z",
        effectiveAt: null,
        byParley: false,
      },
    ],
  }),
  createElement(PlanChanges, { changes: [] }),
  createElement(PlanUnavailable, { onRetry: () => undefined, retrying: false }),
  createElement(
    MemoryRouter,
    null,
    createElement(GetStarted, {
      emailVerified: false,
      onPaidPlan: false,
      chatbotCount: 0,
      firstChatbotId: "cb_1",
      widgetLive: false,
    }),
  ),
];

async function render(language: Language): Promise<string> {
  const i18n = await createI18n(language);
  return (
    screens()
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      .map((screen) => renderToStaticMarkup(createElement(LanguageProvider, { i18n, children: screen })))
      .join("\n")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ")
  );
}

describe("billing and dashboard screens", () => {
  it("say the spec's English", async () => {
    const text = await render("en");
    for (const expected of [
      "Pay for the next period by Dec 28, 2026 to keep Pro. After that your account moves to the Free plan.",
      "Your plan changes to Starter on Dec 21, 2026",
      "Past due",
      "Declined by the card issuer (sandbox)",
      "Expired — no payment was taken",
      "The payment gateway could not start the payment",
      "Card (Mastercard)",
      "No payments yet",
      "Pro granted until Dec 31, 2026",
      "Parley's team",
      "Moved to Pro",
      "Your plan has not changed yet.",
      "Your plan details aren't available right now.",
      "Free works for trying things out. Compare plans when you need more messages or chatbots.",
      "Paste one line of code into your site and your bot answers there. Get the embed code",
      "1 of 5 done",
    ])
      expect(text).toContain(expected);
  });

  it("leave no English in Arabic but names", async () => {
    const text = await render("ar");
    const names = /\b(Pro|Starter|Free|BHD|Parley|Mastercard|BENEFIT)\b/g;
    expect(text.replace(names, "").match(/[A-Za-z]{2,}[^<]*/g) ?? []).toEqual([]);
    expect(text).toContain("ديسمبر");
    expect(text).toContain("انتهت المهلة — لم يُقتطع أي مبلغ");
    expect(text).toContain("تعذّر على بوابة الدفع بدء الدفعة.");
    expect(text).toContain("مُنحت باقة الاحترافية حتى");
    expect(text).toContain("فريق");
  });
});
