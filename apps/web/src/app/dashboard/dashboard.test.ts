import type { SubscriptionDetails, Usage } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import {
  firstName,
  formatDate,
  greetingFor,
  periodLine,
  planPriceLabel,
  USAGE_NOTES,
  usageRows,
  widgetStep,
} from "./dashboard";

const plan = {
  _id: "pl_pro_m",
  id: "pl_pro_m",
  name: "Pro",
  isActive: true,
  description: "For growing teams",
  price: { amount: 9.5, currency: "BHD" },
  billingInterval: "monthly" as const,
  features: [],
  tier: 2,
  texts: {
    en: { name: "Pro", description: "For growing teams", extras: [] },
    ar: { name: "الاحترافية", description: "للفرق المتنامية", extras: [] },
  },
};

const details = (overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails => ({
  _id: "sub_1",
  userId: "u1",
  status: "active",
  plan,
  currentPeriodStart: "2026-02-03T10:00:00.000Z",
  currentPeriodEnd: "2026-03-03T10:00:00.000Z",
  graceEndsAt: null,
  pendingChange: null,
  lastPaymentTrackId: "trk_1",
  ...overrides,
});

describe("dashboard helpers", () => {
  it("greets by time of day and by first name", () => {
    expect(greetingFor(6)).toBe("Good morning");
    expect(greetingFor(13)).toBe("Good afternoon");
    expect(greetingFor(23)).toBe("Good evening");
    expect(greetingFor(2)).toBe("Good evening");
    expect(firstName("  Ada   Lovelace ")).toBe("Ada");
    expect(firstName("")).toBe("");
  });

  it("shows prices in en-US currency format, a free plan included", () => {
    expect(planPriceLabel(plan)).toEqual({ amount: "BHD\u00a09.500", interval: "month" });
    expect(
      planPriceLabel({ ...plan, billingInterval: "yearly", price: { amount: 12, currency: "USD" } }),
    ).toEqual({
      amount: "$12.00",
      interval: "year",
    });
    expect(planPriceLabel({ ...plan, price: { amount: 0, currency: "BHD" } }).amount).toBe("BHD\u00a00.000");
  });

  it("describes the period in en-US dates", () => {
    expect(formatDate("2026-03-03T10:00:00.000Z")).toBe("March 3, 2026");
    expect(formatDate("nonsense")).toBeNull();
    expect(periodLine(details())).toBe("Current period ends March 3, 2026.");
    expect(periodLine(details({ currentPeriodEnd: null }))).toMatch(/Free plan doesn't expire/);
    expect(periodLine(details({ status: "past_due", graceEndsAt: "2026-03-10T10:00:00.000Z" }))).toBe(
      "Your renewal payment is due. Access continues until March 10, 2026.",
    );
  });

  it("turns usage into bars with warning levels", () => {
    const usage: Usage = {
      planName: "Starter",
      planNames: { en: "Starter", ar: "الأساسية" },
      limits: { chatbots: 3, messagesPerMonth: 2000, knowledgeSources: 10, teamMembers: 0 },
      used: { chatbots: 3, messagesThisMonth: 1700, knowledgeSources: 1, teamMembers: 0 },
    };
    expect(usageRows(usage).map((r) => [r.key, r.percent, r.level])).toEqual([
      ["chatbots", 100, "full"],
      ["messages", 85, "high"],
      ["knowledgeSources", 10, "ok"],
      ["teamMembers", 100, "full"],
    ]);
    expect(usageRows(usage).map((r) => r.note)).toEqual([
      USAGE_NOTES.full,
      null,
      null,
      USAGE_NOTES.notIncluded,
    ]);
  });

  it("warns a brand-new Free account about nothing: the owner's own seat is not a limit reached", () => {
    const fresh: Usage = {
      planName: "Free",
      planNames: { en: "Free", ar: "المجانية" },
      limits: { chatbots: 1, messagesPerMonth: 100, knowledgeSources: 5, teamMembers: 1 },
      used: { chatbots: 0, messagesThisMonth: 0, knowledgeSources: 0, teamMembers: 1 },
    };
    const rows = usageRows(fresh);
    expect(rows.map((r) => r.level)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(rows.some((r) => r.note === USAGE_NOTES.full)).toBe(false);
    expect(rows[3]?.note).toBe("Just you on this plan. Upgrade to invite teammates.");
    // The bot they are allowed is a limit they can reach, and then the warning is right.
    const withBot = usageRows({ ...fresh, used: { ...fresh.used, chatbots: 1 } });
    expect(withBot[0]).toMatchObject({ level: "full", note: USAGE_NOTES.full });
  });

  it("warns when invited members fill the seats", () => {
    const team: Usage = {
      planName: "Starter",
      planNames: { en: "Starter", ar: "الأساسية" },
      limits: { chatbots: 3, messagesPerMonth: 2000, knowledgeSources: 50, teamMembers: 2 },
      used: { chatbots: 0, messagesThisMonth: 0, knowledgeSources: 0, teamMembers: 2 },
    };
    expect(usageRows(team)[3]).toMatchObject({ level: "full", note: USAGE_NOTES.full });
    expect(usageRows({ ...team, used: { ...team.used, teamMembers: 1 } })[3]).toMatchObject({
      level: "ok",
      note: null,
    });
  });

  it("builds the widget step from real state, linking to where the work is done", () => {
    expect(widgetStep({ firstChatbotId: null, widgetLive: false })).toEqual({
      state: "todo",
      href: "/widget",
      kind: "learn",
    });
    expect(widgetStep({ firstChatbotId: "cb_1", widgetLive: false })).toEqual({
      state: "todo",
      href: "/chatbots/cb_1?tab=embed",
      kind: "embed",
    });
    expect(widgetStep({ firstChatbotId: "cb_1", widgetLive: null })).toMatchObject({ state: "todo" });
    expect(widgetStep({ firstChatbotId: "cb_1", widgetLive: true })).toEqual({
      state: "done",
      href: "/inbox",
      kind: "live",
    });
  });
});
