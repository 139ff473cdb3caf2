import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Chatbot,
  DEFAULT_BOT_TEXTS,
  defaultFallbackReply,
  type StreamDone,
  widgetConversationSchema,
} from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse, textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * The default fallback reply says what the bot offers (issue 25, item 3): the e-mail form only
 * with lead capture, a person only with live chat, both, or neither. An owner's own words are
 * said as written. Through the real widget route, with questions outside the bot's knowledge.
 */
const ENGLISH_QUESTION = "What are your opening hours on Friday?";
const ARABIC_QUESTION = "ما هي ساعات العمل يوم الجمعة؟";
/** The default every bot had before the reply matched the offers (it asked for an e-mail). */
const OLD_DEFAULT = {
  en: "I'm sorry, I don't have an answer to that yet. Could you rephrase, or leave your e-mail so our team can get back to you?",
  ar: "عذرًا، لا تتوفر لديّ إجابة عن هذا السؤال حتى الآن. هل يمكنك إعادة صياغته، أو ترك بريدك الإلكتروني ليتواصل معك فريقنا؟",
};
const mentionsEmail = { en: /e-mail/, ar: /بريدك الإلكتروني/ };
const mentionsPerson = { en: /talk to a person/, ar: /التحدث إلى أحد أعضاء فريقنا/ };

const COMBINATIONS = [
  { name: "neither", leadCapture: false, liveChat: false },
  { name: "lead capture only", leadCapture: true, liveChat: false },
  { name: "live chat only", leadCapture: false, liveChat: true },
  { name: "both", leadCapture: true, liveChat: true },
] as const;

describe.each(testDrivers("either"))("the fallback reply matches what the bot offers on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let dist: string;
  let api: ReturnType<typeof builderClient>;
  // The free plan holds one bot per workspace: one owner per bot.
  const owner: Owner = { sub: "auth_fallback_shop", email: "fallback@example.com", name: "Fallback shop" };
  const owner2: Owner = { sub: "auth_fallback_en", email: "fallback-en@example.com", name: "English shop" };
  let both = ""; // English default, speaks Arabic too
  let englishOnly = "";

  const patch = async (who: Owner, id: string, body: unknown) => {
    const res = await api.json(who, "PATCH", `/api/chatbots/${id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Chatbot;
  };
  const offer = (who: Owner, id: string, o: { leadCapture: boolean; liveChat: boolean }) =>
    patch(who, id, { leadCapture: o.leadCapture, handoff: { enabled: o.liveChat, officeHours: null } });
  // The widget's limits are real: a visitor sends at most 10 messages a minute, a network opens
  // at most 20 conversations an hour. Each visitor keeps one conversation per bot, and the next
  // visitor takes over after 9 messages.
  let sent = 0;
  const conversations = new Map<string, string>();
  const widget = (id: string, p: string, visitor: string, init: RequestInit = {}) =>
    fetch(`${t.url}/api/widget/${id}${p}`, {
      ...init,
      headers: { "x-parley-visitor": visitor, ...(init.body ? { "content-type": "application/json" } : {}) },
    });
  const ask = async (id: string, content: string, language: "en" | "ar") => {
    const visitor = `visitorFallbackOffers${String(Math.floor(sent++ / 9)).padStart(3, "0")}`;
    let conv = conversations.get(`${visitor}/${id}`);
    if (!conv) {
      const started = await widget(id, "/conversations", visitor, { method: "POST" });
      expect(started.status).toBe(201);
      conv = widgetConversationSchema.parse(await started.json())._id;
      conversations.set(`${visitor}/${id}`, conv);
    }
    const res = await widget(id, `/conversations/${conv}/messages`, visitor, {
      method: "POST",
      body: JSON.stringify({ content, language }),
    });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    const done = events.find((e) => e.event === "done")?.data as StreamDone & { offerHandoff?: boolean };
    return { text: textOf(events), done };
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "parley-fallback-dist-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><body>spa</body></html>");
    writeFileSync(path.join(dist, "widget.html"), "<!doctype html><html><body>chat</body></html>");
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url, WEB_DIST: dist }, { listen: true });
    api = builderClient(t, issuer);
    both = (await api.createBot(owner, { name: "Both", languages: ["en", "ar"] }))._id;
    englishOnly = (await api.createBot(owner2, { name: "English only" }))._id;
    for (const [who, id] of [
      [owner, both],
      [owner2, englishOnly],
    ] as const) {
      const added = await api.addSource(who, id, {
        kind: "text",
        title: "Delivery",
        content: "We deliver across Bahrain within two days. Orders above 20 BHD ship free.",
      });
      expect(added.status).toBe(201);
      await patch(who, id, { published: true });
    }
    await t.app.services.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("gives a new bot (no form, no live chat) a default that offers neither, in both languages", async () => {
    const bot = (await api.json(owner, "GET", `/api/chatbots/${both}`)).body as Chatbot;
    expect(bot).toMatchObject({ leadCapture: false, handoff: { enabled: false } });
    expect(bot.fallbackReply).toBe(DEFAULT_BOT_TEXTS.en.fallbackReply);
    expect(bot.translations.ar?.fallbackReply).toBe(DEFAULT_BOT_TEXTS.ar.fallbackReply);
    for (const language of ["en", "ar"] as const) {
      expect(DEFAULT_BOT_TEXTS[language].fallbackReply).not.toMatch(mentionsEmail[language]);
      expect(DEFAULT_BOT_TEXTS[language].fallbackReply).not.toMatch(mentionsPerson[language]);
    }
  });

  describe.each(COMBINATIONS)("with $name", (combination) => {
    it("says the matching default in English and in Arabic", async () => {
      await offer(owner, both, combination);
      const english = await ask(both, ENGLISH_QUESTION, "en");
      const arabic = await ask(both, ARABIC_QUESTION, "ar");
      expect(english.text).toBe(defaultFallbackReply("en", combination));
      expect(arabic.text).toBe(defaultFallbackReply("ar", combination));
      for (const [language, said] of [
        ["en", english],
        ["ar", arabic],
      ] as const) {
        expect(said.done.answered).toBe(false);
        // It asks for an e-mail only with the form, and promises a person only with live chat…
        expect(said.text).toSatisfy(
          (s: string) => mentionsEmail[language].test(s) === combination.leadCapture,
        );
        expect(said.text).toSatisfy((s: string) => mentionsPerson[language].test(s) === combination.liveChat);
        // …which the widget then offers.
        expect(said.done.offerHandoff === true).toBe(combination.liveChat);
      }
      expect(arabic.text).toMatch(/[\u0600-\u06FF]/);
    });
  });

  it("gives a bot still holding the old default (it asked for an e-mail) the one matching its offers", async () => {
    await patch(owner, both, {
      fallbackReply: OLD_DEFAULT.en,
      translations: { ar: { fallbackReply: OLD_DEFAULT.ar } },
    });
    await offer(owner, both, { leadCapture: false, liveChat: true });
    expect((await ask(both, ENGLISH_QUESTION, "en")).text).toBe(
      "I'm sorry, I don't have an answer to that yet. Could you rephrase your question? You can also talk to a person from our team.",
    );
    expect((await ask(both, ARABIC_QUESTION, "ar")).text).toBe(
      "عذرًا، لا تتوفر لديّ إجابة عن هذا السؤال حتى الآن. هل يمكنك إعادة صياغته؟ يمكنك أيضًا التحدث إلى أحد أعضاء فريقنا.",
    );
    await offer(owner, both, { leadCapture: false, liveChat: false });
    expect((await ask(both, ENGLISH_QUESTION, "en")).text).toBe(
      "I'm sorry, I don't have an answer to that yet. Could you rephrase your question?",
    );
    // What is stored stays as it was: the choice is made when the bot speaks.
    const stored = (await api.json(owner, "GET", `/api/chatbots/${both}`)).body as Chatbot;
    expect(stored.fallbackReply).toBe(OLD_DEFAULT.en);
    expect(stored.translations.ar?.fallbackReply).toBe(OLD_DEFAULT.ar);
  });

  it("says an owner's own fallback reply as written, whatever the bot offers (hostile: near-defaults)", async () => {
    const own = {
      en: "Sorry, no idea! Leave your e-mail and we'll write.",
      ar: "عذرًا، لا أعرف. اترك بريدك الإلكتروني وسنكتب لك.",
    };
    await patch(owner, both, { fallbackReply: own.en, translations: { ar: { fallbackReply: own.ar } } });
    for (const combination of COMBINATIONS) {
      await offer(owner, both, combination);
      expect((await ask(both, ENGLISH_QUESTION, "en")).text).toBe(own.en);
      expect((await ask(both, ARABIC_QUESTION, "ar")).text).toBe(own.ar);
    }
    // A default with one word changed, or something added, is the owner's words too.
    const nearDefault = {
      en: `${defaultFallbackReply("en", { leadCapture: true, liveChat: false })} Thanks!`,
      ar: defaultFallbackReply("ar", { leadCapture: true, liveChat: false }).replace("فريقنا", "فريق المتجر"),
    };
    await patch(owner, both, {
      fallbackReply: nearDefault.en,
      translations: { ar: { fallbackReply: nearDefault.ar } },
    });
    await offer(owner, both, { leadCapture: false, liveChat: false });
    expect((await ask(both, ENGLISH_QUESTION, "en")).text).toBe(nearDefault.en);
    expect((await ask(both, ARABIC_QUESTION, "ar")).text).toBe(nearDefault.ar);
    // Back to the defaults for the other tests.
    await patch(owner, both, {
      fallbackReply: DEFAULT_BOT_TEXTS.en.fallbackReply,
      translations: { ar: { fallbackReply: DEFAULT_BOT_TEXTS.ar.fallbackReply } },
    });
  });

  it("answers an Arabic question to a bot that does not speak Arabic without offering what it does not have", async () => {
    await offer(owner2, englishOnly, { leadCapture: false, liveChat: false });
    const none = await ask(englishOnly, ARABIC_QUESTION, "ar");
    expect(none.done.answered).toBe(false);
    expect(none.text).toMatch(/[\u0600-\u06FF]/);
    expect(none.text).not.toMatch(mentionsEmail.ar);
    expect(none.text).not.toMatch(mentionsPerson.ar);
    // Its Arabic words are the engine's own, not the Arabic texts of a bot speaking Arabic.
    expect(none.text).not.toBe(DEFAULT_BOT_TEXTS.ar.fallbackReply);

    await offer(owner2, englishOnly, { leadCapture: true, liveChat: true });
    const all = await ask(englishOnly, ARABIC_QUESTION, "ar");
    expect(all.text).toMatch(mentionsEmail.ar);
    expect(all.text).toMatch(mentionsPerson.ar);
    expect((await ask(englishOnly, ENGLISH_QUESTION, "en")).text).toBe(
      defaultFallbackReply("en", { leadCapture: true, liveChat: true }),
    );
  });
});
