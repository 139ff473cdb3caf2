import { createHmac } from "node:crypto";
import { WIDGET_LIMITS } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_PAYMENTS_SANDBOX_SECRET } from "../../src/env";
import { readSse } from "../sse-client";
import { type ProdApi, productionDrivers, startProdApi } from "./prod-api";

/**
 * Hostile inputs at the edges of a production-mode API: spoofed forwarding headers, NUL bytes,
 * forged tokens, the sandbox merchant API, and the headers every answer must carry.
 */
describe.each(productionDrivers())("edges of the production API on %s", (driver) => {
  let api: ProdApi;
  let token = "";
  let botId = "";
  const json = { "content-type": "application/json" };

  beforeAll(async () => {
    api = await startProdApi(driver);
    token = await api.token("usr_edges_owner");
    const res = await api.fetch("/api/chatbots", {
      method: "POST",
      token,
      headers: json,
      body: JSON.stringify({ name: "Edges", published: true, leadCapture: true }),
    });
    expect(res.status).toBe(201);
    botId = ((await res.json()) as { _id: string })._id;
  });
  afterAll(async () => api?.stop());

  let n = 0;
  const visitor = () => `visitorEdges${driver}${String(++n).padStart(6, "0")}`.slice(0, 40);
  const startConversation = (who: string, forwardedFor?: string) =>
    api.fetch(`/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": who, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    });

  it("does not let a rotating X-Forwarded-For escape the per-IP limits", async () => {
    const convs: { who: string; id: string }[] = [];
    const statuses: number[] = [];
    for (let i = 0; i <= WIDGET_LIMITS.conversationsPerIpPerHour; i++) {
      const who = visitor();
      const res = await startConversation(who, `198.51.100.${i + 1}, 203.0.113.${i + 1}`);
      statuses.push(res.status);
      if (res.status === 201) convs.push({ who, id: ((await res.json()) as { _id: string })._id });
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // Messages: several visitors (each under their own limit), every one claiming a new address.
    const sent: number[] = [];
    for (let i = 0; sent.length <= WIDGET_LIMITS.messagesPerIpPerMinute; i++) {
      const conv = convs[i % 4];
      if (!conv) throw new Error("no conversation");
      const res = await api.fetch(`/api/widget/${botId}/conversations/${conv.id}/messages`, {
        method: "POST",
        headers: { ...json, "x-parley-visitor": conv.who, "x-forwarded-for": `192.0.2.${i + 1}` },
        body: JSON.stringify({ content: `question ${i}` }),
      });
      if (res.headers.get("content-type")?.includes("event-stream")) await readSse(res);
      else await res.text();
      sent.push(res.status);
    }
    expect(sent.slice(0, WIDGET_LIMITS.messagesPerIpPerMinute).every((s) => s === 200)).toBe(true);
    expect(sent.at(-1)).toBe(429);
    // The operator hears once that forwarded addresses arrive but no proxy is trusted.
    expect(api.output().match(/X-Forwarded-For but TRUST_PROXY is unset/g)).toHaveLength(1);
  });

  it("refuses NUL bytes with 400 everywhere they would reach the database, and keeps serving", async () => {
    const res = await startConversation(visitor());
    // (the per-IP conversation limit may be spent by the test above: use the one it made, if so)
    const conv = res.status === 201 ? ((await res.json()) as { _id: string })._id : "conv_none";
    const attempts: [string, RequestInit & { token?: string }][] = [
      [
        `/api/widget/${botId}/conversations/${conv}/messages`,
        {
          method: "POST",
          headers: { ...json, "x-parley-visitor": "visitorNulNulNulNul01" },
          body: JSON.stringify({ content: "hi\u0000" }),
        },
      ],
      [
        `/api/widget/${botId}/conversations/${conv}/lead`,
        {
          method: "POST",
          headers: { ...json, "x-parley-visitor": "visitorNulNulNulNul01" },
          body: JSON.stringify({ email: "a@b.co", name: "A\u0000" }),
        },
      ],
      [
        "/api/chatbots",
        { method: "POST", token, headers: json, body: JSON.stringify({ name: "Bot\u0000" }) },
      ],
      [
        `/api/chatbots/${botId}/sources`,
        {
          method: "POST",
          token,
          headers: json,
          body: JSON.stringify({ kind: "text", title: "T", content: "x\u0000y" }),
        },
      ],
      [
        "/api/contact",
        {
          method: "POST",
          headers: json,
          body: JSON.stringify({ name: "N\u0000", email: "a@b.co", message: "hello there friend" }),
        },
      ],
      ["/api/chatbots/cb_%00", { token }],
      [`/api/chatbots/${botId}/sources/src_%00`, { token }],
      ["/api/conversations?q=%00", { token }],
      ["/sandbox-gateway/pay/trk_%00", {}],
    ];
    for (const [path, init] of attempts) {
      const r = await api.fetch(path, init);
      expect(r.status, `${path}: ${await r.clone().text()}`).toBe(400);
    }
    expect((await api.fetch("/api/health")).status).toBe(200);
    expect(api.alive()).toBe(true);
  });

  it("answers unsigned and symmetric tokens with 401, not 'sign-in service unreachable'", async () => {
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const claims = b64({
      sub: "usr_edges_owner",
      email: "x@example.com",
      aud: "parley-api",
      iss: api.issuer.url,
      exp: now + 600,
    });
    const none = `${b64({ alg: "none", typ: "JWT" })}.${claims}.${Buffer.from("x").toString("base64url")}`;
    const hsInput = `${b64({ alg: "HS256", typ: "JWT" })}.${claims}`;
    const hs = `${hsInput}.${createHmac("sha256", "secret").update(hsInput).digest("base64url")}`;
    for (const forged of [none, hs]) {
      const res = await api.fetch("/api/chatbots", { token: forged });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    }
  });

  it("does not let the public development secret drive the sandbox merchant API", async () => {
    const res = await api.fetch("/sandbox-gateway/api/orders", {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${DEV_PAYMENTS_SANDBOX_SECRET}` },
      body: JSON.stringify({
        trackId: "trk_attack",
        amountMinor: 1,
        currency: "BHD",
        method: "benefit",
        description: "x",
        callbackUrl: "http://127.0.0.1:9/steal",
        returnUrl: "https://evil.example/",
      }),
    });
    expect(res.status).toBe(401);
  });

  it("sends the security headers, HSTS included, and reports readiness", async () => {
    for (const path of ["/api/health", "/api/plans", "/api/nope"]) {
      const res = await api.fetch(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security"), path).toMatch(/^max-age=\d+/);
    }
    const ready = await api.fetch("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      checks: { migrations: { ok: true, pending: [] } },
    });
  });
});
