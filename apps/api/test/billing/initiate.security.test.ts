import {
  errorBodySchema,
  paymentInitiateResponseSchema,
  paymentSchema,
  subscriptionDetailsSchema,
} from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, plans } from "../../src/db/schema";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { type Actor, billingClient } from "./helpers";

// POST /api/payments/initiate with the spec's payload (payment_provider, amount) and no planId:
// the server finds the plan by its price, narrowed by planName, and refuses anything ambiguous.
describe.each(testDrivers("either"))("payment initiation without planId on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof billingClient>;
  const nora: Actor = { sub: "auth_nora", email: "nora@example.com", name: "Nora" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = billingClient(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const initiate = (body: unknown, who: Actor = nora) =>
    api.call(who, "POST", "/api/payments/initiate", body);
  const paymentCount = async () =>
    (await t.db.db.select().from(payments).where(eq(payments.userId, nora.sub))).length;
  const errorOf = (res: { json: unknown }) => errorBodySchema.parse(res.json).error;

  describe("the spec's payload", () => {
    it("buys the one plan priced at the amount: 25 is Pro monthly", async () => {
      const res = await initiate({ payment_provider: "mastercard", amount: 25 });
      expect(res.status, res.text).toBe(200);
      const started = paymentInitiateResponseSchema.parse(res.json);
      expect(started).toMatchObject({ success: true, message: "Payment initiated" });
      expect(started.track_id).toMatch(/^trk_/);
      const payment = paymentSchema.parse(
        (await api.call(nora, "GET", `/api/payments/${started.track_id}`)).json,
      );
      const pro = await api.plan("Pro", "monthly");
      expect(payment).toMatchObject({
        planId: pro._id,
        planName: "Pro",
        billingInterval: "monthly",
        amount: { amount: 25, currency: "BHD" },
        method: "mastercard",
        status: "pending",
      });
    });

    it("takes a plan name (any case) alongside the amount: 'pro' at 250 is Pro yearly", async () => {
      const res = await initiate({ payment_provider: "benefit", amount: 250, planName: "  pro " });
      expect(res.status, res.text).toBe(200);
      const { track_id } = paymentInitiateResponseSchema.parse(res.json);
      const payment = paymentSchema.parse((await api.call(nora, "GET", `/api/payments/${track_id}`)).json);
      expect(payment).toMatchObject({ planName: "Pro", billingInterval: "yearly", method: "benefit" });
    });

    it("still takes planId as the web app sends it", async () => {
      const starter = await api.plan("Starter", "monthly");
      const res = await api.initiate(nora, starter, "mastercard");
      expect(res.status, res.text).toBe(200);
    });
  });

  describe("hostile and mistaken requests", () => {
    it("refuses an amount that matches no plan, and sells nothing", async () => {
      const before = await paymentCount();
      for (const amount of [26, 24.999, 9.5, 1e9]) {
        const res = await initiate({ payment_provider: "mastercard", amount });
        expect(res.status, String(amount)).toBe(400);
        expect(errorOf(res)).toMatchObject({
          code: "PAYMENT_AMOUNT_MISMATCH",
          message: "The amount does not match the price of any plan",
        });
      }
      expect(await paymentCount()).toBe(before);
    });

    it("refuses an amount that is not the named plan's price (a cheaper price for a dearer plan)", async () => {
      const res = await initiate({ payment_provider: "mastercard", amount: 9, planName: "Business" });
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: "PAYMENT_AMOUNT_MISMATCH",
        message: "The amount does not match the price of the selected plan",
      });
    });

    it("refuses a plan name no active plan has", async () => {
      const res = await initiate({ payment_provider: "mastercard", amount: 25, planName: "Enterprise" });
      expect(res.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: "NOT_FOUND", message: "User or plan not found" });
    });

    it("refuses a planId and a planName that disagree", async () => {
      const pro = await api.plan("Pro", "monthly");
      const res = await initiate({
        payment_provider: "mastercard",
        amount: 25,
        planId: pro._id,
        planName: "Starter",
      });
      expect(res.status).toBe(400);
      expect(errorOf(res).message).toBe("The plan name does not match the selected plan");
    });

    it("refuses to take money for Free", async () => {
      const res = await initiate({ payment_provider: "mastercard", amount: 0 });
      expect(res.status).toBe(400);
      expect(errorOf(res).message).toBe("The Free plan needs no payment");
    });

    it.each([
      ["a negative amount", { amount: -25 }],
      ["an amount as text", { amount: "25" }],
      ["no amount", {}],
      ["an empty plan name", { amount: 25, planName: "   " }],
      ["a huge plan name", { amount: 25, planName: "P".repeat(10_000) }],
      ["an empty planId", { amount: 25, planId: "" }],
    ])("answers %s with a 400 naming the field", async (_label, body) => {
      const res = await initiate({ payment_provider: "mastercard", ...body });
      expect(res.status).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details?.length).toBeGreaterThan(0);
    });

    it("does not sell a retired plan by its old price", async () => {
      const business = await api.plan("Business", "yearly");
      await t.db.db.update(plans).set({ isActive: false }).where(eq(plans.id, business._id));
      try {
        const res = await initiate({ payment_provider: "mastercard", amount: 790 });
        expect(res.status).toBe(400);
        expect(errorOf(res).code).toBe("PAYMENT_AMOUNT_MISMATCH");
      } finally {
        await t.db.db.update(plans).set({ isActive: true }).where(eq(plans.id, business._id));
      }
    });

    it("does not guess between two plans at the same price: 400 naming planId", async () => {
      // An operator prices Starter yearly like Pro monthly.
      const starterYearly = await api.plan("Starter", "yearly");
      const [row] = await t.db.db.select().from(plans).where(eq(plans.id, starterYearly._id));
      await t.db.db.update(plans).set({ priceMinor: 25_000 }).where(eq(plans.id, starterYearly._id));
      try {
        const before = await paymentCount();
        const res = await initiate({ payment_provider: "mastercard", amount: 25 });
        expect(res.status).toBe(400);
        expect(errorOf(res)).toMatchObject({
          code: "VALIDATION_FAILED",
          message: "Several plans cost this amount: send planId to choose one",
          details: [{ path: "planId", message: "Several plans cost this amount: send planId to choose one" }],
        });
        expect(await paymentCount()).toBe(before);
        // The name settles it.
        const named = await initiate({ payment_provider: "mastercard", amount: 25, planName: "Starter" });
        expect(named.status, named.text).toBe(200);
      } finally {
        await t.db.db
          .update(plans)
          .set({ priceMinor: row?.priceMinor ?? 90_000 })
          .where(eq(plans.id, starterYearly._id));
      }
    });

    it("needs a signed-in user", async () => {
      const res = await api.call(null, "POST", "/api/payments/initiate", { amount: 25 });
      expect(res.status).toBe(401);
    });
  });

  // Why the plan is bound when the payment starts (initiate), and not first at /payments/create as
  // the spec's flow could suggest: initiate already answers with the gateway's payment URL, so a
  // payment can be captured before /payments/create is called, or without it ever arriving (a
  // closed tab, a lost request). The capture must already know what it buys. See README, Billing.
  describe("the plan is bound at initiation", () => {
    const omar: Actor = { sub: "auth_omar", email: "omar@example.com", name: "Omar" };

    it("a payment paid at the gateway before /payments/create grants exactly the plan bought", async () => {
      const res = await initiate({ payment_provider: "mastercard", amount: 9 }, omar);
      expect(res.status, res.text).toBe(200);
      const started = paymentInitiateResponseSchema.parse(res.json);
      expect((await api.decide(started.payment_url, "approve")).status).toBe(303);
      const details = subscriptionDetailsSchema.parse((await api.details(omar)).json);
      expect(details.plan).toMatchObject({ name: "Starter", billingInterval: "monthly" });
      expect(details.lastPaymentTrackId).toBe(started.track_id);
    });

    it("hostile: /payments/create cannot bind another plan to a started payment", async () => {
      const starter = await api.plan("Starter", "monthly");
      const business = await api.plan("Business", "monthly");
      const res = await initiate({ payment_provider: "benefit", amount: 9, planId: starter._id }, omar);
      const started = paymentInitiateResponseSchema.parse(res.json);
      const rebound = await api.call(omar, "POST", "/api/payments/create", {
        userId: omar.sub,
        planId: business._id,
        trackId: started.track_id,
        amount: business.price.amount,
        username: omar.name,
        planName: business.name,
      });
      expect(rebound.status).toBe(400);
      expect(errorOf(rebound).code).toBe("PAYMENT_AMOUNT_MISMATCH");
      expect((await api.decide(started.payment_url, "approve")).status).toBe(303);
      const payment = paymentSchema.parse(
        (await api.call(omar, "GET", `/api/payments/${started.track_id}`)).json,
      );
      expect(payment).toMatchObject({ planName: "Starter", status: "captured", amount: { amount: 9 } });
      expect(subscriptionDetailsSchema.parse((await api.details(omar)).json).plan.name).toBe("Starter");
    });
  });
});
