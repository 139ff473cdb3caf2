import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Plan } from "@parley/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setTokenProvider } from "../../lib/api";
import { createBillingApi, downgradeReplySchema } from "./api-client";
import {
  buildDowngradeRequest,
  confirmDowngrade,
  DOWNGRADE_BUTTON_BUSY_MS,
  DOWNGRADE_PROCESSING_MIN_MS,
  type DowngradeAction,
  type DowngradeOutcome,
  type DowngradeState,
  downgradeReducer,
  initialDowngradeState,
  interpretDowngradeResponse,
  submitDowngrade,
} from "./downgrade-flow";

// The request path against the real API is in billing-messages.test.ts. These are the spec's
// rules for replies our API never sends (it refuses with 4xx/5xx and a message instead), which
// the client still has to read right (spec §5).

const plan = (over: Partial<Plan>): Plan => ({
  _id: "plan_x",
  name: "X",
  isActive: true,
  description: "",
  price: { amount: 0, currency: "BHD" },
  billingInterval: "monthly",
  features: [],
  tier: 0,
  texts: {
    en: { name: over.name ?? "X", description: "", extras: [] },
    ar: { name: over.name ?? "X", description: "", extras: [] },
  },
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
    // First the button says 'Processing...' (still on confirmation), then the Processing stage.
    const sending = downgradeReducer(opened, { type: "submit" });
    expect(sending).toMatchObject({ stage: "confirmation", isProcessing: true });
    const processing = downgradeReducer(sending, { type: "show-processing" });
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
    expect(downgradeReducer(failed, { type: "submit" })).toMatchObject({
      stage: "confirmation",
      isProcessing: true,
      error: null,
    });
  });

  it("cannot be closed, reset or reopened while processing", () => {
    const sending = downgradeReducer(opened, { type: "submit" });
    expect(downgradeReducer(sending, { type: "close" })).toBe(sending);
    const processing = downgradeReducer(sending, { type: "show-processing" });
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
    expect(downgradeReducer(opened, { type: "show-processing" })).toBe(opened);
  });
});

describe("confirmDowngrade: 'Processing...' on the button, then the Processing stage, never flashed", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const scheduled = { ok: true as const, planName: "Starter", effectiveAt: "2026-12-21T10:00:00.000Z" };
  /** Runs the confirmation with a request answered after `ms`, recording the dialog over time. */
  function run(ms: number, outcome: DowngradeOutcome = scheduled) {
    let state = opened;
    const timeline: { at: number; stage: string; busy: boolean; error: string | null }[] = [];
    const start = Date.now();
    const dispatch = (action: DowngradeAction) => {
      state = downgradeReducer(state, action);
      timeline.push({
        at: Date.now() - start,
        stage: state.stage,
        busy: state.isProcessing,
        error: state.error,
      });
    };
    const done = confirmDowngrade(
      () => new Promise((resolve) => setTimeout(() => resolve(outcome), ms)),
      dispatch,
    );
    return { done, timeline, state: () => state };
  }

  it("a quick answer: the button says 'Processing...' for its minimum, then success (no stage flash)", async () => {
    const { done, timeline } = run(30);
    expect(timeline).toEqual([{ at: 0, stage: "confirmation", busy: true, error: null }]);
    await vi.advanceTimersByTimeAsync(DOWNGRADE_BUTTON_BUSY_MS - 1);
    expect(timeline).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(timeline.map((t) => [t.at, t.stage, t.busy])).toEqual([
      [0, "confirmation", true],
      [DOWNGRADE_BUTTON_BUSY_MS, "success", false],
    ]);
  });

  it("a quick refusal returns to confirmation with the message after the same minimum", async () => {
    const { done, timeline } = run(10, { ok: false, message: "Failed to process downgrade" });
    await vi.advanceTimersByTimeAsync(DOWNGRADE_BUTTON_BUSY_MS);
    await done;
    expect(timeline.at(-1)).toEqual({
      at: DOWNGRADE_BUTTON_BUSY_MS,
      stage: "confirmation",
      busy: false,
      error: "Failed to process downgrade",
    });
  });

  it("a slow answer: the Processing stage follows the button and stays its minimum", async () => {
    const { done, timeline } = run(DOWNGRADE_BUTTON_BUSY_MS + 50);
    await vi.advanceTimersByTimeAsync(DOWNGRADE_BUTTON_BUSY_MS + DOWNGRADE_PROCESSING_MIN_MS);
    await done;
    expect(timeline.map((t) => [t.at, t.stage])).toEqual([
      [0, "confirmation"],
      [DOWNGRADE_BUTTON_BUSY_MS, "processing"],
      [DOWNGRADE_BUTTON_BUSY_MS + DOWNGRADE_PROCESSING_MIN_MS, "success"],
    ]);
  });

  it("counts each minimum from when the busy sign is on screen, not from the dispatch", async () => {
    // A page that takes 150 ms to draw each state (a starved machine): the button still says
    // 'Processing...' for its whole minimum once drawn, and the request went out at once.
    let state = opened;
    const timeline: [number, string, boolean][] = [];
    let sentAt = -1;
    const start = Date.now();
    const done = confirmDowngrade(
      () => {
        sentAt = Date.now() - start;
        return new Promise((resolve) => setTimeout(() => resolve(scheduled), 30));
      },
      (action) => {
        state = downgradeReducer(state, action);
        timeline.push([Date.now() - start, state.stage, state.isProcessing]);
      },
      () => new Promise((resolve) => setTimeout(resolve, 150)),
    );
    expect(sentAt).toBe(0);
    await vi.advanceTimersByTimeAsync(150 + DOWNGRADE_BUTTON_BUSY_MS - 1);
    expect(timeline).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(timeline).toEqual([
      [0, "confirmation", true],
      [150 + DOWNGRADE_BUTTON_BUSY_MS, "success", false],
    ]);
  });

  it("a very slow answer ends the Processing stage when it arrives", async () => {
    const { done, timeline } = run(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(timeline.map((t) => [t.at, t.stage])).toEqual([
      [0, "confirmation"],
      [DOWNGRADE_BUTTON_BUSY_MS, "processing"],
      [5_000, "success"],
    ]);
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

  it("keeps the server's message when a success status carries 'Failed' and no data", () => {
    // Before, the strict contract rejected this reply and the user saw 'Downgrade failed'.
    const reply = downgradeReplySchema.parse({ message: "Failed to schedule: billing is paused" });
    expect(interpretDowngradeResponse(reply)).toEqual({
      ok: false,
      message: "Failed to schedule: billing is paused",
    });
    expect(interpretDowngradeResponse(downgradeReplySchema.parse({}))).toEqual({
      ok: false,
      message: "Downgrade failed",
    });
  });

  it("is 'Downgrade failed' when there is no data", () => {
    expect(interpretDowngradeResponse(null)).toEqual({ ok: false, message: "Downgrade failed" });
    expect(interpretDowngradeResponse({ message: "" })).toEqual({ ok: false, message: "Downgrade failed" });
  });
});

// Issue #25: a downgrade refused with a 5xx and a message showed the default text. The spec (§8)
// prefers the server's message whenever there is one; the default is for when there is none. The
// real client (apiFetch) reads each answer from a real HTTP server.
describe("a failed downgrade call: the server's message whenever it gave one", () => {
  let server: Server;
  let base = "";
  let answer: (res: ServerResponse) => void = (res) => res.end();
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => answer(res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => setTokenProvider(undefined));
  const state = { currentPlan: pro, targetPlan: starter, trackId: "trk_paid" };
  const send = (reply: (res: ServerResponse) => void) => {
    answer = reply;
    return submitDowngrade(createBillingApi(base), state, "auth_user");
  };
  const json = (status: number, body: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  it.each([
    [500, "INTERNAL", "Something went wrong on our side"],
    [503, "SERVICE_UNAVAILABLE", "Billing is being updated, try again in a minute"],
  ])("a %i with our error body shows its message", async (status, code, message) => {
    expect(await send(json(status, { error: { code, message, requestId: "req_1" } }))).toEqual({
      ok: false,
      message,
    });
  });

  it("a 5xx whose body is not our shape still shows the message it carries", async () => {
    expect(await send(json(502, { message: "Upstream billing service timed out" }))).toEqual({
      ok: false,
      message: "Upstream billing service timed out",
    });
  });

  it("the default when the server said nothing: a bare 500, a proxy's HTML page, no answer at all", async () => {
    const failed = { ok: false, message: "Failed to process downgrade" };
    expect(await send((res) => res.writeHead(500).end())).toEqual(failed);
    expect(
      await send((res) => res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>")),
    ).toEqual(failed);
    expect(await send(json(500, { message: "   " }))).toEqual(failed);
    expect(await send((res) => res.socket?.destroy())).toEqual(failed);
  });
});
