import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Plan } from "@parley/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBillingApi } from "./api-client";
import {
  buildDowngradeRequest,
  type DowngradeState,
  downgradeReducer,
  initialDowngradeState,
  interpretDowngradeResponse,
  submitDowngrade,
} from "./downgrade-flow";

const plan = (over: Partial<Plan>): Plan => ({
  _id: "plan_x",
  name: "X",
  isActive: true,
  description: "",
  price: { amount: 0, currency: "BHD" },
  billingInterval: "monthly",
  features: [],
  tier: 0,
  ...over,
});
const pro = plan({ _id: "plan_pro_m", name: "Pro", price: { amount: 25, currency: "BHD" }, tier: 2 });
const starter = plan({
  _id: "plan_starter_m",
  name: "Starter",
  price: { amount: 9, currency: "BHD" },
  tier: 1,
});
const starterYearly = { ...starter, _id: "plan_starter_y", billingInterval: "yearly" as const };

const opened = downgradeReducer(initialDowngradeState, {
  type: "open",
  currentPlan: pro,
  targetPlan: starter,
  trackId: "trk_paid",
  nextBillingDate: "2026-12-21T10:00:00.000Z",
});

describe("downgradeReducer", () => {
  it("opens on the confirmation stage with the spec's state fields", () => {
    expect(opened).toEqual({
      isOpen: true,
      currentPlan: pro,
      targetPlan: starter,
      trackId: "trk_paid",
      nextBillingDate: "2026-12-21T10:00:00.000Z",
      isProcessing: false,
      stage: "confirmation",
      error: null,
      scheduled: null,
    });
  });

  it("goes confirmation → processing → success and resets when the timer fires", () => {
    const processing = downgradeReducer(opened, { type: "submit" });
    expect(processing).toMatchObject({ stage: "processing", isProcessing: true });
    const success = downgradeReducer(processing, {
      type: "succeeded",
      planName: "Starter",
      effectiveAt: "2026-12-21T10:00:00.000Z",
    });
    expect(success).toMatchObject({
      stage: "success",
      isProcessing: false,
      scheduled: { planName: "Starter", effectiveAt: "2026-12-21T10:00:00.000Z" },
    });
    expect(downgradeReducer(success, { type: "reset" })).toEqual(initialDowngradeState);
  });

  it("returns to confirmation with the error, and a retry clears it", () => {
    const processing = downgradeReducer(opened, { type: "submit" });
    const failed = downgradeReducer(processing, { type: "failed", message: "Failed to process downgrade" });
    expect(failed).toMatchObject({
      stage: "confirmation",
      isProcessing: false,
      error: "Failed to process downgrade",
      isOpen: true,
    });
    expect(downgradeReducer(failed, { type: "submit" })).toMatchObject({ stage: "processing", error: null });
  });

  it("cannot be closed, reset or reopened while processing", () => {
    const processing = downgradeReducer(opened, { type: "submit" });
    expect(downgradeReducer(processing, { type: "close" })).toBe(processing);
    expect(downgradeReducer(processing, { type: "reset" })).toBe(processing);
    expect(
      downgradeReducer(processing, {
        type: "open",
        currentPlan: pro,
        targetPlan: starterYearly,
        trackId: "t",
        nextBillingDate: null,
      }),
    ).toBe(processing);
  });

  it("closes from confirmation and success, forgetting everything", () => {
    expect(downgradeReducer(opened, { type: "close" })).toEqual(initialDowngradeState);
  });

  it("ignores a second submit and results that arrive outside processing", () => {
    const processing = downgradeReducer(opened, { type: "submit" });
    expect(downgradeReducer(processing, { type: "submit" })).toBe(processing);
    expect(downgradeReducer(opened, { type: "failed", message: "late" })).toBe(opened);
    expect(downgradeReducer(opened, { type: "succeeded", planName: "Starter", effectiveAt: "x" })).toBe(
      opened,
    );
    expect(downgradeReducer(initialDowngradeState, { type: "submit" })).toBe(initialDowngradeState);
  });
});

describe("buildDowngradeRequest", () => {
  it("sends the track id, user id, the target plan object and isYearly from its interval", () => {
    expect(buildDowngradeRequest(opened, "usr_1")).toEqual({
      ok: true,
      request: { track_id: "trk_paid", userId: "usr_1", newPlanExists: starter, isYearly: false },
    });
    const yearly = buildDowngradeRequest({ ...opened, targetPlan: starterYearly }, "usr_1");
    expect(yearly.ok && yearly.request.isYearly).toBe(true);
  });

  it.each<[string, Partial<DowngradeState>, string | null]>([
    ["current plan", { currentPlan: null }, "usr_1"],
    ["target plan", { targetPlan: null }, "usr_1"],
    ["track id", { trackId: null }, "usr_1"],
    ["user id", {}, null],
  ])("refuses without the %s", (_label, change, userId) => {
    expect(buildDowngradeRequest({ ...opened, ...change }, userId)).toEqual({
      ok: false,
      message: "Missing required downgrade information",
    });
  });
});

describe("interpretDowngradeResponse", () => {
  it("is a success with the plan name and effective date", () => {
    expect(
      interpretDowngradeResponse({
        message: "Downgrade scheduled",
        effectiveAt: "2026-12-21T10:00:00.000Z",
        plan: { ...starter, id: starter._id },
      }),
    ).toEqual({ ok: true, planName: "Starter", effectiveAt: "2026-12-21T10:00:00.000Z" });
  });

  it("is a failure when the message contains 'Failed', showing that message", () => {
    expect(
      interpretDowngradeResponse({
        message: "Failed to schedule: plan retired",
        effectiveAt: "2026-12-21T10:00:00.000Z",
        plan: { ...starter, id: starter._id },
      }),
    ).toEqual({ ok: false, message: "Failed to schedule: plan retired" });
  });

  it("is 'Downgrade failed' when there is no data", () => {
    expect(interpretDowngradeResponse(null)).toEqual({ ok: false, message: "Downgrade failed" });
    expect(interpretDowngradeResponse({ message: "" })).toEqual({ ok: false, message: "Downgrade failed" });
  });
});

// The request path end to end, against a real listener standing in for the API.
let server: Server;
let base: string;
let reply: { status: number; raw: string } = { status: 500, raw: "" };
let bodies: unknown[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      bodies.push({ route: `${req.method} ${req.url}`, body: JSON.parse(text || "null") });
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  bodies = [];
});

const answer = (status: number, body: unknown) => {
  reply = { status, raw: JSON.stringify(body) };
};

describe("submitDowngrade", () => {
  it("posts the request and reports the scheduled plan and date", async () => {
    answer(200, {
      message: "Downgrade scheduled: your plan will change to Starter on Dec 21, 2026",
      effectiveAt: "2026-12-21T10:00:00.000Z",
      plan: { ...starter, id: starter._id },
    });
    const outcome = await submitDowngrade(createBillingApi(base), opened, "usr_1");
    expect(outcome).toEqual({ ok: true, planName: "Starter", effectiveAt: "2026-12-21T10:00:00.000Z" });
    expect(bodies).toEqual([
      {
        route: "POST /api/subscriptions/downgrade-subscription",
        body: { track_id: "trk_paid", userId: "usr_1", newPlanExists: starter, isYearly: false },
      },
    ]);
  });

  it("sends nothing when information is missing", async () => {
    const outcome = await submitDowngrade(createBillingApi(base), { ...opened, trackId: null }, "usr_1");
    expect(outcome).toEqual({ ok: false, message: "Missing required downgrade information" });
    expect(bodies).toEqual([]);
  });

  it("shows the server's reason for a refusal", async () => {
    answer(400, {
      error: {
        code: "BAD_REQUEST",
        message: "This payment reference does not belong to your current subscription",
        requestId: "r",
      },
    });
    expect(await submitDowngrade(createBillingApi(base), opened, "usr_1")).toEqual({
      ok: false,
      message: "This payment reference does not belong to your current subscription",
    });
  });

  it("uses 'Failed to process downgrade' when the server gives no reason", async () => {
    answer(500, { error: { code: "INTERNAL", message: "Something went wrong on our side", requestId: "r" } });
    expect(await submitDowngrade(createBillingApi(base), opened, "usr_1")).toEqual({
      ok: false,
      message: "Failed to process downgrade",
    });
  });

  it("uses 'Downgrade failed' for a success status without the data", async () => {
    answer(200, { message: "ok" });
    expect(await submitDowngrade(createBillingApi(base), opened, "usr_1")).toEqual({
      ok: false,
      message: "Downgrade failed",
    });
  });
});
