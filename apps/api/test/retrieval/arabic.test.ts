import { describe, expect, it } from "vitest";
import { answerKindFits, fallbackFor, sentencesOf } from "../../src/modules/chat/extractive-engine";
import { searchQuery } from "../../src/modules/chat/follow-up";
import { buildMessages, isFallback } from "../../src/modules/chat/openai-compatible";
import {
  analyseForSearch,
  arabicSynonyms,
  arabicTerms,
  detectLanguage,
  indexFields,
  normalizeArabic,
  stemArabic,
} from "../../src/modules/retrieval/arabic";

describe("Arabic normalisation", () => {
  it("unifies alef forms, alef maqsura and taa marbuta, drops tatweel and diacritics", () => {
    expect(normalizeArabic("أحمد إبراهيم آمنة ٱلله")).toBe("احمد ابراهيم امنه الله");
    expect(normalizeArabic("مستشفى")).toBe("مستشفي");
    expect(normalizeArabic("مَكْتَبَةٌ")).toBe("مكتبه");
    expect(normalizeArabic("التـــوصيـل")).toBe("التوصيل");
  });
  it("turns Arabic-Indic and Persian digits into ASCII", () => {
    expect(normalizeArabic("٢٠٢٤ و ۱۲۳")).toBe("2024 و 123");
    // Presentation forms, as some PDFs hand them over: ﻻ (lam-alef) and the contextual forms.
    expect(normalizeArabic("\uFEFB\uFE8E\uFEDF")).toBe("لاال");
  });
  it("strips zero-width characters and direction marks, so they cannot split a word", () => {
    const hidden = ["\u200B", "\u200C", "\u200D", "\u200E", "\u200F", "\u2060", "\uFEFF"];
    for (const z of hidden) expect(normalizeArabic(`البح${z}رين`)).toBe("البحرين");
    expect(analyseForSearch("ref\u200Bund")).toBe("refund");
  });
  it("leaves other text as it is", () => {
    expect(normalizeArabic("Hello, café 3.5 BHD!")).toBe("Hello, café 3.5 BHD!");
    expect(analyseForSearch("How much is delivery?")).toBe("How much is delivery?");
  });
  it("folds the accents of Latin letters, which visitors rarely type", () => {
    expect(analyseForSearch("Beyoncé and Frédéric Chopin")).toBe("Beyonce and Frederic Chopin");
    // Arabic is untouched by it (NFD would split آ into ا and a madda).
    expect(analyseForSearch("café آمنة البحرين").trim().split(/\s+/)).toEqual(["cafe", "امن", "بحرين"]);
  });
});

describe("Arabic light stemming", () => {
  it("keeps Bahrain apart from 'sea' (Postgres's arabic snowball turns البحرين into بحر)", () => {
    expect(stemArabic("البحرين")).toBe("بحرين");
    expect(stemArabic("البحريني")).toBe("بحرين");
    expect(stemArabic("بحر")).toBe("بحر");
    expect(stemArabic("لبنان")).toBe("لبنان");
  });
  it("strips the article and its fused forms and the plural, consistently across forms", () => {
    const library = stemArabic("المكتبة");
    expect(library).toBe("مكتب");
    for (const w of ["والمكتبات", "مكتبات", "مكتبة", "بالمكتبة", "للمكتبة", "مكتبتي", "فالمكتبة", "كالمكتبة"])
      expect(stemArabic(w), w).toBe(library);
  });
  it("strips fused prepositions and pronouns but not a root letter of a common word", () => {
    expect(stemArabic("بطاقة")).toBe(stemArabic("بطاقتك"));
    expect(stemArabic("بالبطاقة")).toBe(stemArabic("البطاقة"));
    expect(stemArabic("وبطاقتك")).toBe(stemArabic("البطاقة"));
    expect(stemArabic("طلبك")).toBe("طلب");
    expect(stemArabic("طلبات")).toBe("طلب");
    expect(stemArabic("الطلبية")).toBe("طلب");
    expect(stemArabic("للتوصيل")).toBe(stemArabic("التوصيل"));
    expect(stemArabic("وصول")).toBe("وصول");
    expect(stemArabic("وقت")).toBe("وقت");
    expect(stemArabic("فاتورة")).toBe(stemArabic("الفاتورة"));
    expect(stemArabic("مجاني")).toBe(stemArabic("مجانية"));
    expect(stemArabic("سياستنا")).toBe(stemArabic("سياسة"));
    expect(stemArabic("فروعكم")).toBe(stemArabic("الفروع"));
    expect(stemArabic("المعلمون")).toBe(stemArabic("معلمين"));
  });
  it("takes the present-tense prefix off a verb, so the verb meets its noun", () => {
    expect(stemArabic("أدفع")).toBe(stemArabic("الدفع"));
    expect(stemArabic("يدفع")).toBe("دفع");
    expect(stemArabic("تشحنون")).toBe(stemArabic("الشحن"));
    expect(stemArabic("نوصل")).toBe(stemArabic("يوصل"));
    expect(stemArabic("تبيعون")).toBe(stemArabic("البيع"));
    // The same cut for a noun with or without the article.
    expect(stemArabic("تاريخ")).toBe(stemArabic("التاريخ"));
  });
  it("drops stop words (Modern Standard and Gulf) and Arabic punctuation from the search text", () => {
    expect(arabicTerms("وين فروعكم؟")).toEqual(["فروع"]);
    expect(arabicTerms("ما هي سياسة الإرجاع، لو سمحت؟")).toEqual(["سياس", "رجاع", "لو", "سمحت"]);
    expect(analyseForSearch("كم سعر iPhone 15؟").trim().split(/\s+/)).toEqual(["سعر", "iPhone", "15"]);
    // A digit fused to a word is its own token (٢٠٢٤م → 2024).
    expect(analyseForSearch("عام ٢٠٢٤م").trim().split(/\s+/)).toEqual(["عام", "2024"]);
  });
});

describe("language detection", () => {
  it("tells Arabic from English by the words, a brand name or two aside", () => {
    expect(detectLanguage("ما هي مواعيد العمل؟")).toBe("ar");
    expect(detectLanguage("كم سعر iPhone 15؟")).toBe("ar");
    expect(detectLanguage("What are your opening hours?")).toBe("en");
    expect(detectLanguage("What does مرحبا mean?")).toBe("en");
    expect(detectLanguage("")).toBe("en");
    expect(detectLanguage("12345")).toBe("en");
    expect(detectLanguage("شلون\u200Bاطلب")).toBe("ar");
  });
  it("indexes a chunk under its language, with search text only when the analysis changes it", () => {
    expect(indexFields("Delivery", "We deliver in two days.")).toEqual({
      lang: "en",
      searchTitle: null,
      searchBody: null,
    });
    const ar = indexFields("التوصيل", "نوصل الطلبات خلال يومين.");
    expect(ar.lang).toBe("ar");
    expect(ar.searchTitle?.trim()).toBe(stemArabic("توصيل"));
    // Stop words go; "يومين" (two days) keeps its ending (-ين is cut only with 4 letters left:
    // بحرين); the rest of the text (".") is left to the english configuration, which drops it.
    expect(ar.searchBody?.trim().split(/\s+/)).toEqual(["وصل", "طلب", stemArabic("يومين"), "."]);
    expect(stemArabic("يومين")).not.toBe(stemArabic("يوم"));
  });
});

describe("Arabic sentences, answer kinds and follow-ups", () => {
  it("splits at ؟ ۔ ؛ and the full stop, keeps a number whole, and cuts a long sentence at ،", () => {
    expect(sentencesOf("التوصيل مجاني. هل تريد المزيد؟ نعم؛ السعر 3.5 دينار۔ شكرا")).toEqual([
      "التوصيل مجاني.",
      "هل تريد المزيد؟",
      "نعم؛",
      "السعر 3.5 دينار۔",
      "شكرا",
    ]);
    const long = Array.from({ length: 12 }, (_, i) => `هذه جملة طويلة رقم ${i} عن التوصيل`).join("، ");
    const parts = sentencesOf(long);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(260);
    expect(parts.join(" ")).toBe(long);
  });
  it("knows that كم asks for a number and متى for a time", () => {
    expect(answerKindFits("كم سعر التوصيل؟", "التوصيل بدينارين، أو 2 دينار.")).toBe(true);
    expect(answerKindFits("كم سعر التوصيل؟", "التوصيل مجاني للطلبات الكبيرة.")).toBe(true);
    expect(answerKindFits("كم سعر التوصيل؟", "نوصل إلى كل مناطق البحرين.")).toBe(false);
    expect(answerKindFits("متى يفتح المتجر؟", "يفتح المتجر من الساعة التاسعة صباحا.")).toBe(true);
    expect(answerKindFits("متى يفتح المتجر؟", "المتجر في مجمع السيف.")).toBe(false);
    // A dual is a time too: سنة → سنتان (the ة is a ت there).
    expect(answerKindFits("كم مدة ضمان الغلاية؟", "مدة ضمان الغلاية سنتان.")).toBe(true);
    expect(answerKindFits("كم مدة الانتظار؟", "الانتظار ساعتين تقريبا.")).toBe(true);
    expect(answerKindFits("هل تقبلون البطاقات؟", "نقبل فيزا وماستركارد.")).toBe(true);
  });
  it("searches an Arabic follow-up together with the previous question", () => {
    const history = [
      { role: "user" as const, content: "هل عندكم خيمة عائلية؟" },
      { role: "assistant" as const, content: "نعم." },
    ];
    expect(searchQuery("كم سعرها؟", history)).toBe("هل عندكم خيمة عائلية؟ كم سعرها؟");
    expect(searchQuery("وماذا عن التوصيل؟", history)).toBe("هل عندكم خيمة عائلية؟ وماذا عن التوصيل؟");
    expect(searchQuery("ما هي طرق الدفع المتاحة؟", history)).toBe("ما هي طرق الدفع المتاحة؟");
  });
  it("asks an AI model for the visitor's language, and tells an Arabic fallback from an answer", () => {
    const input = (question: string) => ({
      question,
      history: [],
      passages: [],
      signal: new AbortController().signal,
      bot: { instructions: "Be brief.", fallbackReply: "عذرا لا أعرف", temperature: 0, maxAnswerTokens: 200 },
    });
    expect(buildMessages(input("كم رسوم التوصيل؟"))[0]?.content).toContain(
      "Answer in the visitor's language",
    );
    expect(buildMessages(input("كم رسوم التوصيل؟"))[0]?.content).toContain("(Arabic)");
    expect(buildMessages(input("How much is delivery?"))[0]?.content).toContain("(English)");
    // Letters of any script count: an Arabic answer is not taken for the Arabic fallback.
    expect(isFallback("رسوم التوصيل ديناران [1]", "عذرا لا أعرف")).toBe(false);
    expect(isFallback("عذرًا لا أعرف", "عذرا لا أعرف")).toBe(true);
  });
  it("falls back in Arabic to an Arabic question, with the bot's Arabic reply when it has one", () => {
    expect(detectLanguage(fallbackFor("ما هي ساعات العمل؟", "Sorry, I don't know."))).toBe("ar");
    expect(fallbackFor("ما هي ساعات العمل؟", "عذرا لا أعرف")).toBe("عذرا لا أعرف");
    expect(fallbackFor("What are your hours?", "Sorry, I don't know.")).toBe("Sorry, I don't know.");
  });
});

describe("Arabic synonyms (a visitor's word for the page's)", () => {
  it("maps a loanword, a dialect word and a doubled verb's present tense to the page's words", () => {
    const same = (word: string) => arabicTerms(word).flatMap(arabicSynonyms);
    expect(same("إيميلكم")).toEqual(expect.arrayContaining(arabicTerms("البريد الإلكتروني")));
    expect(same("دوامكم")).toEqual(expect.arrayContaining(arabicTerms("ساعات العمل")));
    expect(same("الرد")).toEqual(expect.arrayContaining(arabicTerms("يرد")));
    expect(same("يرد")).toEqual(expect.arrayContaining(arabicTerms("رد")));
  });

  it("has none for a word outside its groups, English or a stop word", () => {
    expect(arabicSynonyms(arabicTerms("البحرين")[0] ?? "")).toEqual([]);
    expect(arabicSynonyms("email")).toEqual([]);
    expect(arabicSynonyms("")).toEqual([]);
  });
});
