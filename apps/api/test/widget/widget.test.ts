import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type StreamDone, widgetConversationSchema } from "@parley/contracts";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, usageCounters } from "../../src/db/schema";
import { createRedisRateLimiter } from "../../src/lib/rate-limit";
import { UNAVAILABLE_REPLY } from "../../src/modules/conversations/turn.service";
import { monthOf } from "../../src/modules/entitlements/usage.repo";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse, textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

const visitorA = "visitorAAAAAAAAAAAAAAAA";
const visitorB = "visitorBBBBBBBBBBBBBBBB";

describe.each(testDrivers())("public widget API on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let dist: string;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_shop", email: "shop@example.com", name: "Shop" };
  let botId = "";

  const call = (
    method: string,
    p: string,
    opts: { visitor?: string; origin?: string; body?: unknown } = {},
  ) =>
    fetch(`${t.url}/api/widget/${botId}${p}`, {
      method,
      headers: {
        ...(opts.visitor ? { "x-parley-visitor": opts.visitor } : {}),
        ...(opts.origin ? { origin: opts.origin } : {}),
        ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  const ask = async (conv: string, content: string, visitor = visitorA, origin?: string) => {
    const res = await call("POST", `/conversations/${conv}/messages`, { visitor, origin, body: { content } });
    return {
      res,
      events: res.headers.get("content-type")?.includes("event-stream") ? await readSse(res) : [],
      json: (res.headers.get("content-type")?.includes("json") ? await res.json() : null) as {
        error: { code: string; message: string };
      } | null,
    };
  };
  const setUsage = async (messages: number) => {
    const row = { workspaceId: owner.sub, month: monthOf(t.app.clock.now()), messages };
    await t.db.db
      .insert(usageCounters)
      .values(row)
      .onConflictDoUpdate({ target: [usageCounters.workspaceId, usageCounters.month], set: { messages } });
  };
  const startConversation = async (visitor = visitorA) =>
    widgetConversationSchema.parse(await (await call("POST", "/conversations", { visitor })).json())._id;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "parley-widget-dist-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><head></head><body>spa</body></html>");
    writeFileSync(
      path.join(dist, "widget.html"),
      "<!doctype html><html><head></head><body>chat page</body></html>",
    );
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url, WEB_DIST: dist }, { listen: true });
    api = builderClient(t, issuer);
    const bot = await api.createBot(owner, {
      name: "Shop helper",
      leadCapture: true,
      suggestedQuestions: ["Do you deliver?"],
    });
    botId = bot._id;
    await api.addSource(owner, botId, {
      kind: "text",
      title: "Delivery",
      content: "We deliver across Bahrain within two days. Orders above 20 BHD ship free.",
    });
    await t.app.services.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("hides an unpublished bot, then serves its public config once published", async () => {
    expect((await call("GET", "/config")).status).toBe(404);
    expect((await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { published: true })).status).toBe(200);
    const res = await call("GET", "/config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      _id: botId,
      name: "Shop helper",
      language: "en",
      greeting: expect.any(String),
      suggestedQuestions: ["Do you deliver?"],
      theme: { primaryColor: "#4f46e5", position: "bottom-right", launcherText: "Chat with us" },
      leadCapture: true,
      showBranding: true,
      greetingBubble: null,
      // Live chat is off until the owner turns it on.
      handoff: { enabled: false, withinHours: false, waitSeconds: 60 },
    });
    expect((await fetch(`${t.url}/api/widget/cb_unknown/config`)).status).toBe(404);
  });

  let conv = "";
  it("starts a conversation, streams an answer with citations and keeps it for the visitor", async () => {
    expect((await call("POST", "/conversations")).status).toBe(400); // no visitor id
    conv = await startConversation();
    const { res, events } = await ask(conv, "Do orders above 20 BHD ship free?");
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(events[0]?.event).toBe("start");
    expect(textOf(events)).toContain("ship free");
    const done = events.at(-1)?.data as StreamDone;
    expect(done.answered).toBe(true);
    expect(done.messageId).toMatch(/^msg_/);

    const again = widgetConversationSchema.parse(
      await (await call("GET", `/conversations/${conv}`, { visitor: visitorA })).json(),
    );
    expect(again.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(again.messages[1]?.citations[0]?.title).toBe("Delivery");
  });

  it("lets only the visitor who started a conversation read or continue it", async () => {
    expect((await call("GET", `/conversations/${conv}`, { visitor: visitorB })).status).toBe(404);
    expect((await ask(conv, "hello", visitorB)).res.status).toBe(404);
    const [assistant] = (await t.db.db.select().from(messages)).filter((m) => m.role === "assistant");
    expect(
      (
        await call("POST", `/conversations/${conv}/messages/${assistant?.id}/feedback`, {
          visitor: visitorB,
          body: { value: "down" },
        })
      ).status,
    ).toBe(404);
  });

  it("records thumbs up/down and a lead", async () => {
    const transcript = widgetConversationSchema.parse(
      await (await call("GET", `/conversations/${conv}`, { visitor: visitorA })).json(),
    );
    const answer = transcript.messages[1]?._id;
    expect(
      (
        await call("POST", `/conversations/${conv}/messages/${answer}/feedback`, {
          visitor: visitorA,
          body: { value: "down" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("POST", `/conversations/${conv}/lead`, {
          visitor: visitorA,
          body: { email: "Visitor@Example.com", name: "Sara" },
        })
      ).status,
    ).toBe(200);
    const after = widgetConversationSchema.parse(
      await (await call("GET", `/conversations/${conv}`, { visitor: visitorA })).json(),
    );
    expect(after.messages[1]?.feedback).toBe("down");
    expect(after.leadCaptured).toBe(true);
    expect(
      (await call("POST", `/conversations/${conv}/lead`, { visitor: visitorA, body: { email: "nope" } }))
        .status,
    ).toBe(400);
  });

  it("refuses over-long messages", async () => {
    const { res } = await ask(conv, "x".repeat(2001));
    expect(res.status).toBe(400);
  });

  describe("allowed domains", () => {
    beforeAll(async () => {
      await api.json(owner, "PATCH", `/api/chatbots/${botId}`, {
        allowedDomains: ["shop.example.com", "*.partner.example"],
      });
    });

    it("refuses requests from other origins and allows listed ones with CORS", async () => {
      const evil = await call("GET", "/config", { origin: "https://evil.example" });
      expect(evil.status).toBe(403);
      // The loader prints this for the site owner: it names the origin and what to add.
      expect(evil.headers.get("access-control-allow-origin")).toBe("https://evil.example");
      expect(((await evil.json()) as { error: { message: string } }).error.message).toBe(
        `This chat is not enabled on https://evil.example. Add evil.example to the allowed domains of chatbot ${botId} in the Parley dashboard (Embed tab).`,
      );
      const ok = await call("GET", "/config", { origin: "https://shop.example.com" });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
      expect((await call("GET", "/config", { origin: "https://eu.partner.example" })).status).toBe(200);
      expect((await call("GET", "/config", { origin: "https://partner.example.evil.io" })).status).toBe(403);
      // The chat page itself runs on the app origin.
      expect((await call("GET", "/config", { origin: t.url })).status).toBe(200);
      const preflight = await call("OPTIONS", "/conversations", { origin: "https://evil.example" });
      expect(preflight.status).toBe(403);
    });

    it("lets the chat page be framed only by listed sites", async () => {
      const page = await fetch(`${t.url}/widget/chat/${botId}`);
      expect(await page.text()).toContain("chat page");
      const directive = (res: Response, name: string) =>
        (res.headers.get("content-security-policy") ?? "")
          .split(";")
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `));
      const ancestors = directive(page, "frame-ancestors") ?? "";
      expect(ancestors).toContain("shop.example.com");
      expect(ancestors).toContain("*.partner.example");
      expect(ancestors).not.toMatch(/ \*( |$)/);
      // The rest of the page's policy is the app's: no inline script.
      expect(directive(page, "script-src")).toBe("script-src 'self'");
      expect(page.headers.get("x-frame-options")).toBeNull();
      const unknown = await fetch(`${t.url}/widget/chat/cb_unknown`);
      expect(directive(unknown, "frame-ancestors")).toBe("frame-ancestors 'self'");
    });
  });

  it("rate-limits a fast visitor with a clear message", async () => {
    const c = await startConversation(visitorB);
    let last: Awaited<ReturnType<typeof ask>> | undefined;
    for (let i = 0; i < 11; i++) last = await ask(c, `question ${i}`, visitorB);
    expect(last?.res.status).toBe(429);
    expect(last?.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(last?.json?.error).toMatchObject({
      code: "RATE_LIMITED",
      message: "You're sending messages too quickly. Please wait a moment and try again.",
    });
  });

  it("lets exactly one of many messages sent at once through at the monthly limit", async () => {
    // One message left of the Free plan's 100 this month; eight visitors ask at the same moment.
    await setUsage(99);
    const widget = t.app.services.widget;
    const who = (i: number) => ({ visitorId: `visitorRace${String(i).padStart(12, "0")}`, customer: null });
    const convs = await Promise.all(Array.from({ length: 8 }, (_, i) => widget.start(botId, who(i))));
    const replies = await Promise.all(
      convs.map(async (c, i) => {
        const prepared = await widget.prepareMessage(botId, c._id, who(i), "Do you deliver?");
        let text = "";
        await prepared.run(new AbortController().signal, (d) => {
          text += d;
        });
        return text;
      }),
    );
    expect(replies.filter((r) => r !== UNAVAILABLE_REPLY)).toHaveLength(1);
    expect((await api.json(owner, "GET", "/api/usage")).body.used.messagesThisMonth).toBe(100);
  });

  it("answers politely past the owner's monthly quota and does not count those replies", async () => {
    // The Free plan's 100 answered messages for this month are used.
    await setUsage(100);
    const usageBefore = (await api.json(owner, "GET", "/api/usage")).body;
    expect(usageBefore.used.messagesThisMonth).toBeGreaterThanOrEqual(100);
    const c = await startConversation("visitorQuotaQuotaQuota1");
    const { events } = await ask(c, "Do you deliver?", "visitorQuotaQuotaQuota1");
    expect(textOf(events)).toBe(
      "Sorry, this assistant is unavailable right now. Please try again later, or contact the business directly.",
    );
    expect(events.at(-1)?.data).toMatchObject({ answered: false });
    expect((await api.json(owner, "GET", "/api/usage")).body.used.messagesThisMonth).toBe(
      usageBefore.used.messagesThisMonth,
    );
  });
});

describe("rate limits shared through Redis", () => {
  it("counts hits from two API processes against one limit", async () => {
    const prefix = `parley:test:${Date.now()}:${Math.random()}:`;
    const a = createRedisRateLimiter(new Redis("redis://127.0.0.1:6379"), prefix);
    const b = createRedisRateLimiter(new Redis("redis://127.0.0.1:6379"), prefix);
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await (i % 2 ? a : b).hit("visitor:x", 5, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results.at(-1)?.retryAfterSeconds).toBeGreaterThan(0);
    await a.close();
    await b.close();
  });
});
