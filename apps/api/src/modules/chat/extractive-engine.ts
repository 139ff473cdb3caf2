import type { Passage, QueryTerm, Retrieval } from "../retrieval/retrieval";
import type { AnswerInput, AnswerStream, ChatModel } from "./chat-model";

/** Passages whose sentences compete for the answer. */
const CANDIDATE_PASSAGES = 3;
/** A later passage's sentence must beat the first's by this much (retrieval already ranked them). */
const PASSAGE_PENALTY = 0.08;
/**
 * Share of the question's word rarity (summed IDF) the answer and its heading must cover, below
 * which the engine says it does not know. Tuned on the eval's tuning split (eval/README.md).
 */
export const MIN_COVERAGE = 0.62;

/** Sentences of a passage: split at sentence ends (not "3.5", "e.g.") and at list bullets. */
export function sentencesOf(body: string): string[] {
  return body
    .split(/\n{2,}|\s+•\s+/)
    .flatMap((para) => para.split(/(?<=[.!?]["')\]]*)\s+(?=["'(]?[A-Z0-9•])/))
    .map((s) => s.replace(/\s+/g, " ").replace(/^•\s*/, "").trim())
    .filter((s) => s.length > 2);
}

/**
 * Lexemes that say what kind of answer is wanted or how, rather than what about ("cost", "get"):
 * they still retrieve, but a sentence need not contain them to answer.
 */
const GENERIC = new Set(
  "cost price fee charg get need want take make know tell way possibl abl work use happen like allow pleas help find anyth someth thing much mani long time".split(
    " ",
  ),
);

/** A sentence that cannot stand alone: it points back at the one before it. */
const DEPENDENT =
  /^(it|its|it's|this|that|these|those|they|them|their|there|he|she|such|both|also|however|but|otherwise|then|here)\b/i;

const MONTHS =
  "jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?";
const DAYS =
  "monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekends?|weekdays?|daily|today|tomorrow";
const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|half|once|twice|single|double|free|dozen|no";
const HAS_NUMBER = new RegExp(`\\d|\\b(${NUMBER_WORDS})\\b`, "i");
const HAS_TIME = new RegExp(
  `\\d|\\b(${MONTHS}|${DAYS}|${NUMBER_WORDS}|noon|midnight|morning|afternoon|evening|night|hours?|days?|weeks?|months?|years?|minutes?|immediately|instantly|same[- ]day|next[- ]day|before|after|until|within|during|every|always|never|anytime|season|summer|winter|spring|autumn|ramadan|eid|holidays?)\\b`,
  "i",
);
/** A name: a capitalised word after the first, or an email address. */
const HAS_NAME = /\s[A-Z][a-z]+|@/;

/**
 * The kind of answer a question asks for, when it is clear from its first words: a sentence
 * that cannot hold that kind of answer is not an answer to it.
 */
export function answerKindFits(question: string, sentence: string): boolean {
  const q = question.toLowerCase().trim();
  if (/^(how (many|much)|what (is|are) the (price|cost|fee)s?\b)/.test(q)) return HAS_NUMBER.test(sentence);
  if (/^(when|what time|what date|how long|how soon|how often|until when|by when)\b/.test(q))
    return HAS_TIME.test(sentence);
  if (/^who\b/.test(q)) return HAS_NAME.test(sentence);
  return true;
}

/** Emits text the way a model would: a few words at a time, without artificial delays. */
async function* words(text: string, signal: AbortSignal): AsyncGenerator<string> {
  const parts = text.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < parts.length; i += 4) {
    if (signal.aborted) return;
    yield parts.slice(i, i + 4).join("");
    // Let the event loop flush each piece to the socket.
    await new Promise((r) => setImmediate(r));
  }
}

interface Choice {
  passage: Passage;
  text: string;
  coverage: number;
}

/**
 * Picks the single sentence that best answers the question: the one holding the most question
 * word rarity (IDF), its passage's heading counting half. The sentence before it is added only
 * when the best one depends on it ("It", "This plan"). Undefined when nothing is worth saying.
 */
export async function bestSentence(
  retrieval: Pick<Retrieval, "sentenceTerms">,
  terms: QueryTerm[],
  passages: Passage[],
): Promise<Choice | undefined> {
  terms = terms.filter((t) => !GENERIC.has(t.term));
  const total = terms.reduce((sum, t) => sum + t.idf, 0);
  if (total === 0) return undefined;
  const candidates = passages.slice(0, CANDIDATE_PASSAGES);
  const pool = candidates.flatMap((p, pi) => sentencesOf(p.body).map((s, si, all) => ({ s, pi, si, all })));
  const lexemes = await retrieval.sentenceTerms([...candidates.map((p) => p.title), ...pool.map((x) => x.s)]);
  const titles = lexemes.slice(0, candidates.length).map((l) => new Set(l));
  const sets = lexemes.slice(candidates.length).map((l) => new Set(l));
  const covered = (set: Set<string>, title: Set<string> | undefined, weightTitle: number) =>
    terms.reduce((sum, t) => {
      if (!t.matched) return sum;
      if (set.has(t.matched)) return sum + t.idf;
      if (title?.has(t.matched)) return sum + weightTitle * t.idf;
      return sum;
    }, 0);
  let best: { i: number; score: number } | undefined;
  for (const [i, x] of pool.entries()) {
    const set = sets[i] ?? new Set<string>();
    const score = covered(set, titles[x.pi], 0.5) / total - PASSAGE_PENALTY * x.pi;
    if (!best || score > best.score) best = { i, score };
  }
  if (!best) return undefined;
  const x = pool[best.i];
  const passage = x ? candidates[x.pi] : undefined;
  if (!x || !passage) return undefined;
  let text = x.s;
  let set = sets[best.i] ?? new Set<string>();
  const prev = x.si > 0 ? x.all[x.si - 1] : undefined;
  if (prev && DEPENDENT.test(x.s)) {
    text = `${prev} ${x.s}`;
    set = new Set([...set, ...(sets[best.i - 1] ?? [])]);
  }
  // Coverage for abstaining: the heading counts in full (it is what the passage is about).
  const coverage = covered(set, titles[x.pi], 1) / total;
  if (coverage === 0) return undefined;
  return { passage, text, coverage };
}

/**
 * The embedded default: answers from the knowledge itself, no model needed.
 * - A matching Q&A pair is answered verbatim.
 * - Otherwise the single best sentence (see `bestSentence`), citing the passage it came from.
 * - When that evidence does not cover the question's distinctive words, or is not the kind of
 *   answer asked for (a time for "when", a number for "how much"), the bot's fallback reply —
 *   an honest "I don't know" rather than a confident wrong answer, and no source cited.
 */
export function createExtractiveEngine(retrieval: Pick<Retrieval, "sentenceTerms">): ChatModel {
  return {
    engine: "builtin",
    answer(input: AnswerInput): AnswerStream {
      let used: Passage[] = [];
      async function* run(): AsyncGenerator<string> {
        const qa = input.passages.find((p) => p.kind === "qa" && p.qaMatch);
        if (qa) {
          used = [qa];
          yield* words(qa.body, input.signal);
          return;
        }
        const choice = input.signal.aborted
          ? undefined
          : await bestSentence(retrieval, input.terms ?? [], input.passages);
        if (!choice || choice.coverage < MIN_COVERAGE || !answerKindFits(input.question, choice.text)) {
          yield* words(input.bot.fallbackReply, input.signal);
          return;
        }
        used = [choice.passage];
        yield* words(`${choice.text} [1]`, input.signal);
      }
      return { deltas: run(), used: () => used };
    },
  };
}
