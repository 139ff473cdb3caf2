// Builder figures for `pnpm bench` (run by scripts/bench.mjs; prints one JSON line per figure):
// retrieval p95 over 10,000 chunks per driver, platform time before the first streamed token,
// and ingestion throughput. Everything runs against 127.0.0.1 and is bounded in count.
import { randomBytes } from "node:crypto";
import type { DbDriver } from "@parley/db";
import { sql } from "drizzle-orm";
import { knowledgeChunks, knowledgeSources } from "../src/db/schema";
import { indexFields } from "../src/modules/retrieval/arabic";
import { termStats } from "../src/modules/retrieval/term-stats.repo";
import { startEmbeddingsStub } from "../test/embeddings-stub";
import { createTestApp, setPlan, type TestApp } from "../test/harness";
import { startLlmStub } from "../test/llm-stub";
import { readSse } from "../test/sse-client";
import { startTestSite } from "../test/test-site";
import { startTokenIssuer } from "../test/token-issuer";

const emit = (figure: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(figure)}\n`);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

// Corpus: Zipf-distributed words (frequency ∝ 1/rank) over ranks 50..5,050 of a 5,000-word
// vocabulary, as in natural text once the ~50 most common words (stop words) are removed. The
// first 150 ranks are real support words, so queries look like real questions.
const domain =
  "order delivery refund return warranty kettle bike rental deposit invoice payment card benefit account password login subscription plan upgrade downgrade shipping bahrain manama store hours opening closing weekend friday holiday price discount coupon gift voucher exchange damaged broken repair service technician appointment booking cancel change address phone email support chat agent manager complaint feedback quality size colour stock available pickup courier tracking parcel package customs tax vat receipt bank transfer installment loyalty points member premium basic family student corporate contract renewal expiry trial free demo setup install configure language arabic english mobile app website browser notification reminder schedule calendar".split(
    " ",
  );
// Letters-only pseudo-words (digits would make the parser split them and the stemmer merge them).
const syllables =
  "ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru ta te ti to tu va ve vi vo vu za ze zi zo zu".split(
    " ",
  );
const pseudo = (i: number) =>
  `${syllables[i % 50]}${syllables[Math.floor(i / 50) % 50]}${syllables[Math.floor(i / 2500) % 50]}r`;
const words = [...domain, ...Array.from({ length: 5000 - domain.length }, (_, i) => pseudo(i))];
/** Log-uniform rank between 50 and 5,050 ≈ Zipf with exponent 1. */
const pick = () => words[Math.floor(50 * 101 ** Math.random()) - 50] ?? "order";
const sentence = (n: number) => Array.from({ length: n }, pick).join(" ");

// The Arabic corpus: the same Zipf distribution over 5,000 words, the first ones real support
// words, the rest pseudo-words of Arabic letters; words carry the article, a fused conjunction or
// preposition and plural or pronoun endings as often as in real text, so the stemmer has work.
const domainAr =
  "طلب توصيل إرجاع استرداد ضمان دفع بطاقة فاتورة حساب كلمة مرور تسجيل اشتراك باقة ترقية شحن البحرين المنامة متجر ساعات فتح إغلاق عطلة سعر خصم كوبون هدية استبدال تالف إصلاح صيانة فني موعد حجز إلغاء عنوان هاتف بريد دعم محادثة مدير شكوى ملاحظة جودة مقاس لون مخزون متوفر استلام مندوب تتبع طرد جمارك ضريبة إيصال تحويل بنكي تقسيط نقاط عضوية مميز أساسي عائلة طالب شركة عقد تجديد انتهاء تجربة مجاني عرض تثبيت إعداد لغة عربية إنجليزية جوال تطبيق موقع متصفح إشعار تذكير جدول تقويم غلاية دراجة تأجير تأمين".split(
    " ",
  );
const letters = "ب د ر س ك ل م ف ق ج ح ش ع ز ص ط خ غ ض ظ ث ذ".split(" ");
const vowels = ["ا", "و", "ي", "", ""];
const pseudoAr = (i: number) =>
  `${letters[i % 22]}${vowels[Math.floor(i / 22) % 5]}${letters[Math.floor(i / 110) % 22]}${vowels[Math.floor(i / 2420) % 5]}${letters[(i * 7) % 22]}ر`;
const wordsAr = [...domainAr, ...Array.from({ length: 5000 - domainAr.length }, (_, i) => pseudoAr(i))];
const pickAr = () => {
  const w = wordsAr[Math.floor(50 * 101 ** Math.random()) - 50] ?? "طلب";
  const r = Math.random();
  const prefix = r < 0.3 ? "ال" : r < 0.38 ? "وال" : r < 0.43 ? "بال" : r < 0.5 ? "و" : "";
  const s = Math.random();
  const suffix = s < 0.08 ? "ات" : s < 0.12 ? "ها" : s < 0.15 ? "كم" : "";
  return `${prefix}${w}${suffix}`;
};
const sentenceAr = (n: number) => Array.from({ length: n }, pickAr).join(" ");

async function seedChunks(
  t: TestApp,
  workspaceId: string,
  n: number,
  lang: "en" | "ar" = "en",
): Promise<string> {
  const bot = await t.app.services.chatbots.create(workspaceId, { name: "Bench bot" });
  const sourceId = `src_bench_${randomBytes(4).toString("hex")}`;
  await t.db.db.insert(knowledgeSources).values({
    id: sourceId,
    chatbotId: bot._id,
    workspaceId,
    kind: "text",
    title: "Bench corpus",
    status: "ready",
  });
  for (let i = 0; i < n; i += 1000) {
    await t.db.db.insert(knowledgeChunks).values(
      Array.from({ length: Math.min(1000, n - i) }, (_, j) => {
        if (lang === "en")
          return {
            chatbotId: bot._id,
            sourceId,
            ord: i + j,
            title: sentence(3),
            body: `${sentence(25)}. ${sentence(20)}. ${sentence(30)}.`,
          };
        // As ingestion stores an Arabic chunk: its language and analysed search text.
        const title = sentenceAr(3);
        const body = `${sentenceAr(25)}. ${sentenceAr(20)}، ${sentenceAr(30)}؟`;
        return { chatbotId: bot._id, sourceId, ord: i + j, title, body, ...indexFields(title, body) };
      }),
    );
  }
  // As after an ingestion job, which keeps the bot's term statistics and refreshes the planner's.
  await t.db.db.transaction((tx) => termStats.rebuildBot(tx, bot._id));
  await t.db.db.execute(sql`analyze knowledge_chunks`);
  await t.db.db.execute(sql`analyze knowledge_terms`);
  return bot._id;
}

/**
 * Retrieval over 10,000 chunks of one bot, another bot's 2,000 in the same table (it must stay
 * scoped and fast): English, or Arabic chunks and questions (analysed as the chunks).
 */
const RETRIEVAL = {
  en: {
    figure: "retrieval",
    corpus: "Zipf, 5k words",
    warm: () => `${pick()} ${pick()}`,
    question: () => `How do I ${pick()} my ${pick()} ${Math.random() < 0.5 ? pick() : ""}?`,
  },
  ar: {
    figure: "retrieval-ar",
    corpus: "Arabic, Zipf, 5k words",
    warm: () => `${pickAr()} ${pickAr()}`,
    question: () => `كيف يمكنني ${pickAr()} ${pickAr()} ${Math.random() < 0.5 ? pickAr() : ""}؟`,
  },
};

async function retrieval(driver: DbDriver, language: "en" | "ar" = "en") {
  const { figure, corpus, warm, question } = RETRIEVAL[language];
  const t = await createTestApp(driver);
  try {
    await setPlan(t, "bench_owner", "business-monthly");
    const botId = await seedChunks(t, "bench_owner", 10_000, language);
    await setPlan(t, "bench_other", "business-monthly");
    await seedChunks(t, "bench_other", 2_000, language);
    for (let i = 0; i < 20; i++) await t.app.services.retrieval.search(botId, warm());
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const q = question();
      const started = performance.now();
      await t.app.services.retrieval.search(botId, q);
      times.push(performance.now() - started);
    }
    emit({
      figure,
      driver,
      chunks: 10_000,
      corpus,
      queries: times.length,
      p50: pct(times, 50),
      p95: pct(times, 95),
    });
  } finally {
    await t.close();
  }
}

/**
 * Retrieval with semantic search on: the same 10,000-chunk corpus embedded through the real job
 * by the local stub embeddings server (768 dimensions, like common open models), then questions
 * whose embedding is fetched from the stub over HTTP and fused with BM25.
 */
async function retrievalWithEmbeddings(driver: DbDriver) {
  const DIMS = 768;
  const stub = await startEmbeddingsStub(DIMS);
  const t = await createTestApp(driver, { EMBEDDINGS_BASE_URL: stub.url, EMBEDDINGS_MODEL: "stub-bench" });
  try {
    await setPlan(t, "bench_owner", "business-monthly");
    const botId = await seedChunks(t, "bench_owner", 10_000);
    let started = performance.now();
    await t.app.services.knowledge.embedBot(botId);
    const embedSecs = (performance.now() - started) / 1000;
    for (let i = 0; i < 20; i++) await t.app.services.retrieval.search(botId, `${pick()} ${pick()}`);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const q = `How do I ${pick()} my ${pick()} ${Math.random() < 0.5 ? pick() : ""}?`;
      started = performance.now();
      await t.app.services.retrieval.search(botId, q);
      times.push(performance.now() - started);
    }
    emit({
      figure: "retrieval-embeddings",
      driver,
      chunks: 10_000,
      dims: DIMS,
      embedSeconds: embedSecs,
      queries: times.length,
      p50: pct(times, 50),
      p95: pct(times, 95),
    });
  } finally {
    await t.close();
    await stub.close();
  }
}

async function ttft() {
  const FIRST_TOKEN_MS = 60;
  const issuer = await startTokenIssuer();
  const stub = await startLlmStub({
    tokens: ["The ", "answer ", "is ", "here."],
    firstTokenDelayMs: FIRST_TOKEN_MS,
  });
  const t = await createTestApp(
    "pglite",
    { AUTH_URL: issuer.url, LLM_BASE_URL: stub.url, LLM_MODEL: "stub" },
    { listen: true },
  );
  try {
    const owner = { sub: "bench_ttft", email: "ttft@example.com", name: "Bench" };
    await setPlan(t, owner.sub, "business-monthly");
    const botId = await seedChunks(t, owner.sub, 2_000);
    await t.app.services.chatbots.update(owner.sub, botId, { model: { provider: "openai-compatible" } });
    const token = await issuer.sign(owner, { expiresIn: "1h" });
    const overhead: number[] = [];
    for (let i = 0; i < 110; i++) {
      const sent = performance.now();
      const res = await fetch(`${t.url}/api/chatbots/${botId}/playground/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: `How do I ${pick()} my ${pick()}?` }),
      });
      const events = await readSse(res);
      const first = events.find((e) => e.event === "delta");
      // Time added by the platform = time to first token seen by the client minus the model's own.
      if (first && i >= 10) overhead.push(first.at - sent - FIRST_TOKEN_MS);
    }
    emit({
      figure: "ttft-overhead",
      requests: overhead.length,
      modelFirstTokenMs: FIRST_TOKEN_MS,
      p50: pct(overhead, 50),
      p95: pct(overhead, 95),
    });
  } finally {
    await t.close();
    await stub.close();
    await issuer.close();
  }
}

async function ingestion() {
  const site = await startTestSite(200);
  const t = await createTestApp("pglite");
  try {
    await setPlan(t, "bench_ingest", "business-monthly");
    const bot = await t.app.services.chatbots.create("bench_ingest", { name: "Ingest bench" });
    const web = await t.app.services.knowledge.add("bench_ingest", bot._id, {
      kind: "website",
      url: `${site.url}/`,
      maxPages: 200,
    });
    let started = performance.now();
    await t.app.services.jobs.drain();
    const webSecs = (performance.now() - started) / 1000;
    const crawled = await t.app.services.knowledge.get("bench_ingest", bot._id, web._id);
    emit({
      figure: "ingest-site",
      pages: crawled.progress.done,
      status: crawled.status,
      seconds: webSecs,
      pagesPerSecond: crawled.progress.done / webSecs,
    });

    const paragraphs = Array.from(
      { length: 6000 },
      (_, i) => `${i % 40 === 0 ? `## Section ${i / 40}\n\n` : ""}${sentence(40)}.`,
    ).join("\n\n");
    const bytes = Buffer.byteLength(paragraphs);
    const file = await t.app.services.knowledge.addFile("bench_ingest", bot._id, {
      fileName: "manual.md",
      data: Buffer.from(paragraphs),
    });
    started = performance.now();
    await t.app.services.jobs.drain();
    const fileSecs = (performance.now() - started) / 1000;
    const done = await t.app.services.knowledge.get("bench_ingest", bot._id, file._id);
    emit({
      figure: "ingest-text",
      megabytes: bytes / 1e6,
      status: done.status,
      seconds: fileSecs,
      megabytesPerSecond: bytes / 1e6 / fileSecs,
    });
  } finally {
    await t.close();
    await site.close();
  }
}

/**
 * Re-sync of an unchanged 200-page local site beside the same site's first crawl (issue #36:
 * target ≤ 10 % of the first crawl's time), each the median of BENCH_RESYNC_RUNS runs (default 3),
 * each run on a fresh app and site. Three kinds of site, as a re-sync meets them: one whose
 * sitemap gives each page's `lastmod` (an unchanged page costs no request), one that sends ETag and
 * Last-Modified (one conditional request, answered 304), and one with neither (one full request,
 * the text hashed and found the same). Requests to the site are spaced 100 ms apart (the
 * crawler's politeness), which bounds the last from below: 200 requests take 20 s; quick 304s
 * shorten the spacing (crawler.ts, `answered`).
 */
async function resync() {
  // CPU of this process: the API with PGlite inside it. The page parser's process (which only the
  // first crawl needs) is left out, so the first crawl's figure is the smaller and the ratio errs high.
  const cpuSeconds = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const runs = Math.max(1, Number(process.env.BENCH_RESYNC_RUNS ?? 3));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const kinds = [
    { site: "sitemap-lastmod", opts: { sitemap: true } },
    { site: "etag-last-modified", opts: { validators: true } },
    { site: "no-validators", opts: {} },
  ] as const;
  for (const kind of kinds) {
    const first: number[] = [];
    const again: number[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    let pages = 0;
    let requests = 0;
    let ok = true;
    for (let i = 0; i < runs; i++) {
      const site = await startTestSite(200, kind.opts);
      const t = await createTestApp("pglite");
      try {
        const owner = "bench_resync";
        await setPlan(t, owner, "business-monthly");
        const bot = await t.app.services.chatbots.create(owner, { name: "Re-sync bench" });
        const web = await t.app.services.knowledge.add(owner, bot._id, {
          kind: "website",
          url: `${site.url}/`,
          maxPages: 200,
        });
        let started = performance.now();
        let cpu = cpuSeconds();
        await t.app.services.jobs.drain();
        const firstSecs = (performance.now() - started) / 1000;
        const firstCpu = cpuSeconds() - cpu;
        const crawled = await t.app.services.knowledge.get(owner, bot._id, web._id);
        pages = crawled.progress.done;
        const hitsBefore = site.hits.length;
        await t.app.services.knowledge.resync(owner, bot._id, web._id);
        started = performance.now();
        cpu = cpuSeconds();
        await t.app.services.jobs.drain();
        const resyncSecs = (performance.now() - started) / 1000;
        cpuRatios.push((cpuSeconds() - cpu) / firstCpu);
        requests = site.hits.length - hitsBefore;
        const [sync] = await t.app.services.knowledge.syncs(owner, bot._id, web._id);
        // Unchanged means unchanged: every page kept, nothing re-indexed.
        if (crawled.status !== "ready" || sync?.status !== "succeeded" || sync.unchanged !== pages)
          ok = false;
        first.push(firstSecs);
        again.push(resyncSecs);
        ratios.push(resyncSecs / firstSecs);
      } finally {
        await t.close();
        await site.close();
      }
    }
    emit({
      figure: "resync",
      site: kind.site,
      runs,
      pages,
      requests,
      firstSeconds: median(first),
      resyncSeconds: median(again),
      ratio: median(ratios),
      ratios,
      cpuRatio: median(cpuRatios),
      ok,
    });
  }
}

const drivers: DbDriver[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
// BENCH_ONLY=retrieval (or embeddings, ttft, ingestion, resync) runs one figure, e.g. to compare medians of several runs.
const only = process.env.BENCH_ONLY;
if (!only || only === "retrieval") for (const d of drivers) await retrieval(d);
if (!only || only === "retrieval" || only === "retrieval-ar")
  for (const d of drivers) await retrieval(d, "ar");
if (!only || only === "retrieval" || only === "embeddings")
  for (const d of drivers) await retrievalWithEmbeddings(d);
if (!only || only === "ttft") await ttft();
if (!only || only === "ingestion") await ingestion();
if (!only || only === "resync") await resync();
