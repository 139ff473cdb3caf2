import { type Plan, planListSchema } from "@parley/contracts";
import type { TestApp } from "../harness";
import type { TokenIssuer } from "../token-issuer";

export interface Actor {
  sub: string;
  email: string;
  name: string;
}

/** Small client for billing tests: every call goes through the real HTTP server. */
export function billingClient(t: TestApp, issuer: TokenIssuer) {
  const call = async (actor: Actor | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (actor) headers.authorization = `Bearer ${await issuer.sign(actor)}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json: json as Record<string, unknown> & Record<string, never>, text };
  };
  return {
    call,
    async plans(): Promise<Plan[]> {
      return planListSchema.parse((await call(null, "GET", "/api/plans")).json);
    },
    async plan(name: string, interval: "monthly" | "yearly"): Promise<Plan> {
      const plan = (await this.plans()).find((p) => p.name === name && p.billingInterval === interval);
      if (!plan) throw new Error(`no plan ${name}/${interval}`);
      return plan;
    },
    details: (actor: Actor, userId = actor.sub) => call(actor, "GET", `/api/subscription/details/${userId}`),
    initiate: (actor: Actor, plan: Plan, method: "mastercard" | "benefit", amount = plan.price.amount) =>
      call(actor, "POST", "/api/payments/initiate", { payment_provider: method, amount, planId: plan._id }),
    /** Drives the sandbox gateway's hosted page like a browser: the form post, then the 303. */
    async decide(paymentUrl: string, decision: "approve" | "decline" | "cancel") {
      const res = await fetch(paymentUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `decision=${decision}`,
        redirect: "manual",
      });
      return { status: res.status, location: res.headers.get("location") };
    },
  };
}
