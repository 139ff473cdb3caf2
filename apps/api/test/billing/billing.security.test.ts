import { errorBodySchema, paymentInitiateResponseSchema, subscriptionDetailsSchema } from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents, payments, subscriptions } from "../../src/db/schema";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { type Actor, billingClient } from "./helpers";

describe.each(testDrivers("either"))("billing security on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof billingClient>;
  const erin: Actor = { sub: "auth_erin", email: "erin@example.com", name: "Erin" };
  const mallory: Actor = { sub: "auth_mallory", email: "mallory@example.com", name: "Mallory" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = billingClient(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  /** A callback exactly as the sandbox gateway would send it, signed with `secret`. */
  const callback = async (
    body: Record<string, unknown>,
    opts: { id?: string; secret?: string; ts?: number } = {},
  ) => {
    const raw = JSON.stringify({ type: "payment.decided", resultCode: null, resultMessage: null, ...body });
    const id = opts.id ?? `evt_${Math.random().toString(36).slice(2)}`;
    const ts = opts.ts ?? Math.floor(t.app.clock.now().getTime() / 1000);
    const res = await fetch(`${t.url}/api/payments/callback/sandbox`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signWebhook(opts.secret ?? t.env.PAYMENTS_SANDBOX_SECRET, raw, { id, timestamp: ts }),
      },
      body: raw,
    });
    return { status: res.status, body: await res.text(), id };
  };
  const snapshot = async (userId: string) => ({
    sub: (await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0],
    pays: await t.db.db.select().from(payments).where(eq(payments.userId, userId)),
  });
  const pending = async (who: Actor, plan = "Pro") => {
    const p = await api.plan(plan, "monthly");
    return paymentInitiateResponseSchema.parse((await api.initiate(who, p, "mastercard")).json);
  };

  it("refuses another user's subscription details, whether or not that user exists", async () => {
    await api.details(erin);
    const other = await api.details(mallory, erin.sub);
    const ghost = await api.details(mallory, "auth_nobody");
    expect(other.status).toBe(403);
    expect(ghost.status).toBe(403);
    expect(other.text).not.toContain("Erin");
    expect(errorBodySchema.parse(other.json).error.message).toBe(
      errorBodySchema.parse(ghost.json).error.message,
    );
  });

  it("refuses a tampered amount and creates no payment", async () => {
    const pro = await api.plan("Pro", "monthly");
    const before = await snapshot(erin.sub);
    const res = await api.initiate(erin, pro, "mastercard", 0.5);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.json).error.code).toBe("PAYMENT_AMOUNT_MISMATCH");
    expect(await snapshot(erin.sub)).toEqual(before);
  });

  it("refuses recording someone else's payment or changed details", async () => {
    const started = await pending(erin);
    const pro = await api.plan("Pro", "monthly");
    const asMallory = await api.call(mallory, "POST", "/api/payments/create", {
      userId: erin.sub,
      planId: pro._id,
      trackId: started.track_id,
      amount: 25,
      username: "Erin",
      planName: "Pro",
    });
    expect(asMallory.status).toBe(403);
    const otherTrack = await api.call(mallory, "POST", "/api/payments/create", {
      userId: mallory.sub,
      planId: pro._id,
      trackId: started.track_id,
      amount: 25,
      username: "M",
      planName: "Pro",
    });
    expect(otherTrack.status).toBe(404);
    const cheaper = await api.call(erin, "POST", "/api/payments/create", {
      userId: erin.sub,
      planId: pro._id,
      trackId: started.track_id,
      amount: 1,
      username: "Erin",
      planName: "Pro",
    });
    expect(cheaper.status).toBe(400);
  });

  it("refuses a forged callback and changes nothing", async () => {
    const started = await pending(erin);
    const before = await snapshot(erin.sub);
    const res = await callback(
      { trackId: started.track_id, status: "captured", amountMinor: 25_000, currency: "BHD" },
      { secret: "an-attacker-guessing-the-secret" },
    );
    expect(res.status).toBe(401);
    expect(await snapshot(erin.sub)).toEqual(before);
    const stale = await callback(
      { trackId: started.track_id, status: "captured", amountMinor: 25_000, currency: "BHD" },
      { ts: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect(stale.status).toBe(401);
    expect(await snapshot(erin.sub)).toEqual(before);
  });

  it("refuses a signed callback whose amount differs from the price, and never grants the plan", async () => {
    const started = await pending(erin);
    const res = await callback({
      trackId: started.track_id,
      status: "captured",
      amountMinor: 1,
      currency: "BHD",
    });
    expect(res.status).toBe(409);
    const [row] = await t.db.db.select().from(payments).where(eq(payments.trackId, started.track_id));
    expect(row?.status).toBe("amount_mismatch");
    expect(subscriptionDetailsSchema.parse((await api.details(erin)).json).plan.name).toBe("Free");
  });

  it("refuses a callback for an unknown track id", async () => {
    const res = await callback({
      trackId: "trk_doesnotexist",
      status: "captured",
      amountMinor: 25_000,
      currency: "BHD",
    });
    expect(res.status).toBe(404);
    const [event] = await t.db.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, res.id));
    expect(event).toMatchObject({ outcome: "rejected", reason: "unknown track id" });
  });

  it("a replayed callback changes nothing, and a later contrary event cannot undo a capture", async () => {
    const started = await pending(erin);
    const body = { trackId: started.track_id, status: "captured", amountMinor: 25_000, currency: "BHD" };
    const first = await callback(body, { id: "evt_replay_1" });
    expect(first.status).toBe(200);
    const afterFirst = await snapshot(erin.sub);
    expect(afterFirst.sub?.lastPaymentTrackId).toBe(started.track_id);

    t.app.clock.advance(60_000);
    const replay = await callback(body, { id: "evt_replay_1" });
    expect(replay.status).toBe(200);
    const contrary = await callback({ ...body, status: "failed" }, { id: "evt_replay_2" });
    expect(contrary.status).toBe(200);
    // The period was not restarted and the payment stays captured.
    expect(await snapshot(erin.sub)).toEqual(afterFirst);
    const events = await t.db.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.trackId, started.track_id));
    expect(events.map((e) => e.outcome).sort()).toEqual(["applied", "ignored"]);
  });

  // Callbacks for expired payments (a decline, another amount, a forged or a late capture): see
  // pending-payments.test.ts, where the payments really expire.

  it("refuses downgrades and cancellations on someone else's subscription", async () => {
    const starter = await api.plan("Starter", "monthly");
    const res = await api.call(mallory, "POST", "/api/subscriptions/downgrade-subscription", {
      track_id: "trk_x",
      userId: erin.sub,
      newPlanExists: starter,
      isYearly: false,
    });
    expect(res.status).toBe(403);
    expect(
      (await api.call(mallory, "POST", "/api/subscriptions/check-and-cancel", { userId: erin.sub })).status,
    ).toBe(403);
  });

  it("every billing route needs a token", async () => {
    for (const [method, path] of [
      ["GET", `/api/subscription/details/${erin.sub}`],
      ["POST", "/api/payments/initiate"],
      ["POST", "/api/payments/create"],
      ["POST", "/api/subscriptions/downgrade-subscription"],
      ["POST", "/api/subscriptions/check-and-cancel"],
      ["GET", "/api/payments"],
    ] as const) {
      expect((await api.call(null, method, path, method === "POST" ? {} : undefined)).status).toBe(401);
    }
  });
});
