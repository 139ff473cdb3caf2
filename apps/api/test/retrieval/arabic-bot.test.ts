import { readFileSync } from "node:fs";
import path from "node:path";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatbotRow } from "../../src/db/schema";
import { detectLanguage } from "../../src/modules/retrieval/arabic";
import { termStats } from "../../src/modules/retrieval/term-stats.repo";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";

/**
 * A bot with English and Arabic knowledge, through real ingestion, retrieval and the built-in
 * engine: each visitor is answered from the knowledge in their own language.
 */
describe.each(testDrivers())("a bot with English and Arabic knowledge on %s", (driver) => {
  let t: TestApp;
  let bot: ChatbotRow;
  const OWNER = "auth_arabic_owner";

  const ask = async (question: string, history: { role: "user" | "assistant"; content: string }[] = []) => {
    let text = "";
    const reply = await t.app.services.chat.respond({
      bot,
      question,
      history,
      signal: new AbortController().signal,
      onDelta: (d) => {
        text += d;
      },
    });
    return { ...reply, text };
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    await setPlan(t, OWNER, "business-monthly");
    const created = await t.app.services.chatbots.create(OWNER, { name: "Palm shop" });
    const sources = [
      {
        title: "Delivery",
        content:
          "We deliver anywhere in Bahrain within two working days. Delivery costs 2 BHD and is free for orders above 25 BHD.",
      },
      {
        title: "Returns",
        content:
          "You can return unused items within 30 days of purchase with the receipt. Refunds go back to the original card.",
      },
      {
        title: "التوصيل",
        content:
          "نوصل الطلبات إلى جميع مناطق البحرين خلال يومي عمل. رسوم التوصيل ديناران، والتوصيل مجاني للطلبات التي تزيد على ٢٥ دينارًا.",
      },
      {
        title: "الإرجاع والاستبدال",
        content:
          "يمكنك إرجاع المنتجات غير المستخدمة خلال ٣٠ يومًا من تاريخ الشراء مع الإيصال. تُعاد المبالغ إلى البطاقة التي دفعت بها.",
      },
      {
        title: "التواصل",
        content: "راسلونا على البريد الإلكتروني care@palm.bh في أي وقت. يرد فريق الدعم خلال يوم عمل واحد.",
      },
      {
        title: "طرق الدفع",
        content: "نقبل بطاقات فيزا وماستركارد وبنفت باي. ونقبل أيضًا Apple Pay في المتجر وعلى الموقع.",
      },
    ];
    for (const s of sources) await t.app.services.knowledge.add(OWNER, created._id, { kind: "text", ...s });
    await t.app.services.jobs.drain();
    bot = await t.app.services.chatbots.own(OWNER, created._id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("indexes each chunk under its detected language", async () => {
    const sources = await t.app.services.retrieval.search(bot.id, "التوصيل delivery", 10);
    for (const p of sources) expect(p.lang).toBe(detectLanguage(`${p.title} ${p.body}`));
    expect(new Set(sources.map((p) => p.lang))).toContain("ar");
  });

  it("answers an Arabic question from the Arabic source, short and cited", async () => {
    const r = await ask("كم رسوم التوصيل؟");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["التوصيل"]);
    expect(r.text).toContain("ديناران");
    expect(r.text.length).toBeLessThan(250);
    expect(detectLanguage(r.text)).toBe("ar");
  });

  it("answers the English question from the English source", async () => {
    const r = await ask("How much does delivery cost?");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["Delivery"]);
    expect(r.text).toContain("2 BHD");
  });

  it("matches a word in another form than the text's (plural, article, fused preposition)", async () => {
    const r = await ask("هل يمكنني ارجاع منتج؟");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["الإرجاع والاستبدال"]);
  });

  it("still finds the passage when a word of the Arabic question is misspelt", async () => {
    const r = await ask("كم رسوم التوصييل؟");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["التوصيل"]);
  });

  it("finds the page in a visitor's own word for what it says (a loanword, a verb's other form)", async () => {
    const email = await ask("أبي إيميلكم");
    expect(email.answered).toBe(true);
    expect(email.citations.map((c) => c.title)).toEqual(["التواصل"]);
    expect(email.text).toContain("care@palm.bh");
    // الرد "the reply" is asked; the page says يرد "replies".
    const reply = await ask("كم يستغرق الرد على رسالتي؟");
    expect(reply.answered).toBe(true);
    expect(reply.citations.map((c) => c.title)).toEqual(["التواصل"]);
    expect(reply.text).toContain("يوم عمل");
  });

  it("does not take a word's synonym that the knowledge never mentions for an answer", async () => {
    // كفالة "warranty": no page speaks of a warranty (ضمان) either.
    const r = await ask("عندكم كفالة على الدراجات؟");
    expect(r.answered).toBe(false);
    expect(r.citations).toEqual([]);
  });

  it("answers an Arabic follow-up from the conversation", async () => {
    const r = await ask("وكم المدة؟", [
      { role: "user", content: "هل يمكنني إرجاع المنتجات؟" },
      { role: "assistant", content: "نعم." },
    ]);
    expect(r.searchedFor).toContain("إرجاع");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["الإرجاع والاستبدال"]);
    expect(r.text).toContain("٣٠");
  });

  it("says it does not know, in Arabic, when the knowledge does not answer", async () => {
    const r = await ask("هل تبيعون الدراجات الكهربائية؟");
    expect(r.answered).toBe(false);
    expect(r.citations).toEqual([]);
    expect(detectLanguage(r.text)).toBe("ar");
  });

  it("matches an Arabic word with zero-width characters inside it", async () => {
    const r = await ask("كم رسوم التو\u200Bص\u200Cيل\uFEFF؟");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["التوصيل"]);
  });

  it("takes a chunk stored before the Arabic analysis as Arabic (migration 0021), and analyses it on re-sync", async () => {
    const [source] = (await t.app.services.knowledge.list(OWNER, bot.id)).filter(
      (s) => s.title === "طرق الدفع",
    );
    if (!source) throw new Error("no source");
    const chunk = () =>
      t.db.db.execute(sql`select lang, search_body from knowledge_chunks where source_id = ${source._id}`);
    // As migration 0018 leaves a chunk written before it: language 'en', no analysed search text.
    await t.db.db.transaction(async (tx) => {
      await tx.execute(
        sql`update knowledge_chunks set lang = 'en', search_title = null, search_body = null where source_id = ${source._id}`,
      );
      await termStats.rebuildBot(tx, bot.id);
    });
    // The backfill of migration 0021, as it runs at boot.
    const backfill = readFileSync(
      path.join(import.meta.dirname, "../../drizzle/0021_chunk_lang_backfill.sql"),
      "utf8",
    ).split("--> statement-breakpoint");
    for (const statement of backfill) await t.db.db.execute(sql.raw(statement));
    expect(rowsOf<{ lang: string; search_body: string | null }>(await chunk())[0]).toEqual({
      lang: "ar",
      search_body: null,
    });
    // Its own words still match (the old index), and it is ranked among the Arabic chunks.
    expect((await t.app.services.retrieval.search(bot.id, "فيزا وماستركارد", 3))[0]?.sourceId).toBe(
      source._id,
    );
    await t.app.services.knowledge.resync(OWNER, bot.id, source._id);
    await t.app.services.jobs.drain();
    expect(rowsOf<{ lang: string; search_body: string | null }>(await chunk())[0]?.search_body).toBeTruthy();
    // Now a word in another form than the text's matches too (ببطاقات → البطاقة).
    const after = await t.app.services.retrieval.search(bot.id, "البطاقة فيزا", 3);
    expect(after[0]?.sourceId).toBe(source._id);
    expect(after[0]?.lang).toBe("ar");
  });

  it("answers a mixed-script question (an English brand in Arabic) from the Arabic source", async () => {
    const r = await ask("هل تقبلون Apple Pay؟");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["طرق الدفع"]);
  });
});
