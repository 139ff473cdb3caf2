import { errorBodySchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Postgres refuses the NUL character (0x00) in text, so a NUL that slips past validation into a
 * query is a 500. Every text an anonymous visitor or an account sends — body fields, path and
 * query parameters, headers — must be refused at the edge with a clear 400 instead.
 */
const NUL = "\u0000";
const visitor = "visitorNULNULNULNULNUL01";

interface Case {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Built when the fixtures exist; `${NUL}` marks the poisoned part. */
  url: () => string;
  body?: () => unknown;
  headers?: () => Record<string, string>;
  signedIn?: boolean;
  /** The validation path the refusal names (e.g. "body.name"), when the edge names one. */
  field?: string;
}

describe.each(testDrivers())("NUL bytes in every stored or queried text on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  const owner: Owner = { sub: "auth_nul_owner", email: "nul-owner@example.com", name: "Nul Owner" };
  let botId = "";
  let convId = "";
  let token = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    const api = builderClient(t, issuer);
    botId = (await api.createBot(owner, { name: "Nul bot", published: true, leadCapture: true }))._id;
    token = await issuer.sign(owner);
    const res = await fetch(`${t.url}/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    convId = ((await res.json()) as { _id: string })._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const contact = (field: string) => ({
    name: "Visitor",
    email: "visitor@example.com",
    company: "Acme",
    topic: "support",
    message: "Hello, I have a question.",
    [field]: field === "email" ? `vis${NUL}itor@example.com` : `Poisoned ${NUL} text here`,
  });
  const botBody = (patch: Record<string, unknown>) => ({ name: "Fine name", ...patch });
  const widget = (p: string) => `/api/widget/${botId}${p}`;
  const q = encodeURIComponent(NUL);

  const cases: Case[] = [
    // Public: contact form
    ...["name", "email", "company", "message"].map(
      (f): Case => ({
        name: `contact form ${f}`,
        method: "POST",
        url: () => "/api/contact",
        body: () => contact(f),
        field: `body.${f}`,
      }),
    ),
    // Public: the widget
    {
      name: "widget message",
      method: "POST",
      url: () => widget(`/conversations/${convId}/messages`),
      body: () => ({ content: `Do you deliver${NUL}?` }),
      headers: () => ({ "x-parley-visitor": visitor }),
      field: "body.content",
    },
    {
      name: "widget lead name",
      method: "POST",
      url: () => widget(`/conversations/${convId}/lead`),
      body: () => ({ email: "lead@example.com", name: `Lea${NUL}d` }),
      headers: () => ({ "x-parley-visitor": visitor }),
      field: "body.name",
    },
    {
      name: "widget visitor header",
      method: "POST",
      url: () => widget("/conversations"),
      headers: () => ({ "x-parley-visitor": "visitorNULNULNUL%00xyzw" }),
    },
    {
      name: "widget bot id (config)",
      method: "GET",
      url: () => `/api/widget/cb_${q}/config`,
      field: "params",
    },
    {
      name: "widget conversation id",
      method: "GET",
      url: () => widget(`/conversations/conv_${q}`),
      headers: () => ({ "x-parley-visitor": visitor }),
      field: "params",
    },
    {
      name: "widget feedback message id",
      method: "POST",
      url: () => widget(`/conversations/${convId}/messages/msg_${q}/feedback`),
      body: () => ({ value: "up" }),
      headers: () => ({ "x-parley-visitor": visitor }),
      field: "params",
    },
    // Signed in: support
    ...["name", "company", "message"].map(
      (f): Case => ({
        name: `support form ${f}`,
        method: "POST",
        url: () => "/api/support",
        body: () => contact(f),
        signedIn: true,
        field: `body.${f}`,
      }),
    ),
    // Signed in: chatbots
    ...(
      [
        ["name", { name: `Bot${NUL}` }],
        ["instructions", { instructions: `Be nice${NUL}` }],
        ["greeting", { greeting: `Hi${NUL}` }],
        ["suggestedQuestions", { suggestedQuestions: [`Why${NUL}?`] }],
        ["fallbackReply", { fallbackReply: `Sorry${NUL}` }],
        ["model.model", { model: { model: `gpt${NUL}` } }],
        ["model.baseUrl", { model: { baseUrl: `https://llm.example.com/v1${NUL}` } }],
        ["model.apiKey", { model: { apiKey: `sk-${NUL}` } }],
        ["theme.launcherText", { theme: { launcherText: `Chat${NUL}` } }],
        ["allowedDomains", { allowedDomains: [`exa${NUL}mple.com`] }],
      ] as const
    ).flatMap(([field, patch]): Case[] => [
      {
        name: `new chatbot ${field}`,
        method: "POST",
        url: () => "/api/chatbots",
        body: () => botBody(patch),
        signedIn: true,
        field: `body.${field}`,
      },
      {
        name: `chatbot update ${field}`,
        method: "PATCH",
        url: () => `/api/chatbots/${botId}`,
        body: () => patch,
        signedIn: true,
        field: `body.${field}`,
      },
    ]),
    {
      name: "chatbot id",
      method: "GET",
      url: () => `/api/chatbots/cb_${q}`,
      signedIn: true,
      field: "params",
    },
    {
      name: "chatbot id (delete)",
      method: "DELETE",
      url: () => `/api/chatbots/cb_${q}`,
      signedIn: true,
      field: "params",
    },
    // Signed in: knowledge sources
    ...(
      [
        ["title", { kind: "text", title: `Poli${NUL}cy`, content: "We ship fast." }],
        ["content", { kind: "text", title: "Policy", content: `We ship${NUL} fast.` }],
        ["question", { kind: "qa", question: `Do you${NUL} ship?`, answer: "Yes." }],
        ["answer", { kind: "qa", question: "Do you ship?", answer: `Ye${NUL}s.` }],
        ["url", { kind: "website", url: `https://example.com/${NUL}` }],
      ] as const
    ).map(
      ([field, body]): Case => ({
        name: `knowledge source ${body.kind} ${field}`,
        method: "POST",
        url: () => `/api/chatbots/${botId}/sources`,
        body: () => body,
        signedIn: true,
        field: `body.${field}`,
      }),
    ),
    {
      name: "knowledge source id",
      method: "GET",
      url: () => `/api/chatbots/${botId}/sources/src_${q}`,
      signedIn: true,
      field: "params",
    },
    // Signed in: playground
    {
      name: "playground question",
      method: "POST",
      url: () => `/api/chatbots/${botId}/playground/messages`,
      body: () => ({ content: `Do you deliver${NUL}?` }),
      signedIn: true,
      field: "body.content",
    },
    {
      name: "playground history",
      method: "POST",
      url: () => `/api/chatbots/${botId}/playground/messages`,
      body: () => ({ content: "Do you deliver?", history: [{ role: "user", content: `Hi${NUL}` }] }),
      signedIn: true,
      field: "body.history",
    },
    // Signed in: inbox and analytics
    ...(["chatbotId", "q", "cursor"] as const).map(
      (p): Case => ({
        name: `inbox filter ${p}`,
        method: "GET",
        url: () => `/api/conversations?${p}=a${q}b`,
        signedIn: true,
        field: `querystring.${p}`,
      }),
    ),
    {
      name: "inbox cursor that decodes to a NUL",
      method: "GET",
      url: () =>
        `/api/conversations?cursor=${Buffer.from(`2026-01-01T00:00:00.000Z|conv_${NUL}`).toString("base64url")}`,
      signedIn: true,
    },
    {
      name: "conversation id",
      method: "GET",
      url: () => `/api/conversations/conv_${q}`,
      signedIn: true,
      field: "params",
    },
    {
      name: "conversation id (delete)",
      method: "DELETE",
      url: () => `/api/conversations/conv_${q}`,
      signedIn: true,
      field: "params",
    },
    ...["/api/insights/unanswered", "/api/leads", "/api/leads.csv"].map(
      (path): Case => ({
        name: `${path} chatbotId`,
        method: "GET",
        url: () => `${path}?chatbotId=cb_${q}`,
        signedIn: true,
        field: "querystring.chatbotId",
      }),
    ),
    {
      name: "analytics chatbotId",
      method: "GET",
      url: () => `/api/analytics?from=2026-01-01&to=2026-01-31&chatbotId=cb_${q}`,
      signedIn: true,
      field: "querystring.chatbotId",
    },
    // Signed in: billing
    {
      name: "payment initiate planId",
      method: "POST",
      url: () => "/api/payments/initiate",
      body: () => ({ planId: `plan_${NUL}`, amount: 10, payment_provider: "benefit" }),
      signedIn: true,
      field: "body.planId",
    },
    ...(["userId", "planId", "trackId", "username", "planName"] as const).map(
      (f): Case => ({
        name: `payment record ${f}`,
        method: "POST",
        url: () => "/api/payments/create",
        body: () => ({
          userId: owner.sub,
          planId: "plan_x",
          trackId: "trk_x",
          amount: 10,
          username: "Nul Owner",
          planName: "Pro",
          [f]: `x${NUL}y`,
        }),
        signedIn: true,
        field: `body.${f}`,
      }),
    ),
    {
      name: "payment track id",
      method: "GET",
      url: () => `/api/payments/trk_${q}`,
      signedIn: true,
      field: "params",
    },
    {
      name: "subscription details user id",
      method: "GET",
      url: () => `/api/subscription/details/usr_${q}`,
      signedIn: true,
      field: "params",
    },
    ...(["track_id", "userId", "newPlanExists._id"] as const).map(
      (f): Case => ({
        name: `downgrade ${f}`,
        method: "POST",
        url: () => "/api/subscriptions/downgrade-subscription",
        body: () => ({
          track_id: f === "track_id" ? `trk_${NUL}` : "trk_x",
          userId: f === "userId" ? `u${NUL}` : owner.sub,
          newPlanExists: { _id: f === "newPlanExists._id" ? `plan_${NUL}` : "plan_x" },
          isYearly: false,
        }),
        signedIn: true,
        field: `body.${f}`,
      }),
    ),
    {
      name: "check-and-cancel userId",
      method: "POST",
      url: () => "/api/subscriptions/check-and-cancel",
      body: () => ({ userId: `u${NUL}` }),
      signedIn: true,
      field: "body.userId",
    },
    {
      name: "user by e-mail",
      method: "GET",
      url: () => `/api/user/by-email?email=a${q}@example.com`,
      signedIn: true,
      field: "querystring.email",
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))(
    "refuses a NUL in the %s with a clear 400",
    async (_n, c) => {
      const res = await fetch(`${t.url}${c.url()}`, {
        method: c.method,
        headers: {
          ...(c.body ? { "content-type": "application/json" } : {}),
          ...(c.signedIn ? { authorization: `Bearer ${token}` } : {}),
          ...c.headers?.(),
        },
        body: c.body ? JSON.stringify(c.body()) : undefined,
      });
      const text = await res.text();
      expect(res.status, text).toBe(400);
      const body = errorBodySchema.parse(JSON.parse(text));
      expect(["VALIDATION_FAILED", "BAD_REQUEST"]).toContain(body.error.code);
      if (c.field) {
        const paths = (body.error.details ?? []).map((d) => d.path);
        expect(
          paths.some((p) => p.startsWith(c.field ?? "")),
          JSON.stringify(body),
        ).toBe(true);
      }
    },
  );

  it.each([
    ["/api/analytics?from=2026-02-31&to=2026-03-05", "querystring.from"],
    ["/api/analytics?from=2026-01-01&to=2026-13-01", "querystring.to"],
    ["/api/conversations?from=2026-00-10", "querystring.from"],
  ])("refuses a day that does not exist (%s) with a 400, not a 500 from the query", async (url, field) => {
    const res = await fetch(`${t.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error.details?.[0]?.path).toBe(field);
  });

  it("still serves the same requests without the NUL (the refusals are about the NUL)", async () => {
    const clean = await fetch(`${t.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...contact("name"), name: "Visitor" }),
    });
    expect(clean.status).toBe(201);
    const bot = await fetch(`${t.url}/api/chatbots/${botId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ greeting: "Hi there" }),
    });
    expect(bot.status).toBe(200);
  });
});
