/**
 * The eval's common core: bots built through real ingestion on PGlite, questions asked through the
 * chat service the widget and the Playground use, and one record per question with everything a
 * figure needs — so the abstention trade-off at any threshold, and the fit of the confidence
 * model, are computed from the records without asking again.
 *
 * Beside each bot, a BM25 baseline built with MiniSearch (a well-known search library, its own
 * tokeniser) over the very same chunks.
 */
import type { DbDriver } from "@parley/db";
import { eq } from "drizzle-orm";
import MiniSearch from "minisearch";
import { knowledgeChunks } from "../src/db/schema";
import { type AnswerEvidence, heldBack } from "../src/modules/chat/confidence";
import { normalizeArabic } from "../src/modules/retrieval/arabic";
import { createTestApp, setPlan, type TestApp } from "../test/harness";

export interface BotSpec {
  name: string;
  sources: { title: string; content: string }[];
}

export interface Ask {
  /** Index of the bot in the specs. */
  bot: number;
  q: string;
  /** A phrase the right answer contains; null: the bot's knowledge does not answer it. */
  gold: string | null;
  /** The visitor's previous question, for a follow-up. */
  previous?: string;
  /** Title of the source holding the answer (for citation precision). */
  source?: string | null;
}

export interface QuestionRecord {
  q: string;
  gold: string | null;
  /** The engine's reply as the visitor got it. */
  answered: boolean;
  text: string;
  /** Built-in engine: the answer it chose (said or held back), its confidence and evidence. */
  candidate: string | null;
  confidence: number | null;
  evidence: AnswerEvidence | null;
  /** The chosen answer holds the gold phrase (answerable questions). */
  candidateHasGold: boolean;
  citedRight: number;
  cited: number;
  /** Retrieval (answerable questions): the gold phrase in the first, the first 3, the first 5 passages. */
  hit1: boolean;
  hit3: boolean;
  recall5: boolean;
  base: { hit1: boolean; hit3: boolean; recall5: boolean; answer: string | null; hasGold: boolean };
}

/** Text compared for the gold phrase: lower case, one space, Arabic spelling normalised. */
export const norm = (s: string) => normalizeArabic(s).toLowerCase().replace(/\s+/g, " ").trim();
export const holds = (text: string, gold: string) => norm(text).includes(norm(gold));

/**
 * Builds the bots through real ingestion in the test app's database (a Business plan, so no size
 * limit bites), each with its MiniSearch baseline over the very same chunks.
 */
export async function buildBots(t: TestApp, bots: BotSpec[]) {
  const owner = "eval_owner";
  await setPlan(t, owner, "business-monthly");
  const built = [];
  for (const spec of bots) {
    const created = await t.app.services.chatbots.create(owner, { name: spec.name.slice(0, 60) });
    for (const s of spec.sources)
      await t.app.services.knowledge.add(owner, created._id, { kind: "text", ...s });
    built.push(created._id);
  }
  await t.app.services.jobs.drain();
  const rows = [];
  const minis: MiniSearch[] = [];
  for (const id of built) {
    rows.push(await t.app.services.chatbots.own(owner, id));
    const chunks = await t.db.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.chatbotId, id));
    const mini = new MiniSearch({ fields: ["title", "body"], storeFields: ["body"] });
    mini.addAll(chunks.map((c) => ({ id: c.id, title: c.title, body: c.body })));
    minis.push(mini);
  }
  return { rows, minis };
}

/** The MiniSearch baseline's search, as the eval runs it. */
export const baselineSearch = (mini: MiniSearch, q: string) =>
  mini.search(q, { fuzzy: 0.2, prefix: true }).slice(0, 5);

/**
 * Builds every bot in one fresh PGlite database (a Business plan, so no size limit bites), then
 * asks each question of its bot. `env`: extra server settings (e.g. EMBEDDINGS_BASE_URL).
 */
export async function collectRecords(
  bots: BotSpec[],
  asks: Ask[],
  env: Record<string, string> = {},
  driver: DbDriver = "pglite",
): Promise<QuestionRecord[]> {
  const t = await createTestApp(driver, env);
  try {
    const { rows, minis } = await buildBots(t, bots);
    const records: QuestionRecord[] = [];
    for (const ask of asks) {
      const bot = rows[ask.bot];
      const mini = minis[ask.bot];
      if (!bot || !mini) throw new Error(`no bot ${ask.bot}`);
      const history = ask.previous ? [{ role: "user" as const, content: ask.previous }] : [];
      let text = "";
      const reply = await t.app.services.chat.respond({
        bot,
        question: ask.q,
        history,
        signal: new AbortController().signal,
        onDelta: (d) => {
          text += d;
        },
      });
      const gold = ask.gold;
      // The passages the reply was built from (the engine retrieves six; its ranking is still in the
      // retrieval's cache, so this costs no second search), the first five counted.
      const passages = gold
        ? (await t.app.services.retrieval.search(bot.id, reply.searchedFor)).slice(0, 5)
        : [];
      const base = baselineSearch(mini, reply.searchedFor);
      const baseAnswer = base[0] ? String(base[0].body) : null;
      records.push({
        q: ask.q,
        gold,
        answered: reply.answered,
        text,
        candidate: reply.candidate,
        confidence: reply.confidence,
        evidence: reply.evidence,
        candidateHasGold: Boolean(gold && reply.candidate && holds(reply.candidate, gold)),
        cited: reply.citations.length,
        citedRight: reply.citations.filter((c) => ask.source && c.title === ask.source).length,
        hit1: Boolean(gold && passages[0] && holds(passages[0].body, gold)),
        hit3: Boolean(gold && passages.slice(0, 3).some((p) => holds(p.body, gold))),
        recall5: Boolean(gold && passages.some((p) => holds(p.body, gold))),
        base: {
          hit1: Boolean(gold && base[0] && holds(String(base[0].body), gold)),
          hit3: Boolean(gold && base.slice(0, 3).some((r) => holds(String(r.body), gold))),
          recall5: Boolean(gold && base.some((r) => holds(String(r.body), gold))),
          answer: baseAnswer,
          hasGold: Boolean(gold && baseAnswer && holds(baseAnswer, gold)),
        },
      });
    }
    return records;
  } finally {
    await t.close();
  }
}

export interface Figures {
  answerable: number;
  unanswerable: number;
  hit1: number;
  hit3: number;
  recall5: number;
  containsGold: number;
  medianLength: number;
  citationPrecision: number;
  abstention: number;
  falseAbstention: number;
}

const share = (n: number, of: number) => (of ? n / of : 0);
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? 0) : 0;
};

/**
 * The figures of the engine as it replied, or, given a threshold, as it would have replied with
 * that threshold (it answers with its chosen sentence when the confidence reaches it).
 * "Contains gold" is over answerable questions it answered (the "when it answered").
 */
export function figures(records: QuestionRecord[], threshold?: number): Figures {
  const answerable = records.filter((r) => r.gold !== null);
  const unanswerable = records.filter((r) => r.gold === null);
  const says = (r: QuestionRecord) =>
    threshold === undefined
      ? r.answered
      : r.candidate !== null &&
        r.evidence !== null &&
        !heldBack(r.evidence) &&
        (r.confidence ?? 0) >= threshold;
  const text = (r: QuestionRecord) => (threshold === undefined ? r.text : (r.candidate ?? ""));
  const answered = answerable.filter(says);
  const said = records.filter(says);
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    hit1: share(answerable.filter((r) => r.hit1).length, answerable.length),
    hit3: share(answerable.filter((r) => r.hit3).length, answerable.length),
    recall5: share(answerable.filter((r) => r.recall5).length, answerable.length),
    containsGold: share(answered.filter((r) => r.gold && holds(text(r), r.gold)).length, answered.length),
    medianLength: median(said.map((r) => text(r).replace(/\s*\[\d+\]/g, "").length)),
    citationPrecision: share(
      records.reduce((s, r) => s + r.citedRight, 0),
      records.reduce((s, r) => s + r.cited, 0),
    ),
    abstention: share(unanswerable.filter((r) => !says(r)).length, unanswerable.length),
    falseAbstention: share(answerable.length - answered.length, answerable.length),
  };
}

/** The baseline's figures: it answers with its first passage, whole, whenever anything matches. */
export function baselineFigures(records: QuestionRecord[]): Figures {
  const answerable = records.filter((r) => r.gold !== null);
  const unanswerable = records.filter((r) => r.gold === null);
  const answered = answerable.filter((r) => r.base.answer !== null);
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    hit1: share(answerable.filter((r) => r.base.hit1).length, answerable.length),
    hit3: share(answerable.filter((r) => r.base.hit3).length, answerable.length),
    recall5: share(answerable.filter((r) => r.base.recall5).length, answerable.length),
    containsGold: share(answered.filter((r) => r.base.hasGold).length, answered.length),
    medianLength: median(records.flatMap((r) => (r.base.answer ? [r.base.answer.length] : []))),
    citationPrecision: 0,
    abstention: share(unanswerable.filter((r) => r.base.answer === null).length, unanswerable.length),
    falseAbstention: share(answerable.length - answered.length, answerable.length),
  };
}
