import {
  auditListSchema,
  formatMoney,
  paymentInitiateResponseSchema,
  subscriptionDetailsSchema,
} from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, sandboxGatewayOrders } from "../../src/db/schema";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { type Actor, billingClient } from "./helpers";

const DAY = 86_400_000;

describe.each(testDrivers())("billing journey on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof billingClient>;
  const alice: Actor = { sub: "auth_alice", email: "alice@example.com", name: "Alice" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = billingClient(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("starts every user on Free", async () => {
    const res = await api.details(alice);
    expect(res.status).toBe(200);
    const d = subscriptionDetailsSchema.parse(res.json);
    expect(d.plan.name).toBe("Free");
    expect(d.plan.id).toBe(d.plan._id);
    expect(d.currentPeriodEnd).toBeNull();
    expect(d.pendingChange).toBeNull();
  });

  let proTrackId = "";
  it("upgrades Free → Pro monthly with the sandbox card: callback first, then the browser return", async () => {
    const pro = await api.plan("Pro", "monthly");
    const init = await api.initiate(alice, pro, "mastercard");
    expect(init.status).toBe(200);
    const started = paymentInitiateResponseSchema.parse(init.json);
    expect(started.success).toBe(true);
    expect(started.payment_url).toBe(`${t.url}/sandbox-gateway/pay/${started.track_id}`);
    proTrackId = started.track_id;

    const recorded = await api.call(alice, "POST", "/api/payments/create", {
      userId: alice.sub,
      planId: pro._id,
      trackId: started.track_id,
      amount: 25,
      username: "Alice",
      planName: "Pro",
    });
    expect(recorded.json).toEqual({ success: true, status: "pending" });
    // Recording again is harmless.
    expect(
      (
        await api.call(alice, "POST", "/api/payments/create", {
          userId: alice.sub,
          planId: pro._id,
          trackId: started.track_id,
          amount: 25,
          username: "Alice",
          planName: "Pro",
        })
      ).json,
    ).toEqual({ success: true, status: "pending" });

    const page = await fetch(started.payment_url);
    const html = await page.text();
    expect(html).toContain(formatMoney(25, "BHD"));
    expect(html).toContain("Approve");
    // Still Free while the user looks at the gateway page.
    expect(subscriptionDetailsSchema.parse((await api.details(alice)).json).plan.name).toBe("Free");

    const decided = await api.decide(started.payment_url, "approve");
    expect(decided.status).toBe(303);
    expect(decided.location).toBe(`${t.url}/billing/result?trackId=${started.track_id}`);

    const d = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    expect(d.plan.name).toBe("Pro");
    expect(d.plan.billingInterval).toBe("monthly");
    expect(d.lastPaymentTrackId).toBe(started.track_id);
    const start = new Date(d.currentPeriodStart);
    const end = new Date(d.currentPeriodEnd ?? 0);
    expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(28 * DAY);
    expect(end.getTime() - start.getTime()).toBeLessThanOrEqual(31 * DAY);

    const history = await api.call(alice, "GET", "/api/payments");
    expect(history.json).toEqual([
      expect.objectContaining({
        track_id: started.track_id,
        planName: "Pro",
        planNames: { en: "Pro", ar: "الاحترافية" },
        status: "captured",
        amount: { amount: 25, currency: "BHD" },
      }),
    ]);
    // The payment keeps who started it, and the audit log names them as the one who changed the plan.
    const [row] = await t.db.db.select().from(payments).where(eq(payments.trackId, started.track_id));
    expect(row).toMatchObject({ initiatedById: alice.sub, initiatedByEmail: alice.email });
    expect(await planChanges()).toEqual([
      expect.objectContaining({
        actorId: alice.sub,
        actorEmail: alice.email,
        target: "Pro",
        details: { trackId: started.track_id, reason: "payment_captured", from: "Free", to: "Pro" },
      }),
    ]);
  });

  async function planChanges() {
    const log = await api.call(alice, "GET", "/api/workspace/audit-log");
    expect(log.status).toBe(200);
    return auditListSchema.parse(log.json).entries.filter((e) => e.action === "plan.changed");
  }

  it("a declined BENEFIT payment shows the failure and leaves the plan unchanged", async () => {
    const business = await api.plan("Business", "monthly");
    const started = paymentInitiateResponseSchema.parse(
      (await api.initiate(alice, business, "benefit")).json,
    );
    const decided = await api.decide(started.payment_url, "decline");
    expect(decided.status).toBe(303);
    const payment = await api.call(alice, "GET", `/api/payments/${started.track_id}`);
    expect(payment.json).toMatchObject({
      planNames: { en: "Business", ar: "الأعمال" },
      status: "failed",
      method: "benefit",
      resultMessage: "Declined by the card issuer (sandbox)",
    });
    const d = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    expect(d.plan.name).toBe("Pro");
    expect(d.lastPaymentTrackId).toBe(proTrackId);
  });

  it("schedules a downgrade to Starter at period end without reducing access, cancels it, schedules it again", async () => {
    const starter = await api.plan("Starter", "monthly");
    const before = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    const body = { track_id: proTrackId, userId: alice.sub, newPlanExists: starter, isYearly: false };
    const res = await api.call(alice, "POST", "/api/subscriptions/downgrade-subscription", body);
    expect(res.status).toBe(200);
    expect(String(res.json.message)).toMatch(
      /^Downgrade scheduled: your plan will change to Starter on [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(res.json.message).not.toContain("Failed");

    let d = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    expect(d.plan.name).toBe("Pro");
    expect(d.pendingChange?.plan.name).toBe("Starter");
    expect(d.pendingChange?.effectiveAt).toBe(before.currentPeriodEnd);

    const cancelled = await api.call(alice, "POST", "/api/subscriptions/check-and-cancel", {
      userId: alice.sub,
    });
    expect(cancelled.json).toMatchObject({ cancelled: true });
    expect(
      (await api.call(alice, "POST", "/api/subscriptions/check-and-cancel", { userId: alice.sub })).json,
    ).toMatchObject({ cancelled: false });
    d = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    expect(d.pendingChange).toBeNull();

    expect((await api.call(alice, "POST", "/api/subscriptions/downgrade-subscription", body)).status).toBe(
      200,
    );
  });

  it("refuses a 'downgrade' to a higher plan", async () => {
    const business = await api.plan("Business", "monthly");
    const res = await api.call(alice, "POST", "/api/subscriptions/downgrade-subscription", {
      track_id: proTrackId,
      userId: alice.sub,
      newPlanExists: business,
      isYearly: false,
    });
    expect(res.status).toBe(400);
  });

  it("the period-end job applies the downgrade once the clock passes the period end", async () => {
    const d0 = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    const end = new Date(d0.currentPeriodEnd ?? 0);
    // Just before the end nothing happens.
    t.app.clock.advance(end.getTime() - t.app.clock.now().getTime() - 60_000);
    expect(await t.app.services.subscriptions.runPeriodEnd()).toEqual({
      downgradesApplied: 0,
      movedToPastDue: 0,
      expiredToFree: 0,
    });
    expect(subscriptionDetailsSchema.parse((await api.details(alice)).json).plan.name).toBe("Pro");

    t.app.clock.advance(120_000);
    expect(await t.app.services.subscriptions.runPeriodEnd()).toMatchObject({ downgradesApplied: 1 });
    expect(await t.app.services.subscriptions.runPeriodEnd()).toMatchObject({ downgradesApplied: 0 });
    const d = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    expect(d.plan.name).toBe("Starter");
    expect(d.pendingChange).toBeNull();
    // Renewals are manual: the lower plan awaits its payment during the grace window.
    expect(d.status).toBe("past_due");
    expect(d.currentPeriodStart).toBe(d0.currentPeriodEnd);
    // The job changed the plan on nobody's behalf: the audit log says the system did, from → to, once.
    const changes = await planChanges();
    expect(changes.filter((e) => e.details.by === "system")).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: null,
        target: "Starter",
        details: { by: "system", reason: "downgrade_applied", from: "Pro", to: "Starter" },
      }),
    ]);
  });

  it("a successful upgrade clears a pending downgrade", async () => {
    const business = await api.plan("Business", "yearly");
    const started = paymentInitiateResponseSchema.parse(
      (await api.initiate(alice, business, "mastercard")).json,
    );
    await api.decide(started.payment_url, "approve");
    const d = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    expect(d.plan.name).toBe("Business");
    expect(d.status).toBe("active");
    const starter = await api.plan("Starter", "monthly");
    await api.call(alice, "POST", "/api/subscriptions/downgrade-subscription", {
      track_id: started.track_id,
      userId: alice.sub,
      newPlanExists: starter,
      isYearly: false,
    });
    expect(subscriptionDetailsSchema.parse((await api.details(alice)).json).pendingChange).not.toBeNull();
    const pro = await api.plan("Pro", "yearly");
    const again = paymentInitiateResponseSchema.parse((await api.initiate(alice, pro, "benefit")).json);
    await api.decide(again.payment_url, "approve");
    const after = subscriptionDetailsSchema.parse((await api.details(alice)).json);
    expect(after.plan.name).toBe("Pro");
    expect(after.pendingChange).toBeNull();
  });

  it("reconciles a payment whose callback never arrived, and expires an abandoned one", async () => {
    const starter = await api.plan("Starter", "monthly");
    const bob: Actor = { sub: "auth_bob", email: "bob@example.com", name: "Bob" };
    const lost = paymentInitiateResponseSchema.parse((await api.initiate(bob, starter, "benefit")).json);
    const abandoned = paymentInitiateResponseSchema.parse(
      (await api.initiate(bob, starter, "mastercard")).json,
    );
    // The gateway approves, but its server-to-server callback cannot reach us (dead port).
    await t.db.db
      .update(sandboxGatewayOrders)
      .set({ callbackUrl: "http://127.0.0.1:9/unreachable" })
      .where(eq(sandboxGatewayOrders.trackId, lost.track_id));
    expect((await api.decide(lost.payment_url, "approve")).status).toBe(303);
    const [pending] = await t.db.db.select().from(payments).where(eq(payments.trackId, lost.track_id));
    expect(pending?.status).toBe("pending");
    expect(subscriptionDetailsSchema.parse((await api.details(bob)).json).plan.name).toBe("Free");

    // Too recent for the reconciler: left alone.
    expect(await t.app.services.payments.reconcile()).toMatchObject({ checked: 0 });
    t.app.clock.advance(5 * 60_000);
    const first = await t.app.services.payments.reconcile();
    expect(first).toMatchObject({ checked: 2, settled: 1, expired: 0 });
    expect(subscriptionDetailsSchema.parse((await api.details(bob)).json).plan.name).toBe("Starter");

    t.app.clock.advance(40 * 60_000);
    expect(await t.app.services.payments.reconcile()).toMatchObject({ checked: 1, settled: 0, expired: 1 });
    const [abandonedRow] = await t.db.db
      .select()
      .from(payments)
      .where(eq(payments.trackId, abandoned.track_id));
    expect(abandonedRow?.status).toBe("expired");
  });
});
