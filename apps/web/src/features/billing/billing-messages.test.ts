import { type Plan, planListSchema, type SubscriptionDetails } from "@parley/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { operator } from "../../../../api/test/billing/operator";
import { createTestApp, freePort, type TestApp, testDrivers } from "../../../../api/test/harness";
import { startTokenIssuer, type TokenIssuer } from "../../../../api/test/token-issuer";
import { setTokenProvider } from "../../lib/api";
import { createBillingApi, loadSubscription } from "./api-client";
import { type DowngradeState, submitDowngrade } from "./downgrade-flow";
import { type KeyValueStorage, PAYMENT_INFO_KEY } from "./payment-info";
import { startUpgradePayment, type UpgradeClient, type UpgradeDeps } from "./upgrade-flow";

// The spec's error catalogue (§5, §8) from the client's side: the real billing client and flows
// (apiFetch, the contracts, startUpgradePayment, submitDowngrade) against the real API on
// 127.0.0.1, its sandbox gateway and a real database. Every failure is a real server condition:
// a plan retired or repriced between listing and paying, time running out, a stale tab, the API
// or its database being down. Replies our API never sends are covered in the *-flow tests.

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

interface Actor {
  sub: string;
  email: string;
  name: string;
}

describe.each(testDrivers("either"))("the billing client against the real API on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let signedIn: Actor | null = null;
  let seq = 0;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    // What the session layer does in the browser: every call carries the user's access token.
    setTokenProvider(async () => (signedIn ? issuer.sign(signedIn) : null));
  });
  afterAll(async () => {
    setTokenProvider(undefined);
    await t?.close();
    await issuer?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const newUser = (): Actor => {
    seq += 1;
    signedIn = { sub: `auth_client_${seq}`, email: `client${seq}@example.com`, name: `Client ${seq}` };
    return signedIn;
  };
  const api = () => createBillingApi(t.url);
  const plan = async (name: string, interval: "monthly" | "yearly"): Promise<Plan> => {
    const list = planListSchema.parse(await (await fetch(`${t.url}/api/plans`)).json());
    const found = list.find((p) => p.name === name && p.billingInterval === interval);
    if (!found) throw new Error(`no plan ${name}`);
    return found;
  };
  const paymentRows = (userId: string) => operator(t).payments(userId);

  function upgrade(client: UpgradeClient = api()) {
    const storage = memoryStorage();
    const navigations: string[] = [];
    const deps: UpgradeDeps = { client, storage, navigate: (url) => navigations.push(url) };
    return { deps, storage, navigations };
  }

  /** Pays for `planName` through the client and approves it at the sandbox gateway. */
  async function buy(user: Actor, planName: string): Promise<SubscriptionDetails> {
    const { deps, navigations } = upgrade();
    const result = await startUpgradePayment(deps, {
      user: { id: user.sub, name: user.name },
      plan: await plan(planName, "monthly"),
      method: "card",
    });
    expect(result.status).toBe("redirecting");
    const decided = await fetch(navigations[0] ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
      redirect: "manual",
    });
    expect(decided.status).toBe(303);
    const details = await api().subscription(user.sub);
    expect(details.plan.name).toBe(planName);
    return details;
  }

  describe("upgrade: payment", () => {
    it("initiates, remembers payment_info, records and leaves for the gateway", async () => {
      const user = newUser();
      const pro = await plan("Pro", "monthly");
      const { deps, storage, navigations } = upgrade();
      const result = await startUpgradePayment(deps, {
        user: { id: user.sub, name: user.name },
        plan: pro,
        method: "benefit",
      });
      if (result.status !== "redirecting") throw new Error(result.message);
      expect(navigations).toEqual([result.paymentUrl]);
      expect(result.paymentUrl.startsWith(`${t.url}/sandbox-gateway/pay/`)).toBe(true);
      expect(JSON.parse(storage.data.get(PAYMENT_INFO_KEY) ?? "{}")).toMatchObject({
        track_id: result.trackId,
        amount: 25,
        plan_name: "Pro",
        payment_method: "benefit",
      });
      const [row] = await paymentRows(user.sub);
      expect(row).toMatchObject({ trackId: result.trackId, status: "pending", method: "benefit" });
      expect(row?.recordedAt).toBeInstanceOf(Date);
    });

    it("'User or plan not found' without a user, before any call", async () => {
      const { deps, navigations } = upgrade();
      const result = await startUpgradePayment(deps, {
        user: null,
        plan: await plan("Pro", "monthly"),
        method: "card",
      });
      expect(result).toEqual({ status: "failed", message: "User or plan not found" });
      expect(navigations).toEqual([]);
    });

    it("'User or plan not found' from the server when the plan was retired after the page loaded", async () => {
      const user = newUser();
      const business = await plan("Business", "monthly");
      await operator(t).setPlanActive(business._id, false);
      try {
        const { deps, storage } = upgrade();
        const result = await startUpgradePayment(deps, {
          user: { id: user.sub, name: user.name },
          plan: business,
          method: "card",
        });
        expect(result).toEqual({ status: "failed", message: "User or plan not found" });
        expect(storage.data.size).toBe(0);
        expect(await paymentRows(user.sub)).toEqual([]);
      } finally {
        await operator(t).setPlanActive(business._id, true);
      }
    });

    it("prefers the server's message: the price changed after the page loaded", async () => {
      const user = newUser();
      const starter = await plan("Starter", "monthly");
      const price = await operator(t).setPlanPrice(starter._id, 11_000);
      try {
        const { deps } = upgrade();
        const result = await startUpgradePayment(deps, {
          user: { id: user.sub, name: user.name },
          plan: starter,
          method: "card",
        });
        expect(result).toEqual({
          status: "failed",
          message: "The amount does not match the price of the selected plan",
        });
      } finally {
        await operator(t).setPlanPrice(starter._id, price);
      }
    });

    it.each([
      ["the payment timed out before it was recorded", "timeout"],
      ["the payment was declined (in another tab) before it was recorded", "decline"],
    ] as const)("'Failed to create payment record' when %s", async (_label, what) => {
      const user = newUser();
      const real = api();
      // The real client; between its two calls, time passes or the user decides at the gateway.
      const client: UpgradeClient = {
        async initiate(body) {
          const reply = await real.initiate(body);
          if (what === "timeout") t.app.clock.advance(31 * 60_000);
          else
            await fetch(reply.payment_url ?? "", {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: "decision=decline",
              redirect: "manual",
            });
          return reply;
        },
        create: real.create,
      };
      const { deps, storage, navigations } = upgrade(client);
      const result = await startUpgradePayment(deps, {
        user: { id: user.sub, name: user.name },
        plan: await plan("Pro", "monthly"),
        method: "card",
      });
      expect(result).toEqual({ status: "failed", message: "Failed to create payment record" });
      expect(navigations).toEqual([]);
      expect(storage.data.has(PAYMENT_INFO_KEY)).toBe(false);
      const [row] = await paymentRows(user.sub);
      expect(row?.status).toBe(what === "timeout" ? "expired" : "failed");
    });

    it("'Payment processing failed' when the API cannot be reached", async () => {
      const user = newUser();
      const { deps } = upgrade(createBillingApi(`http://127.0.0.1:${await freePort()}`));
      const result = await startUpgradePayment(deps, {
        user: { id: user.sub, name: user.name },
        plan: await plan("Pro", "monthly"),
        method: "card",
      });
      expect(result).toEqual({ status: "failed", message: "Payment processing failed" });
    });
  });

  describe("downgrade", () => {
    let user: Actor;
    let details: SubscriptionDetails;
    let state: Pick<DowngradeState, "currentPlan" | "targetPlan" | "trackId">;
    beforeAll(async () => {
      user = newUser();
      details = await buy(user, "Pro");
      state = {
        currentPlan: details.plan,
        targetPlan: await plan("Starter", "monthly"),
        trackId: details.lastPaymentTrackId,
      };
    });

    it("'Missing required downgrade information' without the track id, before any call", async () => {
      signedIn = user;
      const outcome = await submitDowngrade(api(), { ...state, trackId: null }, user.sub);
      expect(outcome).toEqual({ ok: false, message: "Missing required downgrade information" });
      expect((await api().subscription(user.sub)).pendingChange).toBeNull();
    });

    it("'Failed to process downgrade' when the API cannot be reached", async () => {
      signedIn = user;
      const down = createBillingApi(`http://127.0.0.1:${await freePort()}`);
      expect(await submitDowngrade(down, state, user.sub)).toEqual({
        ok: false,
        message: "Failed to process downgrade",
      });
    });

    it("schedules it, and the server's refusal is shown word for word from a stale tab", async () => {
      signedIn = user;
      const outcome = await submitDowngrade(api(), state, user.sub);
      expect(outcome).toEqual({
        ok: true,
        planName: "Starter",
        effectiveAt: details.currentPeriodEnd,
      });
      // The user pays for Business in another tab: this tab's payment reference is now stale.
      await buy(user, "Business");
      signedIn = user;
      expect(await submitDowngrade(api(), state, user.sub)).toEqual({
        ok: false,
        message: "This payment reference does not belong to your current subscription",
      });
    });
  });

  describe("with the API's database down", () => {
    it("the server's own 500 message (spec §8 prefers it); subscription errors are logged", async () => {
      const broken = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
      const user = newUser();
      const pro = await plan("Pro", "monthly");
      const starter = await plan("Starter", "monthly");
      // The database goes away under the running API (its close() is then a no-op for cleanup).
      await broken.db.close();
      broken.db.close = async () => undefined;
      const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const client = createBillingApi(broken.url);
        const { deps } = upgrade(client);
        expect(
          await startUpgradePayment(deps, {
            user: { id: user.sub, name: user.name },
            plan: pro,
            method: "card",
          }),
        ).toEqual({ status: "failed", message: "Something went wrong on our side" });
        expect(
          await submitDowngrade(
            client,
            { currentPlan: { ...pro }, targetPlan: starter, trackId: "trk_any" },
            user.sub,
          ),
        ).toEqual({ ok: false, message: "Something went wrong on our side" });

        // Spec §8: subscription fetch errors are only logged (the pages show a quiet notice).
        const failure = await loadSubscription(client, user.sub).catch((error: unknown) => error);
        expect(failure).toMatchObject({ status: 500, code: "INTERNAL" });
        expect(log).toHaveBeenCalledWith("[parley] could not load the subscription", failure);
      } finally {
        log.mockRestore();
        await broken.close();
      }
    });
  });
});
