import type { Plan, SubscriptionDetails } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { downgradeSavings, findPlan, formatDate, formatPlanPrice, planAction } from "./billing";
import { clearPaymentInfo, PAYMENT_INFO_KEY, readPaymentInfo, savePaymentInfo } from "./payment-info";
import { RESULT_POLL_INTERVAL_MS, resultOutcome, resultPollInterval, retryHref } from "./payment-result";

const plan = (
  name: string,
  tier: number,
  amount: number,
  billingInterval: Plan["billingInterval"],
): Plan => ({
  _id: `plan_${name.toLowerCase()}_${billingInterval}`,
  name,
  isActive: true,
  description: `${name} plan`,
  price: { amount, currency: "BHD" },
  billingInterval,
  features: [],
  tier,
  texts: {
    en: { name, description: `${name} plan`, extras: [] },
    ar: { name, description: `${name} plan`, extras: [] },
  },
});
const free = plan("Free", 0, 0, "monthly");
const starter = plan("Starter", 1, 9, "monthly");
const pro = plan("Pro", 2, 25, "monthly");
const business = plan("Business", 3, 79, "monthly");
const starterYearly = plan("Starter", 1, 90, "yearly");
const proYearly = plan("Pro", 2, 250, "yearly");
const freeYearly = plan("Free", 0, 0, "yearly");

function subscription(on: Plan, over: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    _id: "sub_1",
    userId: "usr_1",
    status: "active",
    plan: { ...on, id: on._id },
    currentPeriodStart: "2026-11-21T10:00:00.000Z",
    currentPeriodEnd: on.price.amount === 0 ? null : "2026-12-21T10:00:00.000Z",
    graceEndsAt: null,
    pendingChange: null,
    lastPaymentTrackId: on.price.amount === 0 ? null : "trk_1",
    ...over,
  };
}

describe("formatting", () => {
  it("prices a plan with currency and '/interval' in en-US format", () => {
    expect(formatPlanPrice(pro)).toBe("BHD\u00a025.000/month");
    expect(formatPlanPrice(plan("Big", 4, 1250, "yearly"))).toBe("BHD\u00a01,250.000/year");
  });

  it("formats dates as 'Dec 21, 2026' and never prints 'Invalid Date'", () => {
    expect(formatDate(new Date(2026, 11, 21, 12))).toBe("Dec 21, 2026");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("findPlan", () => {
  const plans = [free, starter, pro, proYearly, { ...business, isActive: false }];
  it("matches the name case-insensitively, and the interval when given", () => {
    expect(findPlan(plans, " pRO ")?._id).toBe(pro._id);
    expect(findPlan(plans, "pro", "yearly")?._id).toBe(proYearly._id);
  });
  it("never offers an inactive plan or a missing one", () => {
    expect(findPlan(plans, "Business")).toBeUndefined();
    expect(findPlan(plans, "Enterprise")).toBeUndefined();
    expect(findPlan(plans, "")).toBeUndefined();
    expect(findPlan(undefined, "Pro")).toBeUndefined();
  });
});

describe("downgradeSavings", () => {
  it("is the price difference per interval, exact in minor units", () => {
    expect(downgradeSavings(pro, starter)).toEqual({
      money: { amount: 16, currency: "BHD" },
      interval: "monthly",
    });
    expect(downgradeSavings(plan("A", 2, 0.3, "monthly"), plan("B", 1, 0.1, "monthly"))?.money.amount).toBe(
      0.2,
    );
    expect(downgradeSavings(pro, free)?.money.amount).toBe(25);
  });
  it("compares different intervals per year", () => {
    expect(downgradeSavings(pro, starterYearly)).toEqual({
      money: { amount: 210, currency: "BHD" },
      interval: "yearly",
    });
    expect(downgradeSavings(proYearly, starter)).toEqual({
      money: { amount: 142, currency: "BHD" },
      interval: "yearly",
    });
  });
  it("is null when nothing is saved or currencies differ", () => {
    expect(downgradeSavings(starter, pro)).toBeNull();
    expect(downgradeSavings(pro, { ...starter, price: { amount: 9, currency: "USD" } })).toBeNull();
  });
});

describe("planAction", () => {
  it("marks the current plan, upgrades above and downgrades below", () => {
    const onPro = subscription(pro);
    expect(planAction(pro, onPro)).toEqual({ kind: "current" });
    expect(planAction(business, onPro)).toEqual({ kind: "upgrade" });
    expect(planAction(starter, onPro)).toEqual({ kind: "downgrade" });
    expect(planAction(free, onPro)).toEqual({ kind: "downgrade" });
  });

  it("offers every paid plan as an upgrade from Free", () => {
    const onFree = subscription(free);
    expect(planAction(free, onFree)).toEqual({ kind: "current" });
    expect(planAction(starter, onFree)).toEqual({ kind: "upgrade" });
    expect(planAction(freeYearly, onFree)).toEqual({ kind: "current" });
  });

  it("shows the scheduled target, and lets another lower plan replace it", () => {
    const pending = subscription(pro, {
      pendingChange: { plan: { ...starter, id: starter._id }, effectiveAt: "2026-12-21T10:00:00.000Z" },
    });
    expect(planAction(starter, pending)).toEqual({ kind: "scheduled" });
    expect(planAction(free, pending)).toEqual({ kind: "downgrade" });
  });

  it("switches the same tier to yearly by payment, but not yearly to monthly mid-period", () => {
    expect(planAction(proYearly, subscription(pro))).toEqual({ kind: "switch", label: "Switch to yearly" });
    expect(planAction(pro, subscription(proYearly)).kind).toBe("none");
  });

  it("renews the current plan while past due, and buys another paid plan outright", () => {
    const pastDue = subscription(pro, { status: "past_due", graceEndsAt: "2026-12-28T10:00:00.000Z" });
    expect(planAction(pro, pastDue)).toEqual({ kind: "renew" });
    expect(planAction(business, pastDue)).toEqual({ kind: "upgrade" });
    expect(planAction(starter, pastDue)).toEqual({ kind: "switch", label: "Choose Starter" });
    expect(planAction(free, pastDue).kind).toBe("none");
  });
});

function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}
const info = {
  track_id: "trk_1",
  amount: 25,
  plan_name: "Pro",
  payment_method: "mastercard" as const,
  timestamp: "2026-11-21T10:00:00.000Z",
};

describe("payment_info", () => {
  it("round-trips through storage under the spec's key", () => {
    const storage = memory();
    savePaymentInfo(storage, info);
    expect(JSON.parse(storage.data.get(PAYMENT_INFO_KEY) ?? "")).toEqual(info);
    expect(readPaymentInfo(storage)).toEqual(info);
  });

  it("reads garbage as nothing", () => {
    const storage = memory();
    storage.setItem(PAYMENT_INFO_KEY, "{not json");
    expect(readPaymentInfo(storage)).toBeNull();
    storage.setItem(PAYMENT_INFO_KEY, JSON.stringify({ track_id: 1 }));
    expect(readPaymentInfo(storage)).toBeNull();
    expect(readPaymentInfo(undefined)).toBeNull();
  });

  it("clears only the settled payment, leaving another tab's payment alone", () => {
    const storage = memory();
    savePaymentInfo(storage, info);
    clearPaymentInfo(storage, "trk_other");
    expect(readPaymentInfo(storage)).toEqual(info);
    clearPaymentInfo(storage, "trk_1");
    expect(storage.data.size).toBe(0);
    storage.setItem(PAYMENT_INFO_KEY, "garbage");
    clearPaymentInfo(storage, "trk_1");
    expect(storage.data.size).toBe(0);
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => savePaymentInfo(broken, info)).not.toThrow();
    expect(readPaymentInfo(broken)).toBeNull();
    expect(() => clearPaymentInfo(broken)).not.toThrow();
  });
});

describe("payment result", () => {
  it("polls every 1.5 s while pending, for at most 30 s", () => {
    expect(resultPollInterval(undefined, 0, 0)).toBe(RESULT_POLL_INTERVAL_MS);
    expect(resultPollInterval({ status: "pending" }, 0, 29_999)).toBe(1500);
    expect(resultPollInterval({ status: "pending" }, 0, 30_000)).toBe(false);
    expect(resultPollInterval({ status: "captured" }, 0, 10)).toBe(false);
    expect(resultPollInterval({ status: "failed" }, 0, 10)).toBe(false);
  });

  it("describes each outcome, preferring the gateway's reason", () => {
    expect(resultOutcome({ status: "captured", resultMessage: null })).toEqual({ kind: "success" });
    expect(resultOutcome({ status: "pending", resultMessage: null })).toEqual({ kind: "pending" });
    expect(
      resultOutcome({ status: "failed", resultMessage: "Declined by the card issuer (sandbox)" }),
    ).toEqual({
      kind: "failure",
      title: "Payment declined",
      reason: "Declined by the card issuer (sandbox)",
      canRetry: true,
    });
    expect(resultOutcome({ status: "canceled", resultMessage: null })).toMatchObject({
      title: "Payment cancelled",
      canRetry: true,
    });
    expect(resultOutcome({ status: "expired", resultMessage: "" })).toMatchObject({
      title: "Payment expired",
      reason: "The payment was not completed in time.",
    });
    expect(resultOutcome({ status: "amount_mismatch", resultMessage: "x" })).toMatchObject({
      canRetry: false,
    });
  });

  it("retries the same plan and interval through the billing page", () => {
    expect(retryHref({ planName: "Pro", billingInterval: "monthly" })).toBe(
      "/billing?upgrade=Pro&interval=monthly",
    );
  });
});
