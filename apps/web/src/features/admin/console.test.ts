import { type AdminPlan, formatMoney } from "@parley/contracts";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import {
  changeAccess,
  errorSubject,
  eventReason,
  grantablePlans,
  isGrantEnd,
  messagesTable,
  paymentFiltersFrom,
  paymentFiltersToSearch,
  planFormValues,
  planPatch,
  reauthUrl,
  rebasePlanForm,
  refundLeft,
  tomorrow,
  usageRatio,
} from "./console";
import { dropDraft, peekDraft, saveDraft } from "./drafts";
import { isStepUpRequired, watchStepUp } from "./step-up";

const proPlan: AdminPlan = {
  id: "pl_pro_m",
  code: "pro_monthly",
  version: 3,
  isActive: true,
  tier: 2,
  billingInterval: "monthly",
  price: { amount: 25, currency: "BHD" },
  nextPrice: null,
  limits: { chatbots: 5, messagesPerMonth: 10_000, knowledgeSources: 50, teamMembers: 5 },
  texts: {
    en: { name: "Pro", description: "For growing teams", extras: ["Webhooks", "Priority support"] },
    ar: { name: "الاحترافية", description: "للفرق النامية", extras: ["الويب هوك", "دعم ذو أولوية"] },
  },
  editedAt: null,
};

describe("who may change things in the console", () => {
  const now = Date.parse("2026-12-01T10:00:00.000Z");
  it("lets an admin act within the step-up window, and asks for a sign-in after it", () => {
    expect(changeAccess({ role: "admin", changesUntil: "2026-12-01T10:05:00.000Z" }, now)).toEqual({
      allowed: true,
    });
    expect(changeAccess({ role: "admin", changesUntil: "2026-12-01T09:59:59.000Z" }, now)).toEqual({
      allowed: false,
      why: "stepUp",
    });
    expect(changeAccess({ role: "admin", changesUntil: null }, now)).toEqual({
      allowed: false,
      why: "stepUp",
    });
  });
  it("never lets support change anything", () => {
    expect(changeAccess({ role: "support", changesUntil: "2026-12-01T10:05:00.000Z" }, now)).toEqual({
      allowed: false,
      why: "support",
    });
  });
});

describe("the step-up", () => {
  it("sends the operator to the sign-in app in re-authentication mode, keeping its other parameters", () => {
    expect(reauthUrl("http://localhost:3001/auth?platform=parley")).toBe(
      "http://localhost:3001/auth?platform=parley&reauth=1",
    );
  });

  it("is noticed whichever console call answers STEP_UP_REQUIRED, and only that", async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    let asked = 0;
    const stop = watchStepUp(client, () => {
      asked += 1;
    });
    const fail = (code: "STEP_UP_REQUIRED" | "FORBIDDEN") =>
      new MutationObserver(client, {
        mutationFn: () =>
          Promise.reject(new ApiError({ status: code === "FORBIDDEN" ? 403 : 401, code, message: "x" })),
      })
        .mutate()
        .catch(() => undefined);
    await fail("FORBIDDEN");
    expect(asked).toBe(0);
    await fail("STEP_UP_REQUIRED");
    expect(asked).toBe(1);
    stop();
    await fail("STEP_UP_REQUIRED");
    expect(asked).toBe(1);
    expect(isStepUpRequired(new Error("STEP_UP_REQUIRED"))).toBe(false);
  });
});

describe("payment filters", () => {
  it("reads the address, ignoring an unknown state or provider", () => {
    expect(
      paymentFiltersFrom(new URLSearchParams("q=%20trk_1%20&state=amount_mismatch&provider=sandbox")),
    ).toEqual({
      q: "trk_1",
      state: "amount_mismatch",
      provider: "sandbox",
    });
    expect(paymentFiltersFrom(new URLSearchParams("state=paid&provider=paypal"))).toEqual({});
    expect(paymentFiltersToSearch({ q: "", state: "pending" })).toEqual({ state: "pending" });
    // Amount and days: kept when the API would take them, left out otherwise.
    expect(paymentFiltersFrom(new URLSearchParams("amount=9.5&from=2026-11-01&to=2026-11-30"))).toEqual({
      amount: "9.5",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(paymentFiltersFrom(new URLSearchParams("amount=-1&from=yesterday&to=2026-1-1"))).toEqual({});
    expect(paymentFiltersFrom(new URLSearchParams("amount=9.1234"))).toEqual({});
    expect(paymentFiltersToSearch({ amount: " 9.5 ", from: "2026-11-01" })).toEqual({
      amount: "9.5",
      from: "2026-11-01",
    });
  });
});

describe("granting a plan", () => {
  const now = new Date("2026-12-01T22:00:00.000Z");
  it("ends on a real day after today", () => {
    expect(tomorrow(now)).toBe("2026-12-02");
    expect(isGrantEnd("2026-12-02", now)).toBe(true);
    expect(isGrantEnd("2026-12-01", now)).toBe(false);
    expect(isGrantEnd("2026-02-30", now)).toBe(false);
    expect(isGrantEnd("next week", now)).toBe(false);
  });
  it("offers paid plans on sale, cheapest first", () => {
    const free = { ...proPlan, id: "free", tier: 0, price: { amount: 0, currency: "BHD" } };
    const retired = { ...proPlan, id: "old", isActive: false };
    const starter = { ...proPlan, id: "starter", tier: 1 };
    expect(grantablePlans([proPlan, free, retired, starter]).map((p) => p.id)).toEqual([
      "starter",
      "pl_pro_m",
    ]);
  });
});

describe("the plan form", () => {
  it("sends only what changed, with the version the operator opened", () => {
    const values = planFormValues(proPlan);
    expect(planPatch(proPlan, { ...values, reason: "nothing" })).toBeNull();
    const edited = {
      ...values,
      reason: "  New Arabic wording  ",
      limits: { ...values.limits, chatbots: 8 },
      description: { ...values.description, ar: "للفرق التي تكبر" },
      features: { en: "Webhooks\n\n  Priority support ", ar: values.features.ar },
    };
    expect(planPatch(proPlan, edited)).toEqual({
      version: 3,
      reason: "New Arabic wording",
      limits: { chatbots: 8 },
      description: { en: "For growing teams", ar: "للفرق التي تكبر" },
    });
  });

  it("sends a price with its date, and retirement", () => {
    const values = planFormValues(proPlan);
    expect(
      planPatch(proPlan, {
        ...values,
        price: 30,
        priceFrom: "2027-01-01",
        isActive: false,
        reason: "Price rise",
      }),
    ).toEqual({
      version: 3,
      reason: "Price rise",
      price: { amount: 30, from: "2027-01-01" },
      isActive: false,
    });
  });

  it("after a conflict keeps what the operator typed and takes the other edit where they typed nothing", () => {
    const mine = {
      ...planFormValues(proPlan),
      limits: { ...proPlan.limits, chatbots: 8 },
      reason: "More bots",
    };
    const theirs: AdminPlan = {
      ...proPlan,
      version: 4,
      limits: { ...proPlan.limits, chatbots: 6, teamMembers: 7 },
      texts: { ...proPlan.texts, ar: { ...proPlan.texts.ar, description: "وصف جديد" } },
    };
    const rebased = rebasePlanForm(mine, proPlan, theirs);
    expect(rebased.limits).toEqual({ ...proPlan.limits, chatbots: 8, teamMembers: 7 });
    expect(rebased.description.ar).toBe("وصف جديد");
    expect(rebased.reason).toBe("More bots");
    // Saved now, it changes only the operator's own field, on the new version.
    expect(planPatch(theirs, rebased)).toEqual({ version: 4, reason: "More bots", limits: { chatbots: 8 } });
  });

  it("keeps a draft across the step-up's sign-in, once", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
    saveDraft("plan:pl_pro_m", { typed: "يا هلا" }, storage);
    expect(peekDraft("plan:pl_pro_m", storage)).toEqual({ typed: "يا هلا" });
    dropDraft("plan:pl_pro_m", storage);
    expect(peekDraft("plan:pl_pro_m", storage)).toBeNull();
  });
});

describe("figures", () => {
  it("puts usage against its limit", () => {
    expect(usageRatio(3, 10)).toBe(0.3);
    expect(usageRatio(12, 10)).toBe(1);
    expect(usageRatio(0, 0)).toBe(0);
    expect(usageRatio(1, 0)).toBe(1);
  });

  it("turns messages by hour and channel into rows, newest first", () => {
    const table = messagesTable([
      { hour: "2026-12-01T08:00:00.000Z", channel: "widget", messages: 4 },
      { hour: "2026-12-01T09:00:00.000Z", channel: "whatsapp", messages: 2 },
      { hour: "2026-12-01T09:00:00.000Z", channel: "widget", messages: 1 },
    ]);
    expect(table.channels).toEqual(["whatsapp", "widget"]);
    expect(table.total).toBe(7);
    expect(table.hours).toEqual([
      { hour: "2026-12-01T09:00:00.000Z", byChannel: { whatsapp: 2, widget: 1 }, total: 3 },
      { hour: "2026-12-01T08:00:00.000Z", byChannel: { widget: 4 }, total: 4 },
    ]);
  });

  it("words a gateway event's recorded reason, amounts in major units", () => {
    expect(eventReason("amount mismatch: got 1000 BHD, expected 9000 BHD")).toEqual({
      key: "mismatch",
      got: formatMoney(1, "BHD"),
      expected: formatMoney(9, "BHD"),
    });
    expect(eventReason("payment already captured")).toEqual({ key: "already", state: "captured" });
    expect(eventReason("duplicate event")).toEqual({ key: "duplicate" });
    expect(eventReason("something new")).toBeNull();
  });

  it("leaves to refund what refunds not refused have not taken", () => {
    const refund = (amount: number, status: "requested" | "refunded" | "failed") => ({
      id: String(amount),
      amount: { amount, currency: "BHD" },
      status,
      planConsequence: "keep" as const,
      reason: "r",
      requestedBy: "ops@parley.test",
      resultMessage: null,
      createdAt: "2026-12-01T00:00:00.000Z",
    });
    const amount = { amount: 9.5, currency: "BHD" };
    expect(refundLeft({ amount, refunds: [] })).toBe(9.5);
    expect(
      refundLeft({
        amount,
        refunds: [refund(0.1, "refunded"), refund(0.2, "requested"), refund(5, "failed")],
      }),
    ).toBe(9.2);
  });

  it("reads what a recent error is about", () => {
    expect(errorSubject("source: FAQ: returns")).toEqual({ kind: "source", name: "FAQ: returns" });
    expect(errorSubject("webhook: https://x.test/h")).toEqual({ kind: "webhook", name: "https://x.test/h" });
    expect(errorSubject("something else")).toEqual({ kind: "other", name: "something else" });
  });
});
