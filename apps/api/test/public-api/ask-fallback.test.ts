import {
  apiAnswerSchema,
  DEFAULT_BOT_TEXTS,
  defaultFallbackReply,
  widgetConversationSchema,
} from "@parley/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../src/db/schema";
import type { Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse, textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { keysClient, v1 } from "./keys";

const shop: Owner = { sub: "auth_ask_fallback", email: "ask@fallback.example", name: "Ask shop" };
const other: Owner = { sub: "auth_ask_other", email: "other@fallback.example", name: "Other shop" };
const OFF_TOPIC = { en: "What are your opening hours on Friday?", ar: "ما هي ساعات العمل يوم الجمعة؟" };
const mentionsPerson = { en: /person|team/i, ar: /أعضاء فريقنا|شخص/ };
const mentionsEmail = { en: /e-mail/i, ar: /بريدك الإلكتروني/ };
/** What the widget offers with live chat and the form on: never said through the API. */
const BOTH = { leadCapture: true, liveChat: true };
const NOTHING = { leadCapture: false, liveChat: false };

/**
 * `/ask`'s fallback (issue #32): an API caller cannot press the widget's "Talk to a person" nor
 * fill its e-mail form, so the API's fallback offers neither, and the answer says it is a fallback
 * in a field. The widget of the same bot still offers both. Over HTTP, on PGlite and Postgres.
 */
describe.each(testDrivers("either"))("the public API's fallback answer on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let keys: ReturnType<typeof keysClient>;
  let call: ReturnType<typeof v1>;
  const bearer = (k: string) => `Bearer ${k}`;
  let key = "";
  let otherKey = "";
  let bot = "";

  const ask = async (content: string, language: "en" | "ar", k = key) => {
    const res = await call(bearer(k), "POST", `/chatbots/${bot}/ask`, { content, language });
    return res;
  };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    keys = keysClient(t, issuer);
    call = v1(t);
    await keys.plan(shop.sub, "business-monthly");
    await keys.plan(other.sub, "pro-monthly");
    key = (await keys.create(shop)).key;
    otherKey = (await keys.create(other)).key;
    // Live chat on (always within hours) and the e-mail form on: the widget offers both.
    const created = await call(bearer(key), "POST", "/chatbots", {
      name: "Bakery",
      languages: ["en", "ar"],
      leadCapture: true,
      published: true,
      handoff: { enabled: true, officeHours: null },
    });
    expect(created.status, created.text).toBe(201);
    bot = created.body._id;
    const source = await call(bearer(key), "POST", `/chatbots/${bot}/sources`, {
      kind: "text",
      title: "Delivery",
      content: "We deliver across Bahrain within two days. Orders above 20 BHD ship free.",
    });
    expect(source.status).toBe(201);
    await t.app.services.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("marks an abstention `fallback` and offers no person nor form, in English and Arabic; an answer is not one", async () => {
    for (const language of ["en", "ar"] as const) {
      const res = await ask(OFF_TOPIC[language], language);
      expect(res.status, res.text).toBe(200);
      const { answer, heldForTeam } = apiAnswerSchema.parse(res.body);
      expect(answer).toMatchObject({ answered: false, fallback: true, citations: [] });
      expect(heldForTeam).toBe(false);
      expect(answer.text).toBe(defaultFallbackReply(language, NOTHING));
      expect(answer.text).not.toMatch(mentionsPerson[language]);
      expect(answer.text).not.toMatch(mentionsEmail[language]);
      // The conversation keeps what the caller was told; it is not handed to the team.
      const conv = await call(bearer(key), "GET", `/conversations/${res.body.conversationId}`);
      expect(conv.body.status).toBe("bot");
      expect(conv.body.messages.at(-1)).toMatchObject({
        role: "assistant",
        content: answer.text,
        answered: false,
      });
    }
    const answered = await ask("How long does delivery across Bahrain take?", "en");
    expect(answered.body.answer).toMatchObject({ answered: true, fallback: false });
    expect(answered.body.answer.text).toMatch(/two days/);
  });

  it("says the same in the event stream's `done`, without the widget's offer", async () => {
    const res = await fetch(`${t.url}/api/v1/chatbots/${bot}/ask`, {
      method: "POST",
      headers: {
        authorization: bearer(key),
        "content-type": "application/json",
        accept: "text/event-stream",
      },
      body: JSON.stringify({ content: OFF_TOPIC.en }),
    });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(textOf(events)).toBe(defaultFallbackReply("en", NOTHING));
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    expect(done?.data).toMatchObject({ answered: false, fallback: true, heldForTeam: false });
    expect(Object.keys(done?.data as object)).not.toContain("offerHandoff");
  });

  it("leaves the widget as it was: the same bot's fallback offers a person and the form there", async () => {
    const visitor = "visitorASKFALLBACK00001";
    const widget = (p: string, body?: unknown) =>
      fetch(`${t.url}/api/widget/${bot}${p}`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const conv = widgetConversationSchema.parse(await (await widget("/conversations")).json())._id;
    const res = await widget(`/conversations/${conv}/messages`, { content: OFF_TOPIC.en, language: "en" });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(textOf(events)).toBe(defaultFallbackReply("en", BOTH));
    expect(events.find((e) => e.event === "done")?.data).toMatchObject({
      answered: false,
      offerHandoff: true,
    });
  });

  it("keeps the owner's own fallback words as written, still marked `fallback`", async () => {
    const own = "Sorry, that is not in our notes yet. Try asking about delivery.";
    expect((await call(bearer(key), "PATCH", `/chatbots/${bot}`, { fallbackReply: own })).status).toBe(200);
    const res = await ask(OFF_TOPIC.en, "en");
    expect(res.body.answer).toMatchObject({ text: own, answered: false, fallback: true });
    expect(
      (
        await call(bearer(key), "PATCH", `/chatbots/${bot}`, {
          fallbackReply: DEFAULT_BOT_TEXTS.en.fallbackReply,
        })
      ).status,
    ).toBe(200);
  });

  it("answers nothing to another workspace's key nor a revoked key, and stores no question for them", async () => {
    const before = await t.db.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatbotId, bot), eq(messages.role, "user")));
    const foreign = await ask(OFF_TOPIC.en, "en", otherKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("NOT_FOUND");
    expect(foreign.text).not.toContain("fallback");
    const revoked = await keys.create(shop, { name: "Revoked", scopes: ["chat"] });
    expect((await keys.revoke(shop, revoked.id)).status).toBe(204);
    const refused = await ask(OFF_TOPIC.en, "en", revoked.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("UNAUTHORIZED");
    const after = await t.db.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatbotId, bot), eq(messages.role, "user")));
    expect(after).toHaveLength(before.length);
  });
});
