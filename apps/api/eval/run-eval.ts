import type { DbDriver } from "@parley/db";
import MiniSearch from "minisearch";
import { knowledgeChunks } from "../src/db/schema";
import { normalizeArabic } from "../src/modules/retrieval/arabic";
import { createTestApp, setPlan } from "../test/harness";
import { type EvalQuestion, type EvalSource, QUESTIONS, SOURCES } from "./business";

export interface EvalFigures {
  questions: number;
  answerable: number;
  unanswerable: number;
  /** Answerable questions whose first passage holds the gold phrase. */
  hit1: number;
  hit3: number;
  baselineHit1: number;
  baselineHit3: number;
  /**
   * The baseline as an answer: a search library answers with its first passage, whole (it never
   * abstains unless nothing matches). Contains gold, median length, abstention, false abstention.
   */
  baselineContainsGold: number;
  baselineMedianLength: number;
  baselineAbstention: number;
  baselineFalseAbstention: number;
  /** Answerable questions answered with text containing the gold phrase. */
  containsGold: number;
  medianLength: number;
  /** Citations pointing at the source that holds the answer, of all citations given. */
  citationPrecision: number;
  /** Unanswerable questions given the fallback reply. */
  abstention: number;
  /** Answerable questions given the fallback reply. */
  falseAbstention: number;
  misses: { q: string; answer: string; kind: string }[];
}

/** The goals from issue 11, checked by `pnpm eval` and the regression test. */
export const GOALS = {
  hit1OverBaseline: 0.05,
  containsGold: 0.8,
  medianLength: 250,
  abstention: 0.3,
  falseAbstention: 0.05,
};

/** Text compared for the gold phrase: lower case, one space, Arabic spelling normalised (harakat, alef forms). */
const norm = (s: string) => normalizeArabic(s).toLowerCase().replace(/\s+/g, " ");
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? 0) : 0;
};

/** Even questions tune thresholds, odd ones report (see eval/README.md). */
export const split = (which: "tune" | "test" | "all") =>
  QUESTIONS.filter((_, i) => which === "all" || (which === "tune" ? i % 2 === 0 : i % 2 === 1));

/**
 * Ingests the sources through the real ingestion path into a fresh database and asks each question
 * through the chat service the widget and the playground use (built-in engine).
 */
export async function runEval(
  driver: DbDriver,
  questions: EvalQuestion[] = QUESTIONS,
  sources: EvalSource[] = SOURCES,
  /** Extra server settings, e.g. EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL for semantic retrieval. */
  env: Record<string, string> = {},
  botName = "Dune & Dhow",
): Promise<EvalFigures> {
  const t = await createTestApp(driver, env);
  try {
    const owner = "eval_owner";
    await setPlan(t, owner, "business-monthly");
    const created = await t.app.services.chatbots.create(owner, { name: botName });
    for (const s of sources) await t.app.services.knowledge.add(owner, created._id, { kind: "text", ...s });
    await t.app.services.jobs.drain();
    const bot = await t.app.services.chatbots.own(owner, created._id);

    // Baseline: BM25 (MiniSearch) over the very same passages.
    const chunks = await t.db.db.select().from(knowledgeChunks);
    const mini = new MiniSearch({ fields: ["title", "body"], storeFields: ["body"] });
    mini.addAll(chunks.map((c) => ({ id: c.id, title: c.title, body: c.body })));

    const f: EvalFigures = {
      questions: questions.length,
      answerable: 0,
      unanswerable: 0,
      hit1: 0,
      hit3: 0,
      baselineHit1: 0,
      baselineHit3: 0,
      baselineContainsGold: 0,
      baselineMedianLength: 0,
      baselineAbstention: 0,
      baselineFalseAbstention: 0,
      containsGold: 0,
      medianLength: 0,
      citationPrecision: 0,
      abstention: 0,
      falseAbstention: 0,
      misses: [],
    };
    const lengths: number[] = [];
    const baselineLengths: number[] = [];
    let citations = 0;
    let rightCitations = 0;
    for (const item of questions) {
      const history = item.previous ? [{ role: "user" as const, content: item.previous }] : [];
      const query = item.previous ? `${item.previous} ${item.q}` : item.q;
      let text = "";
      const reply = await t.app.services.chat.respond({
        bot,
        question: item.q,
        history,
        signal: new AbortController().signal,
        onDelta: (d) => {
          text += d;
        },
      });
      if (reply.answered) lengths.push(text.length);
      citations += reply.citations.length;
      rightCitations += reply.citations.filter((c) => item.source && c.title === item.source).length;
      const base = mini.search(query, { fuzzy: 0.2, prefix: true }).slice(0, 3);
      const baseAnswer = base[0] ? String(base[0].body) : null;
      if (baseAnswer !== null) baselineLengths.push(baseAnswer.length);
      if (item.gold === null) {
        f.unanswerable++;
        if (baseAnswer === null) f.baselineAbstention++;
        if (!reply.answered) f.abstention++;
        else f.misses.push({ q: item.q, answer: text, kind: "answered the unanswerable" });
        continue;
      }
      f.answerable++;
      const gold = norm(item.gold);
      const passages = await t.app.services.retrieval.search(bot.id, reply.searchedFor, 3);
      if (passages[0] && norm(passages[0].body).includes(gold)) f.hit1++;
      if (passages.some((p) => norm(p.body).includes(gold))) f.hit3++;
      if (base[0] && norm(String(base[0].body)).includes(gold)) f.baselineHit1++;
      if (baseAnswer === null) f.baselineFalseAbstention++;
      else if (norm(baseAnswer).includes(gold)) f.baselineContainsGold++;
      if (base.some((r) => norm(String(r.body)).includes(gold))) f.baselineHit3++;
      if (!reply.answered) {
        f.falseAbstention++;
        f.misses.push({ q: item.q, answer: text, kind: "abstained" });
      } else if (norm(text).includes(gold)) f.containsGold++;
      else f.misses.push({ q: item.q, answer: text, kind: "wrong answer" });
    }
    const share = (n: number, of: number) => (of ? n / of : 0);
    return {
      ...f,
      hit1: share(f.hit1, f.answerable),
      hit3: share(f.hit3, f.answerable),
      baselineHit1: share(f.baselineHit1, f.answerable),
      baselineHit3: share(f.baselineHit3, f.answerable),
      baselineContainsGold: share(f.baselineContainsGold, f.answerable),
      baselineMedianLength: median(baselineLengths),
      baselineAbstention: share(f.baselineAbstention, f.unanswerable),
      baselineFalseAbstention: share(f.baselineFalseAbstention, f.answerable),
      containsGold: share(f.containsGold, f.answerable),
      medianLength: median(lengths),
      citationPrecision: share(rightCitations, citations),
      abstention: share(f.abstention, f.unanswerable),
      falseAbstention: share(f.falseAbstention, f.answerable),
    };
  } finally {
    await t.close();
  }
}
