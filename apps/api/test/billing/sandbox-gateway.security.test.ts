import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { paymentInitiateResponseSchema, subscriptionDetailsSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { type Actor, billingClient } from "./helpers";

/**
 * The sandbox gateway's merchant API is guarded by a secret that is public in development. Whoever
 * holds it must still not be able to make the server POST anywhere, or send browsers anywhere:
 * only this app's own sandbox callback and return URLs on its own origin are accepted.
 */
describe("the sandbox gateway only talks to its own app", () => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let victim: Server;
  let victimUrl = "";
  const hits: string[] = [];
  const erin: Actor = { sub: "auth_erin_sbx", email: "erin-sbx@example.com", name: "Erin" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp("pglite", { AUTH_URL: issuer.url }, { listen: true });
    // An "internal" service the attacker would like the API to POST to.
    victim = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(200).end("ok");
    });
    await new Promise<void>((r) => victim.listen(0, "127.0.0.1", r));
    victimUrl = `http://127.0.0.1:${(victim.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await new Promise<void>((r) => victim.close(() => r()));
  });

  const order = (trackId: string, urls: { callbackUrl?: string; returnUrl?: string }) =>
    fetch(`${t.url}/sandbox-gateway/api/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${t.env.PAYMENTS_SANDBOX_SECRET}`,
      },
      body: JSON.stringify({
        trackId,
        amountMinor: 9500,
        currency: "BHD",
        method: "benefit",
        description: "Parley Pro",
        callbackUrl: `${t.url}/api/payments/callback/sandbox`,
        returnUrl: `${t.url}/billing/result?trackId=${trackId}`,
        ...urls,
      }),
    });
  const approve = (trackId: string) =>
    fetch(`${t.url}/sandbox-gateway/pay/${trackId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
      redirect: "manual",
    });

  it.each<[string, { callbackUrl?: string; returnUrl?: string }]>([
    ["a callback to another host", { callbackUrl: "http://169.254.169.254/latest/meta-data" }],
    ["a callback to a local service", { callbackUrl: "VICTIM/hook" }],
    ["a callback to another route of this app", { callbackUrl: "SELF/api/internal/auth-events" }],
    ["a callback with a query", { callbackUrl: "SELF/api/payments/callback/sandbox?x=1" }],
    ["a return to another site", { returnUrl: "https://evil.example/phish" }],
    ["a return to a local service", { returnUrl: "VICTIM/" }],
    ["a return with credentials", { returnUrl: "http://user:pw@127.0.0.1/" }],
    ["a return that is a script", { returnUrl: "javascript:alert(1)" }],
  ])("refuses an order with %s, so approving it posts and redirects nowhere", async (_name, urls) => {
    const trackId = `trk_evil_${Math.random().toString(36).slice(2, 10)}`;
    const fill = (v?: string) => v?.replace("VICTIM", victimUrl).replace("SELF", t.url);
    const res = await order(trackId, {
      callbackUrl: fill(urls.callbackUrl),
      returnUrl: fill(urls.returnUrl),
    });
    expect(res.status).toBe(400);
    const decided = await approve(trackId);
    expect(decided.status).toBe(404);
    expect(decided.headers.get("location")).toBeNull();
    expect(hits).toEqual([]);
  });

  it("still runs a real payment: test-mode page, callback to the app, browser back to the app", async () => {
    const api = billingClient(t, issuer);
    const plan = await api.plan("Pro", "monthly");
    const started = paymentInitiateResponseSchema.parse((await api.initiate(erin, plan, "benefit")).json);
    const page = await fetch(started.payment_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="test-mode-banner"');
    expect(html).toMatch(/Test mode\./);
    const decided = await api.decide(started.payment_url, "approve");
    expect(decided.status).toBe(303);
    expect(decided.location).toBe(`${t.url}/billing/result?trackId=${started.track_id}`);
    const details = subscriptionDetailsSchema.parse((await api.details(erin)).json);
    expect(details.plan.name).toBe("Pro");
    expect(hits).toEqual([]);
  });
});
