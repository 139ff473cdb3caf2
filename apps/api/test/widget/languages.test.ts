import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Chatbot,
  DEFAULT_BOT_TEXTS,
  type StreamDone,
  widgetConversationSchema,
} from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usageCounters } from "../../src/db/schema";
import { UNAVAILABLE_REPLY, UNAVAILABLE_REPLY_AR } from "../../src/modules/conversations/turn.service";
import { monthOf } from "../../src/modules/entitlements/usage.repo";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse, textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

const visitor = "visitorLangLangLangLang1";
const AR = DEFAULT_BOT_TEXTS.ar;
const EN = DEFAULT_BOT_TEXTS.en;

describe.each(testDrivers("either"))("bots in Arabic on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let dist: string;
  let api: ReturnType<typeof builderClient>;
  // The free plan holds one bot per workspace: one owner per bot (the third for short-lived ones).
  const owner: Owner = { sub: "auth_lang_shop", email: "lang@example.com", name: "Lang shop" };
  const owner2: Owner = { sub: "auth_lang_shop2", email: "lang2@example.com", name: "Lang shop 2" };
  const owner3: Owner = { sub: "auth_lang_shop3", email: "lang3@example.com", name: "Lang shop 3" };
  const owners = new Map<string, Owner>();
  let both = ""; // English default, speaks Arabic too
  let englishOnly = "";

  const patch = (id: string, body: unknown) =>
    api.json(owners.get(id) ?? owner3, "PATCH", `/api/chatbots/${id}`, body);
  const read = async (id: string) =>
    (await api.json(owners.get(id) ?? owner3, "GET", `/api/chatbots/${id}`)).body as Chatbot;
  const widget = (id: string, p: string, init: RequestInit = {}) =>
    fetch(`${t.url}/api/widget/${id}${p}`, {
      ...init,
      headers: { "x-parley-visitor": visitor, ...(init.body ? { "content-type": "application/json" } : {}) },
    });
  const config = async (id: string, query = "") => {
    const res = await widget(id, `/config${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { language: string; greeting: string; theme: { launcherText: string } };
  };
  const ask = async (id: string, content: string, language?: "en" | "ar") => {
    const conv = widgetConversationSchema.parse(
      await (await widget(id, "/conversations", { method: "POST" })).json(),
    )._id;
    const res = await widget(id, `/conversations/${conv}/messages`, {
      method: "POST",
      body: JSON.stringify(language ? { content, language } : { content }),
    });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    const done = events.find((e) => e.event === "done")?.data as StreamDone;
    return { text: textOf(events), done };
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "parley-lang-dist-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><body>spa</body></html>");
    writeFileSync(path.join(dist, "widget.html"), "<!doctype html><html><body>chat</body></html>");
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url, WEB_DIST: dist }, { listen: true });
    api = builderClient(t, issuer);
    both = (await api.createBot(owner, { name: "Both", languages: ["en", "ar"] }))._id;
    englishOnly = (await api.createBot(owner2, { name: "English only" }))._id;
    owners.set(both, owner).set(englishOnly, owner2);
    for (const id of [both, englishOnly]) {
      await api.addSource(owner, id, {
        kind: "text",
        title: "Delivery",
        content: "We deliver across Bahrain within two days. Orders above 20 BHD ship free.",
      });
      expect((await patch(id, { published: true })).status).toBe(200);
    }
    await t.app.services.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("gives a new bot English by default, and Arabic texts when it speaks Arabic", async () => {
    const en = await read(englishOnly);
    expect(en).toMatchObject({ defaultLanguage: "en", languages: ["en"], translations: {} });
    expect(en.fallbackReply).toBe(EN.fallbackReply);

    const bilingual = await read(both);
    expect(bilingual).toMatchObject({ defaultLanguage: "en", languages: ["en", "ar"] });
    expect(bilingual.greeting).toBe(EN.greeting);
    expect(bilingual.translations.ar).toEqual(AR);
    expect(AR.fallbackReply).toMatch(/[\u0600-\u06FF]/);

    const arabic = await api.createBot(owner3, { name: "عربي", defaultLanguage: "ar" });
    expect(arabic).toMatchObject({
      defaultLanguage: "ar",
      languages: ["ar"],
      greeting: AR.greeting,
      fallbackReply: AR.fallbackReply,
      theme: { launcherText: AR.launcherText },
      translations: {},
    });
    await api.json(owner3, "DELETE", `/api/chatbots/${arabic._id}`);
  });

  it("edits one language's texts field by field, and turns a language on with its defaults", async () => {
    const res = await patch(englishOnly, { languages: ["ar", "en", "ar"] });
    expect(res.status).toBe(200);
    expect(res.body.languages).toEqual(["en", "ar"]);
    expect(res.body.translations.ar).toEqual(AR);

    const edited = await patch(englishOnly, {
      translations: { ar: { greeting: "أهلًا بك في متجرنا", suggestedQuestions: ["هل توصلون إلى المحرق؟"] } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.translations.ar).toEqual({
      ...AR,
      greeting: "أهلًا بك في متجرنا",
      suggestedQuestions: ["هل توصلون إلى المحرق؟"],
    });
    // Turned off, the Arabic texts are kept for when it is turned on again.
    const off = await patch(englishOnly, { languages: ["en"] });
    expect(off.body.languages).toEqual(["en"]);
    expect(off.body.translations.ar.greeting).toBe("أهلًا بك في متجرنا");
  });

  it("swaps the texts when the default language changes, so no text changes language", async () => {
    const id = (await api.createBot(owner3, { name: "Swap", languages: ["en", "ar"], greeting: "Welcome!" }))
      ._id;
    const res = await patch(id, { defaultLanguage: "ar" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      defaultLanguage: "ar",
      languages: ["ar", "en"],
      greeting: AR.greeting,
      fallbackReply: AR.fallbackReply,
      theme: { launcherText: AR.launcherText },
    });
    expect(res.body.translations.en).toMatchObject({ greeting: "Welcome!", fallbackReply: EN.fallbackReply });
    expect(res.body.translations.ar).toBeUndefined();
    // A new default the bot did not speak is added to its languages.
    const back = await patch(id, { defaultLanguage: "en", languages: ["en"] });
    expect(back.body).toMatchObject({ defaultLanguage: "en", languages: ["en"], greeting: "Welcome!" });
    await api.json(owner3, "DELETE", `/api/chatbots/${id}`);
  });

  it("refuses texts and languages the API would not store", async () => {
    const refused = async (body: unknown) => {
      const res = await patch(both, body);
      expect([400, 413], JSON.stringify(body).slice(0, 120)).toContain(res.status);
      return res;
    };
    await refused({ languages: ["fr"] });
    await refused({ languages: [] });
    await refused({ defaultLanguage: "de" });
    await refused({ defaultLanguage: "en", languages: ["ar"] });
    // Only one of them: the server checks the set still holds the default.
    const without = await refused({ languages: ["ar"] });
    expect(without.body.error.details[0].path).toBe("body.languages");
    // The default language's texts are the top-level fields.
    await refused({ translations: { en: { greeting: "Hello" } } });
    await refused({ translations: { ar: { fallbackReply: "" } } });
    await refused({ translations: { ar: { greeting: "م".repeat(501) } } });
    await refused({ translations: { ar: { suggestedQuestions: Array(7).fill("سؤال") } } });
    await refused({ translations: { ar: { launcherText: "ت".repeat(41) } } });
    await refused({ translations: { ar: { greetingBubbleText: "ف".repeat(141) } } });
    // Hostile: a megabyte of text, NUL, control characters in the bubble, a smuggled key.
    await refused({ translations: { ar: { greeting: "x".repeat(1_000_000) } } });
    await refused({ translations: { ar: { greeting: "م".repeat(1_000_000) } } });
    await refused({ translations: { ar: { fallbackReply: "مرحبًا\u0000" } } });
    await refused({ translations: { ar: { greetingBubbleText: "مرحبًا\u0007\u001b[31m" } } });
    await refused({ translations: { fr: { greeting: "Bonjour" } } });
    // A right-to-left override shows "moc.knab-ruoy" as "your-bank.com": refused in every
    // visitor-facing text, in both languages.
    const disguised = "Pay at \u202Emoc.knab-ruoy\u202C today";
    await refused({ greeting: disguised });
    await refused({ fallbackReply: disguised });
    await refused({ suggestedQuestions: [disguised] });
    await refused({ theme: { launcherText: "\u202Dchat" } });
    await refused({ greetingBubble: { text: disguised } });
    await refused({ translations: { ar: { greeting: `ادفع عبر ${disguised}` } } });
    await refused({ translations: { ar: { greetingBubbleText: "\u202Bمرحبًا" } } });

    const after = await read(both);
    expect(after.translations.ar).toEqual(AR);
    expect(after.languages).toEqual(["en", "ar"]);

    // Isolates and marks, which mixed Arabic and Latin text does use, are fine.
    const mixed = "تواصل معنا على \u2066support@shop.bh\u2069 \u200Fأو اتصل بنا";
    const ok = await patch(both, { translations: { ar: { fallbackReply: mixed } } });
    expect(ok.status).toBe(200);
    expect(ok.body.translations.ar.fallbackReply).toBe(mixed);
    expect((await patch(both, { translations: { ar: { fallbackReply: AR.fallbackReply } } })).status).toBe(
      200,
    );
  });

  it("serves the widget config in the visitor's language when the bot speaks it", async () => {
    expect(await config(both, "?lang=ar")).toMatchObject({
      language: "ar",
      greeting: AR.greeting,
      theme: { launcherText: AR.launcherText },
    });
    expect(await config(both, "?lang=ar-BH")).toMatchObject({ language: "ar" });
    expect(await config(both, "?lang=en-US")).toMatchObject({ language: "en", greeting: EN.greeting });
    expect(await config(both)).toMatchObject({ language: "en", greeting: EN.greeting });
    // Not a language the bot speaks (or not a language at all): the bot's default.
    expect(await config(both, "?lang=fr")).toMatchObject({ language: "en" });
    expect(await config(both, `?lang=${"ar".repeat(5000)}`)).toMatchObject({ language: "en" });
    expect(await config(both, "?lang=%00%3Cscript%3E")).toMatchObject({ language: "en" });
    expect(await config(englishOnly, "?lang=ar")).toMatchObject({ language: "en", greeting: EN.greeting });

    const launcher = async (id: string, lang: string) =>
      (await (await fetch(`${t.url}/api/widget/${id}/launcher?lang=${lang}`)).json()) as Record<
        string,
        unknown
      >;
    expect(await launcher(both, "ar")).toMatchObject({
      available: true,
      lang: "ar",
      dir: "rtl",
      theme: { launcherText: AR.launcherText },
      labels: { close: "إغلاق المحادثة" },
    });
    expect(await launcher(englishOnly, "ar")).toMatchObject({
      lang: "en",
      dir: "ltr",
      theme: { launcherText: "Chat with us" },
      labels: { close: "Close chat", unread: "{n} new" },
    });
  });

  it("gives the fallback reply in the question's language when the bot speaks it", async () => {
    const arabic = await ask(both, "ما هي ساعات العمل يوم الجمعة؟", "ar");
    expect(arabic.text).toBe(AR.fallbackReply);
    expect(arabic.done.answered).toBe(false);

    const english = await ask(both, "What are your opening hours on Friday?", "en");
    expect(english.text).toBe(EN.fallbackReply);
    expect(english.done.answered).toBe(false);

    // The question's language wins over the widget's…
    expect((await ask(both, "ما هي ساعات العمل يوم الجمعة؟", "en")).text).toBe(AR.fallbackReply);
    expect((await ask(both, "What are your opening hours on Friday?", "ar")).text).toBe(EN.fallbackReply);
    // …a question without words follows the widget…
    expect((await ask(both, "؟؟ 🤔", "ar")).text).toBe(AR.fallbackReply);
    // …and a bot that does not speak Arabic does not use Arabic texts of its own (the built-in
    // engine says its generic Arabic "no answer" to an Arabic question; see extractive-engine.ts).
    const unsupported = await ask(englishOnly, "ما هي ساعات العمل يوم الجمعة؟", "ar");
    expect(unsupported.done.answered).toBe(false);
    expect(unsupported.text).not.toBe(AR.fallbackReply);
    expect((await ask(englishOnly, "What are your opening hours on Friday?", "ar")).text).toBe(
      EN.fallbackReply,
    );
  });

  it("says the quota notice in the widget's language", async () => {
    const messages = 100; // the Free plan's month, used up
    const row = { workspaceId: owner.sub, month: monthOf(t.app.clock.now()), messages };
    await t.db.db
      .insert(usageCounters)
      .values(row)
      .onConflictDoUpdate({ target: [usageCounters.workspaceId, usageCounters.month], set: { messages } });
    expect((await ask(both, "ما هي ساعات العمل؟", "ar")).text).toBe(UNAVAILABLE_REPLY_AR);
    expect((await ask(both, "What are your hours?", "en")).text).toBe(UNAVAILABLE_REPLY);
  });

  it("refuses a chat language it does not know", async () => {
    const conv = widgetConversationSchema.parse(
      await (await widget(both, "/conversations", { method: "POST" })).json(),
    )._id;
    const res = await widget(both, `/conversations/${conv}/messages`, {
      method: "POST",
      body: JSON.stringify({ content: "Hello", language: "fr" }),
    });
    expect(res.status).toBe(400);
  });
});
