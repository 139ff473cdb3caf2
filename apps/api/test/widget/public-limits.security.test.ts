import { CONTACT_LIMITS, errorBodySchema, WIDGET_LIMITS } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { builderClient } from "../builder/client";
import { createTestApp, type TestApp } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Every public route goes through the one limiter: a burst past a limit gets 429 `RATE_LIMITED`
 * with the route's message and a Retry-After, and a client that is not a trusted proxy cannot
 * escape a per-IP limit by claiming other addresses in X-Forwarded-For.
 */
describe("rate limits on the public routes", { timeout: scaled(120_000) }, () => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let botId: string;
  const TOKEN = "limits-metrics-token-0123456789abcdef";
  const owner = { sub: "auth_limits_owner", email: "limits@example.com", name: "Limits" };
  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp("pglite", { AUTH_URL: issuer.url, METRICS_TOKEN: TOKEN }, { listen: true });
    botId = (await builderClient(t, issuer).createBot(owner, { name: "Limits", published: true }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  let n = 0;
  const visitor = () => `visitorLimits${String(++n).padStart(10, "0")}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  /** Sends `count` requests one after another; returns the statuses and the last response. */
  async function burst(count: number, send: (i: number) => Promise<Response>) {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < count; i++) {
      last = await send(i);
      statuses.push(last.status);
      if (i < count - 1) await last.arrayBuffer();
    }
    if (!last) throw new Error("empty burst");
    return { statuses, last };
  }
  async function expectRefusal(res: Response, message: string) {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error).toMatchObject({ code: "RATE_LIMITED", message });
  }

  it("limits feedback per visitor", async () => {
    const who = visitor();
    const max = WIDGET_LIMITS.feedbackPerVisitorPerMinute;
    const { statuses, last } = await burst(max + 1, () =>
      post(
        `/api/widget/${botId}/conversations/conv_none/messages/msg_none/feedback`,
        { value: "up" },
        {
          "x-parley-visitor": who,
        },
      ),
    );
    // Within the limit the (unknown) message is simply not found; past it, refused before any lookup.
    expect(statuses.slice(0, max).every((s) => s === 404)).toBe(true);
    await expectRefusal(last, "You're sending feedback too quickly. Please wait a moment and try again.");
    // Another visitor is not held back by the first one's burst.
    const other = await post(
      `/api/widget/${botId}/conversations/conv_none/messages/msg_none/feedback`,
      { value: "up" },
      { "x-parley-visitor": visitor() },
    );
    expect(other.status).toBe(404);
  });

  it("limits leads per visitor, and per address however the visitor id and X-Forwarded-For rotate", async () => {
    const lead = (who: string, forwardedFor?: string) =>
      post(
        `/api/widget/${botId}/conversations/conv_none/lead`,
        { email: "lead@example.com" },
        { "x-parley-visitor": who, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
      );
    const who = visitor();
    const perVisitor = await burst(WIDGET_LIMITS.leadsPerVisitorPerHour + 1, () => lead(who));
    await expectRefusal(perVisitor.last, "Too many requests from your network. Please try again later.");

    // A new visitor id and a new claimed address on every call: the peer (no trusted proxy) is one
    // address, so the per-IP budget runs out all the same. The burst above spent some of it.
    const remaining = WIDGET_LIMITS.leadsPerIpPerHour - WIDGET_LIMITS.leadsPerVisitorPerHour;
    const spoofed = await burst(remaining + 1, (i) => lead(visitor(), `203.0.113.${(i % 250) + 1}`));
    expect(spoofed.statuses.slice(0, remaining)).not.toContain(429);
    await expectRefusal(spoofed.last, "Too many requests from your network. Please try again later.");
  });

  it("limits the contact form per address, X-Forwarded-For notwithstanding", async () => {
    const message = { name: "Ann", email: "ann@example.com", message: "Hello there, a question." };
    const { statuses, last } = await burst(CONTACT_LIMITS.perIpPerHour + 1, (i) =>
      post("/api/contact", message, { "x-forwarded-for": `198.51.100.${i + 1}` }),
    );
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    await expectRefusal(last, "Too many messages from your network. Please try again later.");
  });

  it("limits the signed-in support form per account", async () => {
    const token = await issuer.sign(owner);
    const message = { name: "Owner", email: owner.email, message: "The widget is lovely, thanks." };
    const { statuses, last } = await burst(CONTACT_LIMITS.supportPerUserPerHour + 1, () =>
      post("/api/support", message, { authorization: `Bearer ${token}` }),
    );
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    await expectRefusal(last, "Too many messages. Please try again later.");
    // Someone else's account has its own budget.
    const other = { sub: "auth_limits_other", email: "other@example.com", name: "Other" };
    const res = await post("/api/support", message, { authorization: `Bearer ${await issuer.sign(other)}` });
    expect(res.status).toBe(201);
  });

  it("limits the widget's reads (launcher, config, a conversation) per address, as one budget", async () => {
    const max = WIDGET_LIMITS.readsPerIpPerMinute;
    const who = visitor();
    const get = (path: string, i: number, headers: Record<string, string> = {}) =>
      fetch(`${t.url}${path}`, { headers: { "x-forwarded-for": `192.0.2.${(i % 250) + 1}`, ...headers } });
    // Page views on a busy office network, each claiming another address: they all count.
    const { statuses, last } = await burst(max + 1, (i) =>
      i % 3 === 0
        ? get(`/api/widget/${botId}/launcher`, i)
        : i % 3 === 1
          ? get(`/api/widget/${botId}/config`, i)
          : get(`/api/widget/${botId}/conversations/conv_none`, i, { "x-parley-visitor": who }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(Math.ceil(max / 3) + Math.ceil((max - 1) / 3));
    expect(statuses.slice(0, max).filter((s) => s === 404)).toHaveLength(Math.floor(max / 3));
    await expectRefusal(last, "Too many requests from your network. Please try again in a minute.");
    // Over the budget the launcher is refused too, before any lookup, and never cached.
    const launcher = await get(`/api/widget/${botId}/launcher`, 0);
    expect(launcher.headers.get("cache-control")).toBeNull();
    await expectRefusal(launcher, "Too many requests from your network. Please try again in a minute.");
  });

  it("counts refusals in /metrics by limit", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    for (const name of [
      "feedback:visitor",
      "lead:visitor",
      "lead:ip",
      "contact:ip",
      "support:user",
      "read:ip",
    ]) {
      expect(res.body).toMatch(new RegExp(`parley_rate_limit_refusals_total\\{limit="${name}"\\} [1-9]`));
    }
  });
});
