import type {
  AdminHealth,
  AdminPaymentDetail,
  AdminPaymentList,
  AdminPlan,
  AdminWorkspaceDetail,
} from "@parley/contracts";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { adminKeys, type Staff } from "./api";
import { ConsoleProvider } from "./components/ConsoleContext";
import { ConsoleLayout } from "./components/ConsoleLayout";
import { StepUpProvider } from "./components/StepUp";
import { HealthPage } from "./pages/HealthPage";
import { PaymentPage } from "./pages/PaymentPage";
import { PaymentsPage } from "./pages/PaymentsPage";
import { PlanEditPage } from "./pages/PlanEditPage";
import { PlansPage } from "./pages/PlansPage";
import { WorkspacePage } from "./pages/WorkspacePage";

// The console's pages render from the catalogs in both languages: English for the operator who
// reads it, Arabic with no English left but data (ids, e-mails, addresses, brand names).

const at = "2026-11-21T10:00:00.000Z";
const names = { en: "Pro", ar: "الاحترافية" };
const admin: Staff = { role: "admin", email: "ops@parley.test", changesUntil: "2999-01-01T00:00:00.000Z" };
const support: Staff = { role: "support", email: "help@parley.test", changesUntil: null };

const held = {
  trackId: "trk_held",
  workspaceId: "u_customer",
  provider: "sandbox",
  method: "mastercard",
  state: "amount_mismatch",
  amount: { amount: 25, currency: "BHD" },
  plan: { id: "pl_pro_m", names },
  gatewayReference: "gw_123",
  resultCode: null,
  resultMessage: null,
  createdAt: at,
  capturedAt: null,
} satisfies AdminWorkspaceDetail["payments"][number];
const pending = { ...held, trackId: "trk_pending", state: "pending", gatewayReference: null } as const;

const workspace = {
  id: "u_customer",
  name: null,
  personal: true,
  membersKnown: true,
  suspension: null,
  members: [{ userId: "u_customer", email: "layla@example.com", name: "Layla", role: "owner" }],
  subscription: {
    status: "active",
    plan: { id: "pl_pro_m", names, tier: 2, billingInterval: "monthly" },
    currentPeriodStart: at,
    currentPeriodEnd: "2026-12-21T10:00:00.000Z",
    graceEndsAt: null,
    pendingChange: null,
  },
  usage: {
    month: "2026-11",
    used: { chatbots: 2, messagesPerMonth: 120, knowledgeSources: 3, teamMembers: 1 },
    limits: { chatbots: 5, messagesPerMonth: 10_000, knowledgeSources: 50, teamMembers: 5 },
  },
  chatbots: [
    {
      id: "cb_live",
      name: "Perfume help",
      published: true,
      suspendedAt: null,
      suspendedReason: null,
      createdAt: at,
    },
    {
      id: "cb_bad",
      name: "Spam bot",
      published: true,
      suspendedAt: at,
      suspendedReason: "Abuse report #42",
      createdAt: at,
    },
  ],
  payments: [held],
  subscriptionChanges: [{ kind: "granted", from: null, to: names, reference: "admin", createdAt: at }],
  apiKeys: [{ name: "Zapier", createdAt: at, lastUsedAt: null, revoked: false }],
  webhooks: [
    { url: "https://hooks.example.com/p", enabled: false, failingSince: at, disabledReason: "failing" },
  ],
  channels: [
    { kind: "whatsapp", chatbotId: "cb_live", displayNumber: "+973 1700 0000", status: "connected" },
  ],
  recentErrors: [
    { what: "webhook: https://hooks.example.com/p", message: "failing", at },
    { what: "source: Price list", message: "The file is empty.", at },
  ],
  audit: [
    {
      id: "pa_1",
      actorEmail: "ops@parley.test",
      action: "chatbot.suspended",
      targetType: "chatbot",
      targetId: "cb_bad",
      reason: "Abuse report #42",
      before: { suspendedAt: null },
      after: { suspendedAt: at },
      createdAt: at,
    },
  ],
} as AdminWorkspaceDetail;

const plan: AdminPlan = {
  id: "pl_pro_m",
  code: "pro_monthly",
  version: 3,
  isActive: true,
  tier: 2,
  billingInterval: "monthly",
  price: { amount: 25, currency: "BHD" },
  nextPrice: { amount: { amount: 30, currency: "BHD" }, from: "2027-01-01T00:00:00.000Z" },
  limits: { chatbots: 5, messagesPerMonth: 10_000, knowledgeSources: 50, teamMembers: 5 },
  texts: {
    en: { name: "Pro", description: "For growing teams", extras: ["Webhooks"] },
    ar: { name: "الاحترافية", description: "للفرق النامية", extras: ["الويب هوك"] },
  },
  editedAt: at,
};

const health: AdminHealth = {
  jobs: [{ kind: "webhooks.deliver", queued: 3, running: 1, failed: 2, oldestQueuedAt: at }],
  failingWebhooks: [
    { workspaceId: "u_customer", url: "https://hooks.example.com/p", failingSince: at, enabled: false },
  ],
  ingestionFailures: {
    last24h: 3,
    recent: [
      {
        workspaceId: "u_customer",
        chatbotId: "cb_live",
        title: "Price list",
        error: "The file is empty.",
        at,
      },
    ],
  },
  payments: { pendingOlderThan15m: 1, heldForReview: 2 },
  messagesByHour: [
    { hour: "2026-11-21T09:00:00.000Z", channel: "widget", messages: 11 },
    { hour: "2026-11-21T09:00:00.000Z", channel: "whatsapp", messages: 4 },
  ],
  revenue: [{ month: "2026-11", currency: "BHD", captured: 125, refunded: 9, newWorkspaces: 4, churned: 1 }],
  mrr: [{ currency: "BHD", amount: 212.5, workspaces: 11 }],
  suspendedChatbots: 1,
};

const paymentList: AdminPaymentList = { items: [held, pending], nextCursor: "next" };
const pendingDetail: AdminPaymentDetail = {
  ...pending,
  events: [{ id: "ev_1", provider: "sandbox", outcome: "ignored", reason: "still pending", receivedAt: at }],
  refunds: [],
  refundable: true,
};

function seeded(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(adminKeys.workspace("u_customer"), workspace);
  client.setQueryData(adminKeys.plans(), { items: [plan] });
  client.setQueryData(adminKeys.health(), health);
  client.setQueryData(adminKeys.payments({}), { pages: [paymentList], pageParams: [""] });
  client.setQueryData(adminKeys.payment("trk_pending"), pendingDetail);
  return client;
}

async function render(
  language: Language,
  path: string,
  pattern: string,
  page: ReactElement,
  staff = admin,
  client = seeded(),
) {
  const i18n = await createI18n(language);
  const html = renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(
        LanguageProvider,
        { i18n } as Parameters<typeof LanguageProvider>[0],
        h(
          MemoryRouter,
          { initialEntries: [path] },
          h(
            StepUpProvider,
            null,
            h(
              ConsoleProvider,
              { staff } as Parameters<typeof ConsoleProvider>[0],
              h(ConsoleLayout, null, h(Routes, null, h(Route, { path: pattern, element: page }))),
            ),
          ),
        ),
      ),
    ),
  );
  return html.replaceAll(' data-discover="true"', "");
}

/** Visible text and aria-labels, entities decoded; `<pre>` (recorded JSON) left out with `data`. */
const text = (html: string, { data = true } = {}) =>
  `${(data ? html : html.replace(/<pre[\s\S]*?<\/pre>/g, " ")).replace(/<[^>]+>/g, " ")} ${[
    ...html.matchAll(/aria-label="([^"]*)"/g),
  ]
    .map((m) => m[1])
    .join(" ")}`
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .trim();

const pages: [string, string, string, () => ReactElement][] = [
  ["workspace", "/admin/customers/u_customer", "/admin/customers/:id", () => h(WorkspacePage)],
  ["payments", "/admin/payments", "/admin/payments", () => h(PaymentsPage)],
  ["payment", "/admin/payments/trk_pending", "/admin/payments/:trackId", () => h(PaymentPage)],
  ["plans", "/admin/plans", "/admin/plans", () => h(PlansPage)],
  ["plan editor", "/admin/plans/pl_pro_m", "/admin/plans/:id", () => h(PlanEditPage)],
  ["health", "/admin/health", "/admin/health", () => h(HealthPage)],
];

describe("the operator's console", () => {
  it("shows a workspace: plan, usage, members, bots, payments held for review, changes, errors, actions", async () => {
    const html = await render("en", ...pageArgs("workspace"));
    const all = text(html);
    for (const words of [
      "Operator's console",
      "Signed in as ops@parley.test",
      "Personal workspace of layla@example.com",
      "Pro Monthly Active",
      "Grant or extend a plan",
      "Usage in November 2026",
      "120 of 10,000",
      "Layla layla@example.com Owner",
      "Suspended Since Nov 21, 2026: Abuse report #42",
      "Lift suspension",
      "Held for review",
      "Granted by Parley's team",
      "Webhook https://hooks.example.com/p",
      "Deliveries are failing",
      "Knowledge source “Price list”",
      "Suspended a chatbot",
      "WhatsApp",
      "Suspend workspace",
      "Schedule a downgrade",
    ])
      expect(all).toContain(words);
    // One bot to suspend, the other's suspension to lift.
    expect(html.match(/>Suspend</g)?.length).toBe(1);
  });

  it("says when the whole workspace is suspended, by whom and why, and offers to lift it", async () => {
    const client = seeded();
    client.setQueryData(adminKeys.workspace("u_customer"), {
      ...workspace,
      suspension: { at, reason: "Chargeback fraud", by: "ops@parley.test" },
      subscription: {
        ...workspace.subscription,
        pendingChange: { planNames: { en: "Free", ar: "المجانية" }, effectiveAt: at },
      },
    });
    const all = text(await render("en", ...pageArgs("workspace"), admin, client));
    expect(all).toContain(
      "Suspended on Nov 21, 2026, 10:00 AM by ops@parley.test: every chatbot of this workspace answers “unavailable”. Reason: Chargeback fraud",
    );
    expect(all).toContain("Lift workspace suspension");
    expect(all).toContain("Changes to Free on Nov 21, 2026");
    expect(all).toContain("Cancel the downgrade");
    expect(all).not.toContain("Schedule a downgrade");
  });

  it("gives support staff the same pages without a single change button, and says why", async () => {
    const all = text(await render("en", ...pageArgs("workspace"), support));
    expect(all).toContain("Your staff role can look, not change.");
    expect(all).not.toMatch(/Grant or extend|Lift suspension|\bSuspend\b|Schedule a downgrade/);
    const payment = text(await render("en", ...pageArgs("payment"), support));
    expect(payment).toContain("Pending: the gateway has not told us");
    expect(payment).not.toContain("Ask the gateway now");
    const plans = await render("en", ...pageArgs("plans"), support);
    expect(plans).not.toContain('href="/admin/plans/pl_pro_m"');
  });

  it("asks for a fresh sign-in once the step-up window has passed", async () => {
    const stale = { ...admin, changesUntil: "2020-01-01T00:00:00.000Z" };
    const all = text(await render("en", ...pageArgs("plans"), stale));
    expect(all).toContain("Changes need a sign-in within the last 10 minutes. Sign in again");
  });

  it("lists payments with their states and a cursor's Load more; a pending one can be asked about", async () => {
    const list = text(await render("en", ...pageArgs("payments")));
    expect(list).toContain("2 payments shown");
    expect(list).toContain("Held for review");
    expect(list).toContain("Load more");
    const one = text(await render("en", ...pageArgs("payment")));
    expect(one).toContain("Payment trk_pending");
    expect(one).toContain("Ask the gateway now");
    expect(one).toContain("Ignored");
    expect(one).toContain("The gateway said it was still pending");
    expect(one).not.toContain("Grant the plan as paid");
    expect(one).not.toContain("Refund");
  });

  it("refunds a captured payment, says what is left, and lists its refunds", async () => {
    const client = seeded();
    client.setQueryData(adminKeys.payment("trk_pending"), {
      ...pendingDetail,
      state: "captured",
      capturedAt: at,
      refunds: [
        {
          id: "rfd_1",
          amount: { amount: 5, currency: "BHD" },
          status: "refunded",
          planConsequence: "end_of_period",
          reason: "Customer asked",
          requestedBy: "ops@parley.test",
          resultMessage: null,
          createdAt: at,
        },
      ],
    } satisfies AdminPaymentDetail);
    const all = text(await render("en", ...pageArgs("payment"), admin, client));
    expect(all).toContain("Refund");
    expect(all).toContain(
      "BHD 5.000 Refunded Move to the Free plan when the paid period ends ops@parley.test Customer asked",
    );
    expect(all).not.toContain("Ask the gateway now");
    const benefit = seeded();
    benefit.setQueryData(adminKeys.payment("trk_pending"), {
      ...pendingDetail,
      state: "captured",
      refundable: false,
    });
    expect(text(await render("en", ...pageArgs("payment"), admin, benefit))).toContain(
      "This gateway takes refunds only in its own console",
    );
  });

  it("offers to grant or decline a payment held for review, and to ask the gateway what it says", async () => {
    const client = seeded();
    client.setQueryData(adminKeys.payment("trk_pending"), { ...pendingDetail, state: "amount_mismatch" });
    const all = text(await render("en", ...pageArgs("payment"), admin, client));
    expect(all).toContain("Held for review: the amount the gateway reported differs from the plan's price");
    expect(all).toContain("Grant the plan as paid");
    expect(all).toContain("Decline");
    expect(all).toContain("Ask the gateway now");
  });

  it("edits a plan with both languages side by side and the version it was read at", async () => {
    const html = await render("en", ...pageArgs("plan editor"));
    expect(text(html)).toContain("Version 3.");
    // The Arabic texts are typed right to left, the English left to right, each marked with its language.
    expect(html).toMatch(/<input id="[^"]+-name-ar"[^>]* lang="ar" dir="rtl"/);
    expect(html).toMatch(/<textarea id="[^"]+-features-en"[^>]* lang="en" dir="ltr"/);
    expect(text(html)).toContain("English Name");
    expect(text(html)).toContain("Arabic Name");
    const plans = text(await render("en", ...pageArgs("plans")));
    expect(plans).toContain("BHD 30.000 from Jan 1, 2027");
  });

  it("shows the platform's health in plain figures and tables", async () => {
    const all = text(await render("en", ...pageArgs("health")));
    for (const words of [
      "Jobs failed 2",
      "Payments held for review 2",
      "3 failures in the last 24 hours",
      "15 messages in all",
      "Website",
      "November 2026 BHD 125.000 BHD 9.000 4 1",
      "Monthly recurring revenue BHD 212.500 11 paying workspaces",
      "Review them",
    ])
      expect(all).toContain(words);
  });

  it.each(pages)("reads %s in Arabic with no English left but data", async (name) => {
    const all = text(await render("ar", ...pageArgs(name)), { data: false });
    expect(all).toMatch(/[\u0600-\u06FF]/);
    const latin = all
      .replace(/\S+@\S+|https?:\/\/\S+/g, " ")
      // Data: ids, codes, job kinds, a customer's own words, brand and currency names.
      .replace(/\b(?:trk|cb|pl|u|gw|ev|pa)_\w+|\bwebhooks\.deliver\b|\bpro_monthly\b/g, " ")
      .replace(
        /\b(Parley|Layla|Perfume help|Spam bot|Abuse report|Zapier|Price list|The file is empty|Pro|For growing teams|Webhooks|BENEFIT|Mastercard|API|BHD|UTC|admin)\b/g,
        " ",
      )
      .match(/[A-Za-z]{2,}/g);
    expect(latin ?? []).toEqual([]);
  });
});

function pageArgs(name: string): [string, string, ReactElement] {
  const found = pages.find((p) => p[0] === name);
  if (!found) throw new Error(name);
  return [found[1], found[2], found[3]()];
}
