import { conversationPageSchema, widgetConversationSchema } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../src/db/schema";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Issue #35: inbox search did not normalise Arabic, so presentation forms, tatweel, harakat or a
 * zero-width character in a visitor's message hid the conversation from a search for the same
 * word, although answers found it. Messages and searches now go through the answer engine's
 * analysis (`analyseForSearch`), the same on PGlite and Postgres.
 */
describe.each(testDrivers())("inbox search in Arabic on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_ar_search", email: "ar-search@example.com", name: "Huda" };
  let botId = "";
  const conv: Record<string, string> = {};

  const visit = async (visitor: string, question: string) => {
    const headers = { "x-parley-visitor": visitor };
    const created = await fetch(`${t.url}/api/widget/${botId}/conversations`, { method: "POST", headers });
    const id = widgetConversationSchema.parse(await created.json())._id;
    const sent = await fetch(`${t.url}/api/widget/${botId}/conversations/${id}/messages`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ content: question }),
    });
    expect(sent.status).toBe(200);
    await readSse(sent);
    return id;
  };
  const search = async (q: string) => {
    const res = await api.json(owner, "GET", `/api/conversations?q=${encodeURIComponent(q)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return conversationPageSchema
      .parse(res.body)
      .items.map((c) => c._id)
      .sort();
  };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    botId = (await api.createBot(owner, { name: "Shop", published: true }))._id;
    // The same word, الشحن ("the shipping"), as visitors' keyboards and copied text give it.
    conv.presentation = await visit("visitorArabicSearch00001", "هل \uFE8D\uFEDF\uFEB8\uFEA4\uFEE6 مجاني؟");
    conv.tatweel = await visit("visitorArabicSearch00002", "كم يستغرق الشـــحن؟");
    conv.harakat = await visit("visitorArabicSearch00003", "الشَّحْنُ إلى المنامة");
    conv.zeroWidth = await visit("visitorArabicSearch00004", "متى يصل الش\u200Bحن؟");
    conv.english = await visit("visitorArabicSearch00005", "Do you ship to Riffa?");
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const arabic = () => [conv.presentation, conv.tatweel, conv.harakat, conv.zeroWidth].sort();

  it("finds every spelling of a word from any other spelling of it", async () => {
    expect(await search("الشحن")).toEqual(arabic());
    // The search itself in presentation forms, with harakat, with tatweel, or without the article.
    expect(await search("\uFE8D\uFEDF\uFEB8\uFEA4\uFEE6")).toEqual(arabic());
    expect(await search("الشَّحن")).toEqual(arabic());
    expect(await search("شـحن")).toEqual(arabic());
    expect(await search("شحن")).toEqual(arabic());
    // English is searched as before.
    expect(await search("Riffa")).toEqual([conv.english]);
    expect(await search("الشحن Riffa")).toEqual([]);
    expect(await search("الشحن or Riffa")).toEqual([...arabic(), conv.english].sort());
  });

  it("answers a search of only stop words, invisible characters or operators without an error", async () => {
    for (const q of ["من", "\u200B\u200C", '"" -', "-الشحن", "ـــ", "\uFEFF", '"الشحن المجاني"'])
      await search(q);
    // A quoted phrase stays a phrase after the analysis.
    expect(await search('"يستغرق الشحن"')).toEqual([conv.tatweel]);
  });

  it("analyses messages stored before the analysis existed, once", async () => {
    // A message as migration 0027 leaves an old one: no analysed text.
    await t.db.db.insert(messages).values({
      id: "msg_old_arabic_1",
      conversationId: conv.english ?? "",
      chatbotId: botId,
      workspaceId: owner.sub,
      role: "user",
      content: "أُريد التَّوصيل",
      createdAt: new Date(),
    });
    expect(await search("التوصيل")).toEqual([]);
    // Drain the backlog (other rows written by this suite are analysed already).
    let analysed = 0;
    for (
      let n = await t.app.services.inbox.analyseSearchBacklog();
      n > 0;
      n = await t.app.services.inbox.analyseSearchBacklog()
    )
      analysed += n;
    expect(analysed).toBe(1);
    expect(await search("التوصيل")).toEqual([conv.english]);
    const [row] = await t.db.db.select().from(messages).where(eq(messages.id, "msg_old_arabic_1"));
    expect(row?.searchContent).toBeTruthy();
    expect(await t.app.services.inbox.analyseSearchBacklog()).toBe(0);
  });
});
