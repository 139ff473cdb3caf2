import { randomBytes } from "node:crypto";
import { WIDGET_LIMITS, widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env";
import { billingClient } from "../billing/helpers";
import { builderClient } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { readSse } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";

const TOKEN = randomBytes(32).toString("hex");
const WIDGET_MESSAGES = "/api/widget/:chatbotId/conversations/:conversationId/messages";

/** One sample's value from Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/**
 * GET /metrics in Prometheus format for a scraper holding METRICS_TOKEN: request latency by
 * route pattern, answer streams open, time to first token, rate-limit refusals, the job queue's
 * depth and job durations, payments by state. Without the token it tells nothing.
 */
describe.each(testDrivers("either"))("metrics on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let stub: LlmStub;
  let botId = "";
  const owner = { sub: "auth_metrics_owner", email: "metrics@example.com", name: "Metrics" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    stub = await startLlmStub({ tokens: ["Hi ", "there."] });
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, LLM_BASE_URL: stub.url, LLM_MODEL: "stub", METRICS_TOKEN: TOKEN },
      { listen: true },
    );
    const bot = await builderClient(t, issuer).createBot(owner, {
      name: "Counted",
      published: true,
      model: { provider: "openai-compatible" },
    });
    botId = bot._id;
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await issuer?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const startConversation = async (visitor: string) => {
    const res = await fetch(`${t.url}/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    return widgetConversationSchema.parse(await res.json())._id;
  };
  const ask = (visitor: string, conv: string) =>
    fetch(`${t.url}/api/widget/${botId}/conversations/${conv}/messages`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
      body: JSON.stringify({ content: "Hello?" }),
    });

  it("refuses a scrape without the token, with a wrong one, or with it anywhere but the bearer header", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer " },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
      { authorization: `bearer${TOKEN}` },
      { cookie: `token=${TOKEN}` },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${t.url}/metrics`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(body).not.toContain("parley_");
    }
    expect((await fetch(`${t.url}/metrics?token=${TOKEN}`)).status).toBe(401);
  });

  it("times requests by route pattern, never by URL", async () => {
    const visitor = `visitorMetrics${randomBytes(4).toString("hex")}`;
    await startConversation(visitor);
    await fetch(`${t.url}/api/no-such-thing-${randomBytes(4).toString("hex")}`);
    const text = await scrape();
    expect(
      sample(text, "parley_http_request_duration_seconds_count", {
        method: "POST",
        route: "/api/widget/:chatbotId/conversations",
        status_code: "201",
      }),
    ).toBe(1);
    expect(
      sample(text, "parley_http_request_duration_seconds_count", { route: "unmatched", status_code: "404" }),
    ).toBeGreaterThanOrEqual(1);
    // Ids and visitors never become labels.
    expect(text).not.toContain(botId);
    expect(text).not.toContain(visitor);
    expect(text).not.toContain("no-such-thing");
  });

  it("counts open answer streams and times the first token", async () => {
    stub.behaviour = { tokens: ["Slow ", "answer ", "here."], firstTokenDelayMs: 50, betweenTokensMs: 200 };
    const visitor = `visitorStreams${randomBytes(4).toString("hex")}`;
    const res = await ask(visitor, await startConversation(visitor));
    expect(res.status).toBe(200);
    // While the answer streams, one is open.
    await until(
      "the stream to be counted",
      async () => sample(await scrape(), "parley_sse_connections_open") === 1,
    );
    await readSse(res);
    await until(
      "the stream to be closed",
      async () => sample(await scrape(), "parley_sse_connections_open") === 0,
    );
    const text = await scrape();
    expect(sample(text, "parley_answer_first_token_seconds_count", { route: WIDGET_MESSAGES })).toBe(1);
    // The stream's whole length counts as the request's time too.
    expect(
      sample(text, "parley_http_request_duration_seconds_sum", {
        route: WIDGET_MESSAGES,
        status_code: "200",
      }),
    ).toBeGreaterThanOrEqual(0.4);
    const firstToken = sample(text, "parley_answer_first_token_seconds_sum", { route: WIDGET_MESSAGES }) ?? 0;
    // At least the model's own delay before its first token.
    expect(firstToken).toBeGreaterThanOrEqual(0.05);
    // The answer engine that replied, and how: the model's reply is an answer (with no [n] marker
    // it cites nothing); only its fallback reply counts as not answered.
    expect(
      sample(text, "parley_answers_total", { engine: "openai-compatible", outcome: "answered" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "parley_answer_duration_seconds_count", { engine: "openai-compatible" }),
    ).toBeGreaterThanOrEqual(1);
    stub.behaviour = { tokens: ["ok"] };
  });

  it("counts rate-limit refusals by limit, without whom they refused", async () => {
    const visitor = `visitorLimited${randomBytes(4).toString("hex")}`;
    const conv = await startConversation(visitor);
    for (let i = 0; i < WIDGET_LIMITS.messagesPerVisitorPerMinute; i++)
      await readSse(await ask(visitor, conv));
    expect((await ask(visitor, conv)).status).toBe(429);
    expect((await ask(visitor, conv)).status).toBe(429);
    const text = await scrape();
    expect(sample(text, "parley_rate_limit_refusals_total", { limit: "msg:visitor" })).toBe(2);
    expect(text).not.toContain(visitor);
  });

  it("reports the job queue's depth and how long jobs ran", async () => {
    const jobs = t.app.services.jobs;
    await jobs.enqueue("metrics-probe", {});
    await jobs.enqueue("metrics-probe", {});
    expect(sample(await scrape(), "parley_jobs", { kind: "metrics-probe", status: "queued" })).toBe(2);
    jobs.register("metrics-probe", async () => {});
    expect(await jobs.runOne()).toBe(true);
    const text = await scrape();
    expect(sample(text, "parley_jobs", { kind: "metrics-probe", status: "queued" })).toBe(1);
    expect(
      sample(text, "parley_job_duration_seconds_count", { kind: "metrics-probe", outcome: "done" }),
    ).toBe(1);
    await jobs.drain();
    expect(
      sample(await scrape(), "parley_jobs", { kind: "metrics-probe", status: "queued" }),
    ).toBeUndefined();
  });

  it("reports payments by state", async () => {
    const billing = billingClient(t, issuer);
    const payer = { sub: "auth_metrics_payer", email: "payer@example.com", name: "Payer" };
    const init = await billing.initiate(payer, await billing.plan("Pro", "monthly"), "mastercard");
    expect(init.status).toBe(200);
    expect(sample(await scrape(), "parley_payments", { state: "pending" })).toBe(1);
    const decided = await billing.decide(String(init.json.payment_url), "approve");
    expect(decided.status).toBe(303);
    await until("the payment to be captured", async () => {
      const text = await scrape();
      return (
        sample(text, "parley_payments", { state: "captured" }) === 1 &&
        sample(text, "parley_payments", { state: "pending" }) === undefined
      );
    });
  });
});

describe("metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => t?.close());

  it("do not exist: /metrics is 404 whatever is sent", async () => {
    for (const authorization of [undefined, "Bearer ", `Bearer ${TOKEN}`]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("parley_");
    }
  });

  it("refuses a short or spaced METRICS_TOKEN at boot", () => {
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadEnv({ METRICS_TOKEN: `${"a".repeat(32)} b` })).toThrow(/METRICS_TOKEN/);
    expect(loadEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});
