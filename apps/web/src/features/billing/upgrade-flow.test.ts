import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Plan } from "@parley/contracts";
import { storedPaymentInfoSchema } from "@parley/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBillingApi } from "./api-client";
import { type KeyValueStorage, PAYMENT_INFO_KEY } from "./payment-info";
import {
  initialUpgradeState,
  providerFor,
  startUpgradePayment,
  UPGRADE_MESSAGES,
  type UpgradeDeps,
  upgradeReducer,
} from "./upgrade-flow";

// A real listener on 127.0.0.1 stands in for the API; the flow talks to it through the same
// billing client the app uses (apiFetch + contracts), nothing of ours is mocked.
type Reply = { status: number; body?: unknown; raw?: string } | "hang-up";
interface Seen {
  route: string;
  body: unknown;
}
let server: Server;
let base: string;
let routes: Record<string, () => Reply> = {};
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      const route = `${req.method} ${req.url}`;
      seen.push({ route, body: text ? JSON.parse(text) : undefined });
      const reply = routes[route]?.() ?? { status: 404, body: error("NOT_FOUND", "No route") };
      if (reply === "hang-up") {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.raw ?? JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const error = (code: string, message: string) => ({ error: { code, message, requestId: "req-1" } });

const pro: Plan = {
  _id: "plan_pro_m",
  name: "Pro",
  isActive: true,
  description: "For growing teams",
  price: { amount: 25, currency: "BHD" },
  billingInterval: "monthly",
  features: ["Priority support"],
  tier: 2,
};
const user = { id: "usr_1", name: "Mona Ali" };
const gatewayUrl = "http://127.0.0.1:3100/sandbox-gateway/pay/trk_1";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

let storage: ReturnType<typeof memoryStorage>;
let navigations: string[];
let statuses: string[];

function deps(): UpgradeDeps {
  return {
    client: createBillingApi(base),
    storage,
    navigate: (url) => navigations.push(url),
    now: () => new Date("2026-11-21T10:00:00.000Z"),
    onStatus: (status) => statuses.push(status),
  };
}

const initiated =
  (body: Record<string, unknown> = {}) =>
  () => ({
    status: 200,
    body: {
      success: true,
      message: "Payment initiated",
      payment_url: gatewayUrl,
      track_id: "trk_1",
      ...body,
    },
  });
const recorded = () => ({ status: 200, body: { success: true, status: "pending" } });

beforeEach(() => {
  routes = {};
  seen.length = 0;
  storage = memoryStorage();
  navigations = [];
  statuses = [];
});

describe("startUpgradePayment", () => {
  it("initiates, stores payment_info, records the payment, then leaves for the gateway", async () => {
    routes = { "POST /api/payments/initiate": initiated(), "POST /api/payments/create": recorded };

    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "card" });

    expect(result).toEqual({ status: "redirecting", paymentUrl: gatewayUrl, trackId: "trk_1" });
    expect(seen).toEqual([
      {
        route: "POST /api/payments/initiate",
        body: { payment_provider: "mastercard", amount: 25, planId: "plan_pro_m" },
      },
      {
        route: "POST /api/payments/create",
        body: {
          userId: "usr_1",
          planId: "plan_pro_m",
          trackId: "trk_1",
          amount: 25,
          username: "Mona Ali",
          planName: "Pro",
        },
      },
    ]);
    const stored = storedPaymentInfoSchema.parse(JSON.parse(storage.data.get(PAYMENT_INFO_KEY) ?? "null"));
    expect(stored).toEqual({
      track_id: "trk_1",
      amount: 25,
      plan_name: "Pro",
      payment_method: "mastercard",
      timestamp: "2026-11-21T10:00:00.000Z",
    });
    expect(statuses).toEqual(["processing", "redirecting"]);
    expect(navigations).toEqual([gatewayUrl]);
  });

  it("sends 'benefit' for BENEFIT and stores it as the payment method", async () => {
    routes = { "POST /api/payments/initiate": initiated(), "POST /api/payments/create": recorded };
    await startUpgradePayment(deps(), { user, plan: pro, method: "benefit" });
    expect(seen[0]?.body).toMatchObject({ payment_provider: "benefit" });
    expect(JSON.parse(storage.data.get(PAYMENT_INFO_KEY) ?? "{}")).toMatchObject({
      payment_method: "benefit",
    });
  });

  it.each([
    ["no user", { user: null, plan: pro }],
    ["no plan", { user, plan: null }],
    ["a user without an id", { user: { id: "", name: "x" }, plan: pro }],
  ])("refuses with 'User or plan not found' for %s, without calling the API", async (_label, input) => {
    const result = await startUpgradePayment(deps(), { ...input, method: "card" });
    expect(result).toEqual({ status: "failed", message: "User or plan not found" });
    expect(seen).toEqual([]);
    expect(statuses).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it("shows the server's message when initiation answers success: false", async () => {
    routes = {
      "POST /api/payments/initiate": () => ({
        status: 200,
        body: { success: false, message: "BENEFIT is under maintenance" },
      }),
    };
    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "benefit" });
    expect(result).toEqual({ status: "failed", message: "BENEFIT is under maintenance" });
    expect(seen.map((s) => s.route)).toEqual(["POST /api/payments/initiate"]);
    expect(storage.data.size).toBe(0);
    expect(navigations).toEqual([]);
  });

  it("falls back to 'Payment initiation failed' when success: false comes without a message", async () => {
    routes = {
      "POST /api/payments/initiate": () => ({ status: 200, body: { success: false, message: "" } }),
    };
    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "card" });
    expect(result).toEqual({ status: "failed", message: "Payment initiation failed" });
  });

  it.each([
    ["an empty payment_url", { payment_url: "" }],
    ["no payment_url at all", { payment_url: undefined }],
    ["a payment_url that is not a web address", { payment_url: "javascript:alert(1)" }],
  ])("says 'Payment URL not received' for %s and never records or navigates", async (_label, body) => {
    routes = { "POST /api/payments/initiate": initiated(body), "POST /api/payments/create": recorded };
    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "card" });
    expect(result).toEqual({ status: "failed", message: "Payment URL not received" });
    expect(seen.map((s) => s.route)).toEqual(["POST /api/payments/initiate"]);
    expect(navigations).toEqual([]);
    expect(statuses).toEqual(["processing"]);
  });

  it("says 'Failed to create payment record' when recording is not a success, and forgets payment_info", async () => {
    routes = {
      "POST /api/payments/initiate": initiated(),
      "POST /api/payments/create": () => ({ status: 200, body: { success: false, status: "pending" } }),
    };
    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "card" });
    expect(result).toEqual({ status: "failed", message: "Failed to create payment record" });
    expect(storage.data.has(PAYMENT_INFO_KEY)).toBe(false);
    expect(navigations).toEqual([]);
  });

  it("prefers the server's error message (amount mismatch) over the default", async () => {
    routes = {
      "POST /api/payments/initiate": () => ({
        status: 400,
        body: error("PAYMENT_AMOUNT_MISMATCH", "The amount does not match the price of the selected plan"),
      }),
    };
    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "card" });
    expect(result).toEqual({
      status: "failed",
      message: "The amount does not match the price of the selected plan",
    });
  });

  it("shows a gateway error from the record call and clears the stored payment", async () => {
    routes = {
      "POST /api/payments/initiate": initiated(),
      "POST /api/payments/create": () => ({
        status: 502,
        body: error("GATEWAY_ERROR", "The payment gateway could not be reached"),
      }),
    };
    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "card" });
    expect(result).toEqual({ status: "failed", message: "The payment gateway could not be reached" });
    expect(storage.data.has(PAYMENT_INFO_KEY)).toBe(false);
  });

  it.each([
    ["a generic 500", () => ({ status: 500, body: error("INTERNAL", "Something went wrong on our side") })],
    ["a reply that breaks the contract", () => ({ status: 200, raw: "<html>oops</html>" })],
    ["a dropped connection", () => "hang-up" as const],
  ])("uses 'Payment processing failed' for %s", async (_label, reply) => {
    routes = { "POST /api/payments/initiate": reply };
    const result = await startUpgradePayment(deps(), { user, plan: pro, method: "card" });
    expect(result).toEqual({ status: "failed", message: "Payment processing failed" });
    expect(navigations).toEqual([]);
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
