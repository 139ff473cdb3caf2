import {
  errorBodySchema,
  type Payment,
  paymentListSchema,
  subscriptionDetailsSchema,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionChanges, subscriptions } from "../../src/db/schema";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { startGatewayLink } from "./gateway-link";
import { type Actor, billingClient } from "./helpers";

const MINUTE = 60_000;

// Issue #25 item 7: every pending payment ends. The API reaches its sandbox gateway (and the
// gateway calls it back) over a real HTTP link that these tests break (refused, or the answer
// lost after the gateway acted); time moves with the test clock, whose route runs the jobs the
// server runs (the reconciler among them).
describe.each(testDrivers())("pending payments end on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof billingClient>;
  let link: Awaited<ReturnType<typeof startGatewayLink>>;
  let seq = 0;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    link = await startGatewayLink(() => t.url);
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, INTERNAL_URL: link.url, TEST_CLOCK: "true" },
      { listen: true },
    );
    api = billingClient(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await link?.close();
    await issuer?.close();
  });

  const newActor = (): Actor => {
    seq += 1;
    return { sub: `auth_pending_${seq}`, email: `pending${seq}@example.com`, name: `Payer ${seq}` };
  };
  /** The test clock: moves time, then runs the scheduled jobs; the reconciler's result. */
  const tick = async (advanceMs: number) => {
    const res = await fetch(`${t.url}/api/internal/test-clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceMs }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { reconcile: { checked: number; settled: number; expired: number } })
      .reconcile;
  };
  /** What the billing page's history shows. */
  const history = async (who: Actor): Promise<Payment[]> => {
    const res = await api.call(who, "GET", "/api/payments");
    expect(res.status).toBe(200);
    return paymentListSchema.parse(res.json);
  };
  const only = async (who: Actor): Promise<Payment> => {
    const list = await history(who);
    expect(list).toHaveLength(1);
    return list[0] as Payment;
  };
  const planOf = async (who: Actor) =>
    subscriptionDetailsSchema.parse((await api.details(who)).json).plan.name;
  const payPage = (trackId: string) => `${t.url}/sandbox-gateway/pay/${trackId}`;
  /** Starts a payment whose gateway call fails the given way: the API answers 502. */
  const initiateThrough = async (who: Actor, state: "down" | "answer-lost", plan = "Pro") => {
    await link.set(state);
    try {
      const res = await api.initiate(who, await api.plan(plan, "monthly"), "mastercard");
      expect(res.status).toBe(502);
      expect(errorBodySchema.parse(res.json).error.code).toBe("GATEWAY_ERROR");
    } finally {
      await link.set("up");
    }
  };
  /** A gateway notification, signed with the gateway's secret unless told otherwise. */
  const callback = async (body: Record<string, unknown>, secret = t.env.PAYMENTS_SANDBOX_SECRET) => {
    const raw = JSON.stringify({ type: "payment.decided", resultCode: null, resultMessage: null, ...body });
    const ts = Math.floor(t.app.clock.now().getTime() / 1000);
    const res = await fetch(`${t.url}/api/payments/callback/sandbox`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signWebhook(secret, raw, { id: `evt_${Math.random().toString(36).slice(2)}`, timestamp: ts }),
      },
      body: raw,
    });
    return res.status;
  };

  it("a payment whose gateway could not be reached is pending, then 'expired' with its reason", async () => {
    const who = newActor();
    await initiateThrough(who, "down");
    const started = await only(who);
    expect(started).toMatchObject({ status: "pending", planName: "Pro" });

    // The reconciler leaves a payment alone for its first two minutes (a callback may be on its way).
    expect((await tick(MINUTE)).checked).toBe(0);
    expect((await only(who)).status).toBe("pending");

    // The gateway is still unreachable: the payment ends anyway, and nothing was granted.
    await link.set("down");
    try {
      expect(await tick(MINUTE + 1000)).toMatchObject({ checked: 1, settled: 0, expired: 1 });
    } finally {
      await link.set("up");
    }
    expect(await only(who)).toMatchObject({
      track_id: started.track_id,
      status: "expired",
      resultMessage: "The payment gateway could not start the payment",
      capturedAt: null,
    });
    expect(await planOf(who)).toBe("Free");
    // Never again pending, never reconsidered.
    expect((await tick(40 * MINUTE)).checked).toBe(0);
    expect((await only(who)).status).toBe("expired");
  });

  it("the gateway took the order but its answer was lost: what the gateway says wins", async () => {
    // Nobody pays: the gateway says it is still waiting, and the payment expires.
    const idle = newActor();
    await initiateThrough(idle, "answer-lost");
    const unpaid = await only(idle);
    expect(unpaid.status).toBe("pending");

    // The other payer approves at the gateway while its callback cannot reach the API.
    const payer = newActor();
    await initiateThrough(payer, "answer-lost", "Starter");
    const paid = await only(payer);
    expect(paid.status).toBe("pending");
    await link.set("down");
    try {
      expect((await api.decide(payPage(paid.track_id), "approve")).status).toBe(303);
    } finally {
      await link.set("up");
    }
    expect((await only(payer)).status).toBe("pending");
    expect(await planOf(payer)).toBe("Free");

    expect(await tick(2 * MINUTE + 1000)).toMatchObject({ checked: 2, settled: 1, expired: 1 });
    expect(await only(payer)).toMatchObject({ status: "captured", resultMessage: null });
    expect(await planOf(payer)).toBe("Starter");
    expect(await only(idle)).toMatchObject({
      status: "expired",
      resultMessage: "The payment gateway could not start the payment",
    });
    expect(await planOf(idle)).toBe("Free");
  });

  it("an abandoned payment expires after 30 minutes; paid later at the gateway, it grants the plan once", async () => {
    const who = newActor();
    const res = await api.initiate(who, await api.plan("Starter", "monthly"), "benefit");
    expect(res.status).toBe(200);
    const started = await only(who);
    expect((await tick(29 * MINUTE)).expired).toBe(0);
    expect((await only(who)).status).toBe("pending");
    expect((await tick(2 * MINUTE)).expired).toBe(1);
    expect(await only(who)).toMatchObject({
      status: "expired",
      resultMessage: "The payment was not completed in time",
    });
    expect(await planOf(who)).toBe("Free");

    // The gateway's page was still open and the payer approved: the money was taken, so the
    // capture counts (the history must not say "no payment was taken").
    expect((await api.decide(payPage(started.track_id), "approve")).status).toBe(303);
    expect(await only(who)).toMatchObject({ status: "captured" });
    expect(await planOf(who)).toBe("Starter");
    const [sub] = await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, who.sub));

    // Once: another capture notice for it, and the reconciler, change nothing.
    expect(
      await callback({ trackId: started.track_id, status: "captured", amountMinor: 9_000, currency: "BHD" }),
    ).toBe(200);
    expect((await tick(0)).checked).toBe(0);
    const [again] = await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, who.sub));
    expect(again).toEqual(sub);
    const upgrades = await t.db.db
      .select()
      .from(subscriptionChanges)
      .where(and(eq(subscriptionChanges.userId, who.sub), eq(subscriptionChanges.kind, "upgrade")));
    expect(upgrades.map((c) => c.reference)).toEqual([started.track_id]);
  });

  it("hostile: nothing but the gateway's capture of the stored amount revives an expired payment", async () => {
    const who = newActor();
    await initiateThrough(who, "down", "Business");
    const started = await only(who);
    expect((await tick(3 * MINUTE)).expired).toBeGreaterThanOrEqual(1);
    expect((await only(who)).status).toBe("expired");

    // A forged capture (not the gateway's secret) is refused outright.
    const forged = await callback(
      { trackId: started.track_id, status: "captured", amountMinor: 60_000, currency: "BHD" },
      "not-the-gateway-secret-at-all",
    );
    expect(forged).toBe(401);
    // The gateway's decline or cancellation of it: it stays expired.
    expect(await callback({ trackId: started.track_id, status: "failed" })).toBe(200);
    expect(await callback({ trackId: started.track_id, status: "canceled" })).toBe(200);
    expect(await callback({ trackId: started.track_id, status: "pending" })).toBe(200);
    expect((await only(who)).status).toBe("expired");
    // A capture of another amount is not a purchase of this plan: held for review, nothing granted.
    expect(
      await callback({ trackId: started.track_id, status: "captured", amountMinor: 1_000, currency: "BHD" }),
    ).toBe(409);
    expect((await only(who)).status).toBe("amount_mismatch");
    expect(await planOf(who)).toBe("Free");
  });
});
