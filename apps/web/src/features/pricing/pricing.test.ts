import type { Plan } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { choosePlanHref, formatFeature, intervalSuffix, planCta, plansForInterval } from "./pricing";

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
  it("names the call to action and the interval", () => {
    expect(planCta(plan({ name: "Free", price: { amount: 0, currency: "BHD" } }))).toBe("Start free");
    expect(planCta(plan({ name: "Starter" }))).toBe("Choose Starter");
    expect(intervalSuffix("monthly")).toBe("/month");
    expect(intervalSuffix("yearly")).toBe("/year");
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
