import { PLAN_LANGUAGES, type Plan } from "@parley/contracts";
import { createI18n, formatNumber, LANGUAGES } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { choosePlanHref, formatFeature, plansForInterval, planText, type SiteT } from "./pricing";

async function textIn(language: "en" | "ar") {
  const i18n = await createI18n(language);
  return planText(i18n.getFixedT(language, "site") as SiteT, (n) => formatNumber(language, n), language);
}

/** A plan as the API sends it: its English words in `texts.en` too. */
function plan(overrides: Partial<Plan>): Plan {
  const name = overrides.name ?? "Starter";
  return {
    _id: "plan_x",
    name,
    isActive: true,
    description: "",
    price: { amount: 9, currency: "BHD" },
    billingInterval: "monthly",
    features: [],
    tier: 1,
    texts: {
      en: { name, description: "", extras: [] },
      ar: { name: `${name} (ar)`, description: "", extras: [] },
    },
    ...overrides,
  };
}

describe("plan languages", () => {
  it("are the apps' languages: a language added to the apps fails here until plans carry it", () => {
    expect([...PLAN_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
  });
});

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

  it("words the limits by their key, with their plural forms", async () => {
    const en = await textIn("en");
    const ar = await textIn("ar");
    const limits = plan({
      features: [
        { key: "chatbots", name: "Chatbots", value: 3, unit: "chatbots" },
        { key: "chatbots", name: "Chatbots", value: 1, unit: "chatbots" },
        { key: "messagesPerMonth", name: "Messages", value: 2000, unit: "messages/month" },
        { key: "knowledgeSources", name: "Knowledge sources", value: 500, unit: "sources" },
        { key: "teamMembers", name: "Team members", value: 1, unit: "members" },
        "Lead capture",
      ],
    });
    expect(en.limits(limits)).toEqual([
      "3 chatbots",
      "1 chatbot",
      "2,000 messages/month",
      "500 knowledge sources",
      "1 team member",
    ]);
    expect(ar.limits(limits)[1]).toBe("روبوت محادثة واحد");
    expect(ar.limits(limits)[2]).toContain("2,000");
    expect(ar.interval("monthly")).not.toBe("/month");
  });

  it("shows a plan's own words in the reader's language, as stored with the plan", async () => {
    const en = await textIn("en");
    const ar = await textIn("ar");
    const renamed = plan({
      name: "Growth",
      description: "For teams that grow.",
      features: [{ key: "chatbots", name: "Chatbots", value: 3, unit: "chatbots" }, "Lead capture"],
      texts: {
        en: { name: "Growth", description: "For teams that grow.", extras: ["Lead capture"] },
        ar: { name: "النمو", description: "للفرق التي تنمو.", extras: ["جمع العملاء المحتملين"] },
      },
    });
    expect(en.name(renamed)).toBe("Growth");
    expect(ar.name(renamed)).toBe("النمو");
    expect(ar.description(renamed)).toBe("للفرق التي تنمو.");
    expect(ar.features(renamed)).toEqual(["3 روبوتات محادثة", "جمع العملاء المحتملين"]);
    expect(en.features(renamed)).toEqual(["3 chatbots", "Lead capture"]);
  });

  it("names a plan that a reply names only in English by the catalog, and keeps an unknown name as sent", async () => {
    const ar = await textIn("ar");
    expect(ar.name({ name: "Pro" })).toBe("الاحترافية");
    expect(ar.name({ name: "Big Co" })).toBe("Big Co");
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
