import type { Plan } from "@parley/contracts";
import { createI18n, formatNumber } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { choosePlanHref, formatFeature, plansForInterval, planText, type SiteT } from "./pricing";

async function textIn(language: "en" | "ar") {
  const i18n = await createI18n(language);
  return planText(i18n.getFixedT(language, "site") as SiteT, (n) => formatNumber(language, n));
}

function plan(overrides: Partial<Plan>): Plan {
  return {
    _id: "plan_x",
    name: "Starter",
    isActive: true,
    description: "",
    price: { amount: 9, currency: "BHD" },
    billingInterval: "monthly",
    features: [],
    tier: 1,
    ...overrides,
  };
}

describe("formatFeature", () => {
  it("formats numeric limits with en-US grouping and a readable label", () => {
    expect(formatFeature({ name: "Chatbots", value: 3, unit: "chatbots" })).toBe("3 chatbots");
    expect(formatFeature({ name: "Messages", value: 2000, unit: "messages/month" })).toBe(
      "2,000 messages/month",
    );
    expect(formatFeature({ name: "Knowledge sources", value: 500, unit: "sources" })).toBe(
      "500 knowledge sources",
    );
    expect(formatFeature({ name: "Team members", value: 20, unit: "members" })).toBe("20 team members");
  });

  it("uses the singular for one", () => {
    expect(formatFeature({ name: "Chatbots", value: 1, unit: "chatbots" })).toBe("1 chatbot");
    expect(formatFeature({ name: "Team members", value: 1, unit: "members" })).toBe("1 team member");
    expect(formatFeature({ name: "Messages", value: 1, unit: "messages/month" })).toBe("1 message/month");
  });

  it("returns string features unchanged", () => {
    expect(formatFeature("Lead capture")).toBe("Lead capture");
  });
});

describe("plansForInterval", () => {
  it("keeps active plans of the interval, one per name, ordered by tier", () => {
    const plans = [
      plan({ _id: "pro-m", name: "Pro", tier: 2 }),
      plan({ _id: "free-m", name: "Free", tier: 0, price: { amount: 0, currency: "BHD" } }),
      plan({ _id: "pro-y", name: "Pro", tier: 2, billingInterval: "yearly" }),
      plan({ _id: "old-m", name: "Legacy", tier: 1, isActive: false }),
      plan({ _id: "pro-dup", name: "pro", tier: 2 }),
    ];
    expect(plansForInterval(plans, "monthly").map((p) => p._id)).toEqual(["free-m", "pro-m"]);
    expect(plansForInterval(plans, "yearly").map((p) => p._id)).toEqual(["pro-y"]);
  });
});

describe("labels", () => {
  it("names the call to action and the interval", async () => {
    const text = await textIn("en");
    expect(text.cta(plan({ name: "Free", price: { amount: 0, currency: "BHD" } }))).toBe("Start free");
    expect(text.cta(plan({ name: "Starter" }))).toBe("Choose Starter");
    expect(text.cta(plan({ name: "Big Co" }))).toBe("Choose Big Co");
    expect(text.interval("monthly")).toBe("/month");
    expect(text.interval("yearly")).toBe("/year");
  });

  it("reads the seeded plans' features as the English catalog words them", async () => {
    const text = await textIn("en");
    const limit = (
      key: "chatbots" | "messagesPerMonth" | "knowledgeSources" | "teamMembers",
      value: number,
    ) => text.feature({ key, name: key, value, unit: key });
    expect(limit("chatbots", 3)).toBe("3 chatbots");
    expect(limit("chatbots", 1)).toBe("1 chatbot");
    expect(limit("messagesPerMonth", 2000)).toBe("2,000 messages/month");
    expect(limit("knowledgeSources", 500)).toBe("500 knowledge sources");
    expect(limit("teamMembers", 1)).toBe("1 team member");
    expect(text.feature("Lead capture")).toBe("Lead capture");
    expect(text.feature("Something new")).toBe("Something new");
    expect(text.name(plan({ name: "Pro" }))).toBe("Pro");
  });

  it("translates the seeded plans into Arabic and keeps unknown texts as sent", async () => {
    const text = await textIn("ar");
    expect(text.name(plan({ name: "Pro" }))).not.toBe("Pro");
    expect(text.feature("Lead capture")).not.toBe("Lead capture");
    expect(text.feature("Something new")).toBe("Something new");
    expect(
      text.feature({ key: "messagesPerMonth", name: "Messages", value: 2000, unit: "messages/month" }),
    ).toContain("2,000");
    expect(text.interval("monthly")).not.toBe("/month");
  });
});

describe("choosePlanHref", () => {
  it("sends a signed-in visitor to billing with the plan and interval to buy", () => {
    expect(choosePlanHref(plan({ name: "Pro", price: { amount: 25, currency: "BHD" } }))).toBe(
      "/billing?upgrade=Pro&interval=monthly",
    );
    expect(choosePlanHref(plan({ name: "Big Co", billingInterval: "yearly" }))).toBe(
      "/billing?upgrade=Big+Co&interval=yearly",
    );
  });

  it("sends Free to the billing page without opening a payment", () => {
    expect(choosePlanHref(plan({ name: "Free", price: { amount: 0, currency: "BHD" } }))).toBe("/billing");
  });
});
