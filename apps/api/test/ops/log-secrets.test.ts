import { createHmac } from "node:crypto";
import { paymentInitiateResponseSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { billingClient } from "../billing/helpers";
import { builderClient } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Every log line the app writes, at the most verbose level, while it handles the calls that carry
 * secrets: bearer tokens, cookies, a bot's model API key, its identity secret, the payment
 * gateway's secret, AUTH_EVENTS_SECRET and the metrics token. None of them may appear in any line.
 * The lines carry what joins them up: the request id, the workspace and bot, the job id.
 */
describe.each(testDrivers("either"))("log lines on %s", (driver) => {
  const AUTH_EVENTS_SECRET = "auth-events-secret-LOGCHECK-0123456789abcdef";
  const PAYMENTS_SANDBOX_SECRET = "sandbox-secret-LOGCHECK-0123456789";
  const IDENTITY_SECRETS_KEY = "identity-key-LOGCHECK-0123456789abcdefgh";
  const METRICS_TOKEN = "metrics-token-LOGCHECK-0123456789abcdef";
  const MODEL_API_KEY = "sk-LOGCHECK-model-key-0123456789";
  const COOKIE = "sess-LOGCHECK-cookie-0123456789";
  const lines: string[] = [];
  const secrets: string[] = [];
  let t: TestApp;
  let issuer: TokenIssuer;
  const owner = { sub: "auth_logs_owner", email: "logs@example.com", name: "Logs" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(
      driver,
      {
        AUTH_URL: issuer.url,
        AUTH_EVENTS_SECRET,
        PAYMENTS_SANDBOX_SECRET,
        IDENTITY_SECRETS_KEY,
        METRICS_TOKEN,
      },
      {
        listen: true,
        logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
      },
    );
    secrets.push(AUTH_EVENTS_SECRET, PAYMENTS_SANDBOX_SECRET, IDENTITY_SECRETS_KEY, METRICS_TOKEN);
    secrets.push(MODEL_API_KEY, COOKIE);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("logs none of the secrets it handles, and joins lines up by request, workspace, bot and job", async () => {
    const token = await issuer.sign(owner);
    secrets.push(token);
    const api = builderClient(t, issuer);
    const authed = { authorization: `Bearer ${token}`, cookie: `parley_session=${COOKIE}` };

    // A bot with its own model key and an identity secret.
    const bot = await api.createBot(owner, { name: "Logs", published: true });
    const patched = await fetch(`${t.url}/api/chatbots/${bot._id}`, {
      method: "PATCH",
      headers: { ...authed, "content-type": "application/json" },
      body: JSON.stringify({
        model: {
          provider: "openai-compatible",
          baseUrl: "http://127.0.0.1:9",
          model: "m",
          apiKey: MODEL_API_KEY,
        },
      }),
    });
    expect(patched.status).toBe(200);
    const rotated = await fetch(`${t.url}/api/chatbots/${bot._id}/identity/secret`, {
      method: "POST",
      headers: authed,
    });
    expect(rotated.status).toBe(201);
    const identitySecret = ((await rotated.json()) as { secret: string }).secret;
    secrets.push(identitySecret);

    // A refused bearer token, and a malformed one.
    const forged = `${token.slice(0, -4)}AAAA`;
    secrets.push(forged);
    expect(
      (await fetch(`${t.url}/api/user/me`, { headers: { authorization: `Bearer ${forged}` } })).status,
    ).toBe(401);

    // A verified customer in the widget: the header carries an HMAC made with the identity secret.
    const customerId = "cust_42";
    const customer = Buffer.from(
      JSON.stringify({
        id: customerId,
        signature: createHmac("sha256", identitySecret).update(customerId, "utf8").digest("hex"),
      }),
    ).toString("base64url");
    const session = await fetch(`${t.url}/api/widget/${bot._id}/session`, {
      method: "POST",
      headers: { "x-parley-visitor": "visitorLogsLogsLogs01", "x-parley-customer": customer },
    });
    expect(session.status).toBe(200);

    // A text source: the ingestion job runs.
    const source = await api.addSource(owner, bot._id, {
      kind: "text",
      title: "Hours",
      content: "We are open from nine to five, Sunday to Thursday.",
    });
    expect(source.status).toBe(201);
    await t.app.services.jobs.drain();

    // A sandbox payment: initiate, pay on the gateway's page, its signed callback.
    const billing = billingClient(t, issuer);
    const pro = await billing.plan("Pro", "monthly");
    const started = paymentInitiateResponseSchema.parse(
      (await billing.initiate(owner, pro, "mastercard")).json,
    );
    expect((await billing.decide(started.payment_url, "approve")).status).toBe(303);

    // A forged auth event, and the metrics endpoint with a wrong and the right token.
    const event = await fetch(`${t.url}/api/internal/auth-events`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-parley-signature": `t=1,v1=${"0".repeat(64)}` },
      body: JSON.stringify({ id: "evt_1", type: "user.deleted", userId: owner.sub }),
    });
    expect(event.status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(
      401,
    );
    const scraped = await fetch(`${t.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    await scraped.text();
    // A chat call that fails at the model (nothing listens at its address): an error is logged.
    const asked = await fetch(`${t.url}/api/chatbots/${bot._id}/playground/messages`, {
      method: "POST",
      headers: { ...authed, "content-type": "application/json" },
      body: JSON.stringify({ content: "When are you open?" }),
    });
    if (asked.headers.get("content-type")?.includes("event-stream")) await readSse(asked);
    else await asked.text();

    expect(lines.length).toBeGreaterThan(20);
    for (const secret of secrets) {
      const leaks = lines.filter((l) => l.includes(secret));
      expect(leaks, `a log line holds a secret (${secret.slice(0, 12)}…)`).toEqual([]);
    }

    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    // Request lines carry the request id; a bot's routes its id; signed-in calls the workspace.
    expect(parsed.some((l) => l.reqId && l.chatbotId === bot._id && l.msg === "request completed")).toBe(
      true,
    );
    expect(
      parsed.some(
        (l) =>
          l.reqId && l.workspaceId === owner.sub && l.userId === owner.sub && l.msg === "request completed",
      ),
    ).toBe(true);
    // The job's lines carry its id and kind.
    expect(parsed.some((l) => typeof l.jobId === "string" && l.jobKind && l.msg === "job ran")).toBe(true);
  });

  it("keeps credentials sent in a URL or a header out of the request log (issue #35)", async () => {
    const sent = {
      apiKey: "prly_LOGCHECKapiKeyInTheQuery0123456789",
      access: "LOGCHECKaccessToken0123456789",
      verify: "LOGCHECKverifyToken0123456789",
      signature: "LOGCHECKsignature0123456789",
      header: "LOGCHECKheaderKey0123456789",
    };
    const calls: [string, Record<string, string>][] = [
      // A key in the query is refused (keys go in Authorization), and was logged whole.
      [`/api/v1/chatbots?api_key=${sent.apiKey}&limit=5`, { "x-api-key": sent.header }],
      [`/api/user/me?access_token=${sent.access}`, { "x-hub-signature-256": `sha256=${sent.signature}` }],
      [
        `/api/channels/whatsapp/ch_nope/webhook?hub.mode=subscribe&hub.verify_token=${sent.verify}&hub.challenge=42`,
        {},
      ],
      [`/api/no-such-route?signature=${sent.signature}&token=${sent.access}`, {}],
    ];
    for (const [url, headers] of calls) {
      const res = await fetch(`${t.url}${url}`, { headers: { "x-request-id": "creds-in-url", ...headers } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      await res.text();
    }
    await vi.waitFor(() =>
      expect(
        lines.filter((l) => l.includes('"reqId":"creds-in-url"') && l.includes("request completed")),
      ).toHaveLength(calls.length),
    );
    for (const [what, secret] of Object.entries(sent)) {
      expect(
        lines.filter((l) => l.includes(secret)),
        `${what} is in the log`,
      ).toEqual([]);
    }
    // The request lines still say what was asked, with each credential's name.
    const urls = lines
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { url?: string } })
      .filter((l) => l.reqId === "creds-in-url" && l.req?.url)
      .map((l) => l.req?.url);
    expect(urls).toContain("/api/v1/chatbots?api_key=[redacted]&limit=5");
    expect(urls).toContain(
      "/api/channels/whatsapp/ch_nope/webhook?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42",
    );
  });

  it("writes no info line for the health and readiness probes, even at trace", async () => {
    for (const url of ["/api/health", "/api/ready"]) {
      const reqId = `probe-${url.slice(5)}`;
      const res = await fetch(`${t.url}${url}`, { headers: { "x-request-id": reqId } });
      await res.text();
      expect(res.headers.get("x-request-id")).toBe(reqId);
      // A request after it is logged (at info) once the probe's own lines would have been written.
      const control = `control-${url.slice(5)}`;
      await (await fetch(`${t.url}/api/no-such-route`, { headers: { "x-request-id": control } })).text();
      await vi.waitFor(() => expect(lines.some((l) => l.includes(`"reqId":"${control}"`))).toBe(true));
      // Compose polls /api/ready every 10 s per replica: its request lines would bury real traffic.
      // A failing probe still logs at warn (readiness) or error (health).
      const info = lines
        .map((l) => JSON.parse(l) as { level: number; reqId?: string; msg?: string })
        .filter((l) => l.reqId === reqId && l.level <= 30);
      expect(info, url).toEqual([]);
    }
  });
});
