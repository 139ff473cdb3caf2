import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { planText, type SiteT } from "../pricing/pricing";
import { initiateReplySchema, recordReplySchema } from "./api-client";
import {
  initialUpgradeState,
  interpretInitiateReply,
  providerFor,
  UPGRADE_MESSAGES,
  upgradePlanName,
  upgradeReducer,
} from "./upgrade-flow";

// The payment flow against the real API is in billing-messages.test.ts. These are the spec's
// rules (§5) for replies our API never sends (it refuses with 4xx/5xx and a message instead),
// which the client still has to read right.

const started = {
  success: true,
  message: "Payment initiated",
  payment_url: "http://127.0.0.1:3100/sandbox-gateway/pay/trk_1",
  track_id: "trk_1",
};

describe("interpretInitiateReply", () => {
  it("goes ahead with the gateway's address and the track id", () => {
    expect(interpretInitiateReply(started)).toEqual({
      ok: true,
      paymentUrl: started.payment_url,
      trackId: "trk_1",
    });
  });

  it("shows the server's message for success: false, 'Payment initiation failed' without one", () => {
    const refused = initiateReplySchema.parse({ success: false, message: "BENEFIT is under maintenance" });
    expect(interpretInitiateReply(refused)).toEqual({ ok: false, message: "BENEFIT is under maintenance" });
    expect(interpretInitiateReply(initiateReplySchema.parse({ success: false }))).toEqual({
      ok: false,
      message: "Payment initiation failed",
    });
    expect(interpretInitiateReply({ success: false, message: "  " })).toEqual({
      ok: false,
      message: "Payment initiation failed",
    });
  });

  it.each([
    ["an empty payment_url", { payment_url: "" }],
    ["no payment_url at all", { payment_url: undefined }],
    ["a payment_url that is not a web address", { payment_url: "javascript:alert(1)" }],
  ])("says 'Payment URL not received' for %s", (_label, change) => {
    expect(interpretInitiateReply({ ...started, ...change })).toEqual({
      ok: false,
      message: "Payment URL not received",
    });
  });

  it("counts a reply without a track id as a failed initiation", () => {
    expect(interpretInitiateReply({ ...started, track_id: undefined })).toEqual({
      ok: false,
      message: "Payment initiation failed",
    });
  });
});

describe("the record reply", () => {
  it("reads {success: false} as it is, so the flow can say 'Failed to create payment record'", () => {
    // Before, the contract demanded `status` and this reply became 'Payment processing failed'.
    expect(recordReplySchema.parse({ success: false })).toEqual({ success: false });
    expect(UPGRADE_MESSAGES.recordFailed).toBe("Failed to create payment record");
  });
});

describe("upgradeReducer", () => {
  it("moves plan-confirmation → payment-details and Back returns", () => {
    const details = upgradeReducer(initialUpgradeState, { type: "confirm-plan" });
    expect(details.step).toBe("payment-details");
    expect(upgradeReducer(details, { type: "back" }).step).toBe("plan-confirmation");
  });

  it("runs idle → processing → failed with the message, and a new method clears the error", () => {
    let state = upgradeReducer(initialUpgradeState, { type: "confirm-plan" });
    state = upgradeReducer(state, { type: "status", status: "processing" });
    expect(state.status).toBe("processing");
    state = upgradeReducer(state, { type: "status", status: "failed", error: "Payment URL not received" });
    expect(state).toMatchObject({ status: "failed", error: "Payment URL not received" });
    state = upgradeReducer(state, { type: "select-method", method: "benefit" });
    expect(state).toMatchObject({ method: "benefit", status: "idle", error: null });
  });

  it("defaults a failure without a message to 'Payment processing failed'", () => {
    const state = upgradeReducer(initialUpgradeState, { type: "status", status: "failed" });
    expect(state.error).toBe(UPGRADE_MESSAGES.processingFailed);
  });

  it("ignores Back, method changes and a second start while busy", () => {
    let state = upgradeReducer(initialUpgradeState, { type: "confirm-plan" });
    state = upgradeReducer(state, { type: "status", status: "processing" });
    expect(upgradeReducer(state, { type: "back" })).toBe(state);
    expect(upgradeReducer(state, { type: "select-method", method: "benefit" })).toBe(state);
    expect(upgradeReducer(state, { type: "status", status: "processing" })).toBe(state);
    const leaving = upgradeReducer(state, { type: "status", status: "redirecting" });
    expect(upgradeReducer(leaving, { type: "back" })).toBe(leaving);
  });

  it("maps card to 'mastercard' and BENEFIT to 'benefit'", () => {
    expect(providerFor("card")).toBe("mastercard");
    expect(providerFor("benefit")).toBe("benefit");
  });
});

describe("upgradePlanName (issue #25 item 11)", () => {
  const names = async (language: "en" | "ar") => {
    const i18n = await createI18n(language);
    return planText(i18n.getFixedT(language, "site") as unknown as SiteT, String, language).name;
  };

  it("shows the catalogue's name for a query value when the plans failed to load", async () => {
    const name = await names("en");
    expect(upgradePlanName("business", undefined, name)).toBe("Business");
    expect(upgradePlanName(" PRO ", undefined, name)).toBe("Pro");
    expect(upgradePlanName("business", { name: "Business" }, name)).toBe("Business");
  });

  it("capitalises a name the catalogue does not know", async () => {
    expect(upgradePlanName("enterprise plus", undefined, await names("en"))).toBe("Enterprise Plus");
  });

  it("names the plan in Arabic for an Arabic reader", async () => {
    const name = await names("ar");
    expect(upgradePlanName("business", undefined, name)).toBe(name({ name: "Business" }));
    expect(upgradePlanName("business", undefined, name)).not.toBe("business");
  });
});
