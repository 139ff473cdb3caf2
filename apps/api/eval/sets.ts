/**
 * The eval's sets, each split by document once and deterministically into a dev half (constants
 * fitted, thresholds chosen) and a test half (only reported), as bots and questions:
 *
 * - Document sets (COVID-QA, ARCD): the half's documents are dealt into FOLDS folds; bot k holds
 *   every document of the half except fold k's. A question is asked, answerable, of a bot holding
 *   its document, and again, unanswerable, of the bot missing it: that bot holds every other
 *   document of the domain, so the question still shares its vocabulary (hard negatives).
 * - Business sets (English and Arabic): one shop's bot holding all its sources; answerable
 *   questions go to the half of the source that answers them, the unanswerable ones by parity.
 * - SQuAD 2.0 (squad.ts): one bot holding every paragraph of the half's articles, asked the
 *   half's questions, its own unanswerable ones among them.
 */
import { AR_QUESTIONS, AR_SOURCES } from "./arabic-business";
import { arcdAvailable, loadArcd } from "./arcd";
import { type EvalQuestion, type EvalSource, QUESTIONS, SOURCES } from "./business";
import { covidqaAvailable, type DocSet, loadCovidQa, splitByDocument } from "./covidqa";
import type { Ask, BotSpec } from "./records";
import { loadSquad, squadAvailable } from "./squad";

export type Half = "dev" | "test";
export const FOLDS = 4;

/** A set's short name (EVAL_SETS picks by it). */
export type SetKey = "covid" | "squad" | "business" | "arcd" | "arabic";

export interface EvalSet {
  key: SetKey;
  name: string;
  bots: BotSpec[];
  asks: Ask[];
}

/** Bots and questions of a document set (see the header). */
export function foldedSet(key: SetKey, name: string, set: DocSet, folds = FOLDS): EvalSet {
  const fold = new Map(set.documents.map((d, i) => [d.id, i % folds]));
  const bots: BotSpec[] = Array.from({ length: folds }, (_, k) => ({
    name: `${name} ${k + 1}`,
    sources: set.documents
      .filter((d) => fold.get(d.id) !== k)
      .flatMap((d) => (d.parts ?? [d.content]).map((content) => ({ title: d.title, content }))),
  }));
  const asks: Ask[] = [];
  const titles = new Map(set.documents.map((d) => [d.id, d.title]));
  for (const q of set.questions) {
    const k = fold.get(q.doc);
    if (k === undefined) continue;
    asks.push({ bot: (k + 1) % folds, q: q.q, gold: q.gold, source: titles.get(q.doc) ?? null });
    asks.push({ bot: k, q: q.q, gold: null, source: null });
  }
  return { key, name, bots, asks };
}

export function covidQaSet(half: Half): EvalSet | null {
  if (!covidqaAvailable()) return null;
  return foldedSet("covid", "COVID-QA", loadCovidQa(half));
}

/** SQuAD 2.0's first ten articles, one bot per half (see squad.ts). */
export function squadSet(half: Half): EvalSet | null {
  if (!squadAvailable()) return null;
  const name = "SQuAD 2.0 (10 articles)";
  const { sources, questions } = loadSquad(half);
  return {
    key: "squad",
    name,
    bots: [{ name, sources }],
    asks: questions.map((q) => ({ bot: 0, q: q.q, gold: q.gold, source: q.source })),
  };
}

/** ARCD's own split (train: dev, test: test); its articles are the documents, each paragraph a source. */
export function arcdSet(half: Half): EvalSet | null {
  if (!arcdAvailable()) return null;
  const { sources, questions } = loadArcd(half === "dev" ? "train" : "test");
  const byTitle = new Map<string, string[]>();
  for (const s of sources) byTitle.set(s.title, [...(byTitle.get(s.title) ?? []), s.content]);
  const set: DocSet = {
    // An article's paragraphs are one document (held or missed together), each its own source.
    documents: [...byTitle.entries()].map(([title, paragraphs]) => ({
      id: title,
      title,
      content: paragraphs.join("\n\n"),
      parts: paragraphs,
    })),
    questions: questions.flatMap((q) =>
      q.gold && q.source ? [{ q: q.q, gold: q.gold, doc: q.source }] : [],
    ),
  };
  return foldedSet("arcd", "ARCD", set);
}

/** A business set's half: answerable questions by the half of their source, the rest by parity. */
export function businessHalf(questions: EvalQuestion[], sources: EvalSource[], half: Half): EvalQuestion[] {
  const split = splitByDocument(sources.map((s) => s.title));
  let unanswerable = 0;
  return questions.filter((q) => {
    if (q.source === null) return (unanswerable++ % 2 === 0) === (half === "dev");
    return split[half].has(q.source);
  });
}

function businessSet(
  key: SetKey,
  name: string,
  questions: EvalQuestion[],
  sources: EvalSource[],
  half: Half,
): EvalSet {
  return {
    key,
    name,
    bots: [{ name, sources }],
    asks: businessHalf(questions, sources, half).map((q) => ({
      bot: 0,
      q: q.q,
      gold: q.gold,
      source: q.source,
      ...(q.previous ? { previous: q.previous } : {}),
    })),
  };
}

export const englishBusinessSet = (half: Half) =>
  businessSet("business", "Business (Dune & Dhow)", QUESTIONS, SOURCES, half);
export const arabicBusinessSet = (half: Half) =>
  businessSet("arabic", "Business, Arabic (متجر النخلة)", AR_QUESTIONS, AR_SOURCES, half);

/** Every set available here, for one half. */
export function allSets(half: Half): EvalSet[] {
  return [
    covidQaSet(half),
    squadSet(half),
    englishBusinessSet(half),
    arcdSet(half),
    arabicBusinessSet(half),
  ].filter((s): s is EvalSet => s !== null);
}
