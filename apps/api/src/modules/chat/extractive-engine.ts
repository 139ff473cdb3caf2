import { type FallbackOffers, fallbackInvitation } from "@parley/contracts";
import { detectLanguage, normalizeArabic, stemArabic } from "../retrieval/arabic";
import type { Passage, QueryTerm, Retrieval } from "../retrieval/retrieval";
import type { AnswerInput, AnswerStream, ChatModel } from "./chat-model";
import { type AnswerEvidence, CAUTION_THRESHOLDS, confidenceOf, heldBack } from "./confidence";
import { asksYesOrNo, contrary, negationMissing, numberMissing } from "./mismatch";

/** Passages whose sentences compete for the answer. */
const CANDIDATE_PASSAGES = 3;
/** A later passage's sentence must beat the first's by this share (retrieval already ranked them). */
const PASSAGE_PENALTY = 0.25;
/** How much a question word elsewhere in the chosen sentence's passage counts towards coverage. */
const CONTEXT_WEIGHT = 0.5;
/** A chosen sentence shorter than this (characters) takes the next one too when it goes on about the question. */
const SHORT_ANSWER = 120;
/** An Arabic sentence longer than this is also cut at its commas (Arabic prose chains clauses with ،). */
const LONG_ARABIC_SENTENCE = 220;

/**
 * An English sentence ends at . ! ? (and a closing quote or bracket) before a capital or a digit,
 * but not after an initial or a common abbreviation ("U.S. Army", "J. K. Rowling", "Dr. Swann").
 */
const ENGLISH_SENTENCE_END =
  /(?<=[.!?]["')\]]*)(?<!\b(?:[A-Z]|Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|Gen|Col|Lt|Sgt|Capt|Rev|Mt|Ft|No|vs|Inc|Ltd|Co|Corp|e\.g|i\.e|ca|approx)\.)\s+(?=["'(]?[A-Z0-9•])/;

/**
 * Sentences of a passage: split at sentence ends (not inside "3.5" or an e-mail address) and at
 * list bullets. Arabic text ends sentences with . ! ؟ ۔ and ؛ (no capital letter follows), and a
 * very long Arabic sentence is cut at ، into clauses.
 */
export function sentencesOf(body: string): string[] {
  const arabic = detectLanguage(body) === "ar";
  return body
    .split(/\n{2,}|\s+•\s+/)
    .flatMap((para) =>
      arabic
        ? para.split(/(?<=[.!?؟۔؛](?:["')\]»]*))\s+(?=\S)|(?<=[؟۔؛])(?=\S)/).flatMap(cutAtCommas)
        : para.split(ENGLISH_SENTENCE_END),
    )
    .map((s) => s.replace(/\s+/g, " ").replace(/^•\s*/, "").trim())
    .filter((s) => s.length > 2);
}

/** A long Arabic sentence as clauses of at least a fifth of the limit each, cut after ، or ,. */
function cutAtCommas(sentence: string): string[] {
  if (sentence.length <= LONG_ARABIC_SENTENCE) return [sentence];
  const parts = sentence.split(/(?<=[،,])\s+/);
  const out: string[] = [];
  let buf = "";
  for (const part of parts) {
    if (buf && buf.length + part.length > LONG_ARABIC_SENTENCE && buf.length >= LONG_ARABIC_SENTENCE / 5) {
      out.push(buf);
      buf = part;
    } else buf = buf ? `${buf} ${part}` : part;
  }
  if (buf) out.push(buf);
  return out;
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

/**
 * The same for Arabic (stems): want (ابي، يبون), can, need, way, know, name, number, is located
 * (يقع، تقع)… Unlike English, the price
 * words (سعر، رسوم، تكلفة) stay: Arabic answers repeat them ("رسوم التوصيل ديناران"), and keeping
 * them raised abstention on the tuning questions with no other change.
 */
const GENERIC_AR = new Set(
  "ابي ابغي ابغا يبي يبون تبي تبون اريد نريد ممكن يمكن يمكنني استطيع اقدر نقدر احتاج طريقه معرفه اعرف موجود يوجد متوفر عندكم لديكم اسم عدد تعريف معني اعطي اذكر شيء شئ نوع يقع تقع"
    .split(" ")
    .map(stemArabic),
);

/** A sentence that cannot stand alone: it points back at the one before it. */
const DEPENDENT =
  /^(it|its|it's|this|that|these|those|they|them|their|there|he|she|such|both|also|however|but|otherwise|then|here)\b/i;
/** The same in Arabic (normalised): هذا، هذه، ذلك، هو، هي، كما، لكن، ايضا… */
const DEPENDENT_AR =
  /^(و|ف)?(هذا|هذه|ذلك|تلك|هو|هي|هم|كما|لكن|لكنه|لكنها|ايضا|كذلك|لذلك|لذا|بعدها|حينها|ثم)(\s|$)/;

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

const NUMBER_WORDS_AR =
  "واحد|واحده|اثنان|اثنين|اثنتان|ثلاث|ثلاثه|اربع|اربعه|خمس|خمسه|ست|سته|سبع|سبعه|ثمان|ثماني|ثمانيه|تسع|تسعه|عشر|عشره|عشرون|عشرين|مائه|ميه|مئه|مئات|الف|الاف|ملايين|مليون|مليار|نصف|ربع|ثلث|مره|مرتين|مجان|مجانا|مجاني|مجانيه|بلاش|دينار|دنانير|ريال|درهم|فلس|دولار|يورو";
const HAS_NUMBER_AR = new RegExp(`[0-9]|(^|[\\s،])(و|ب|ال)*(${NUMBER_WORDS_AR})`);
/** With the duals of the words ending in ة, whose ت the dual keeps (سنة → سنتان، سنتين). */
const TIME_WORDS_AR =
  "يناير|فبراير|مارس|ابريل|مايو|يونيو|يوليو|اغسطس|سبتمبر|اكتوبر|نوفمبر|ديسمبر|كانون|شباط|اذار|نيسان|ايار|حزيران|تموز|اب|ايلول|تشرين|محرم|صفر|ربيع|جمادي|رجب|شعبان|رمضان|شوال|القعده|الحجه|السبت|الاحد|الاثنين|الثلاثاء|الاربعاء|الخميس|الجمعه|يوم|ايام|اسبوع|اسابيع|شهر|اشهر|شهور|سنه|سنوات|سنين|عام|اعوام|ساعه|ساعات|دقيقه|دقائق|قرن|قرون|صباحا|مساء|الصباح|المساء|الظهر|الليل|ليلا|فورا|حالا|مباشره|اليوم|غدا|امس|بعد|قبل|خلال|حتي|منذ|عند|اثناء|دائما|ابدا|موسم|الصيف|الشتاء|الربيع|الخريف|العيد|العطل|عطله|الاجازه|اجازه|سنتان|سنتين|ساعتان|ساعتين|دقيقتان|دقيقتين";
const HAS_TIME_AR = new RegExp(`[0-9]|(${NUMBER_WORDS_AR}|${TIME_WORDS_AR})`);

/**
 * The kind of answer a question asks for, when it is clear from its first words: a sentence
 * that cannot hold that kind of answer is not an answer to it.
 */
export function answerKindFits(question: string, sentence: string): boolean {
  if (detectLanguage(question) === "ar") {
    const q = normalizeArabic(question)
      .trim()
      .replace(/^(و|ف)/, "");
    const s = normalizeArabic(sentence);
    // كم / بكم (how much, how many), متى / امتى (when); كم يوم / كم ساعة ask for a time.
    if (
      /^(متي|امتي|في اي وقت|اي وقت|في اي سنه|في اي عام|كم (يوم|ساعه|اسبوع|شهر|سنه|مده|المده|من الوقت|يستغرق|تستغرق|ياخذ|تاخذ)|الي متي|حتي متي)/.test(
        q,
      )
    )
      return HAS_TIME_AR.test(s);
    if (/^(بكم|كم)(\s|$)/.test(q)) return HAS_NUMBER_AR.test(s);
    return true;
  }
  const q = question.toLowerCase().trim();
  if (/^(how much|what (is|are) the (price|cost|fee)s?\b)/.test(q)) return /\d|\bfree\b/i.test(sentence);
  if (/^how many\b/.test(q)) return HAS_NUMBER.test(sentence);
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
  /** What the choice rests on, for its confidence (see confidence.ts). */
  evidence: AnswerEvidence;
}

/**
 * Picks the single sentence that best answers the question: the one holding the most question
 * word rarity (IDF), its passage's heading counting half. The sentence before it is added only
 * when the best one depends on it ("It", "This plan"). Undefined when nothing is worth saying.
 */
export async function bestSentence(
  retrieval: Pick<Retrieval, "sentenceTerms">,
  question: string,
  terms: QueryTerm[],
  passages: Passage[],
): Promise<Choice | undefined> {
  terms = terms.filter((t) => !GENERIC.has(t.term) && !GENERIC_AR.has(t.term));
  const total = terms.reduce((sum, t) => sum + t.idf, 0);
  if (total === 0) return undefined;
  const candidates = passages.slice(0, CANDIDATE_PASSAGES);
  const pool = candidates.flatMap((p, pi) => sentencesOf(p.body).map((s, si, all) => ({ s, pi, si, all })));
  const lexemes = await retrieval.sentenceTerms([...candidates.map((p) => p.title), ...pool.map((x) => x.s)]);
  const titles = lexemes.slice(0, candidates.length).map((l) => new Set(l));
  const sets = lexemes.slice(candidates.length).map((l) => new Set(l));
  // Each passage's words (heading and every sentence): context for the sentence chosen from it.
  const contexts = candidates.map((_, pi) => {
    const all = new Set(titles[pi]);
    for (const [i, x] of pool.entries()) if (x.pi === pi) for (const l of sets[i] ?? []) all.add(l);
    return all;
  });
  const covered = (set: Set<string>, context: Set<string> | undefined, weightContext: number) =>
    terms.reduce((sum, t) => {
      if (!t.matched) return sum;
      if (set.has(t.matched)) return sum + t.idf;
      if (context?.has(t.matched)) return sum + weightContext * t.idf;
      return sum;
    }, 0);
  // A sentence that depends on the one before it is read together with it.
  const reading = pool.map((x, i) => {
    const dependent = x.si > 0 && (DEPENDENT.test(x.s) || DEPENDENT_AR.test(normalizeArabic(x.s)));
    return dependent
      ? {
          text: `${x.all[x.si - 1]} ${x.s}`,
          set: new Set([...(sets[i] ?? []), ...(sets[i - 1] ?? [])]),
          dependent,
        }
      : { text: x.s, set: sets[i] ?? new Set<string>(), dependent };
  });
  let best: { i: number; score: number } | undefined;
  for (const [i, x] of pool.entries()) {
    const r = reading[i];
    if (!r) continue;
    let score = (covered(r.set, titles[x.pi], 0.5) / total) * (1 - PASSAGE_PENALTY * x.pi);
    // Two sentences only when they add something; a sentence of the wrong kind only as a last resort.
    if (r.dependent) score *= 0.97;
    if (!answerKindFits(question, r.text)) score *= 0.6;
    if (!best || score > best.score) best = { i, score };
  }
  if (!best) return undefined;
  const x = pool[best.i];
  const passage = x ? candidates[x.pi] : undefined;
  const r = reading[best.i];
  if (!x || !passage || !r) return undefined;
  let text = r.text;
  let set = r.set;
  // The answer goes on in the passage's next sentence when that one is still about the question
  // and holds the kind of answer asked for that this one lacks ("We ship to Kuwait." "Gulf
  // shipping takes three days and costs five dinars."), or this one is short.
  const next = pool[best.i + 1];
  const nextSet = sets[best.i + 1];
  if (next && nextSet && next.pi === x.pi && terms.some((t) => t.matched && nextSet.has(t.matched))) {
    const joined = `${text} ${next.s}`;
    const completes = !answerKindFits(question, text) && answerKindFits(question, joined);
    const continues = !r.dependent && text.length < SHORT_ANSWER;
    if (completes || continues) {
      text = joined;
      set = new Set([...set, ...nextSet]);
    }
  }
  // Coverage for abstaining: the heading counts in full (it is what the passage is about), the
  // rest of the passage at CONTEXT_WEIGHT.
  const title = titles[x.pi] ?? new Set<string>();
  const coverage = covered(new Set([...set, ...title]), contexts[x.pi], CONTEXT_WEIGHT) / total;
  if (coverage === 0) return undefined;
  const known = terms.filter((t) => t.matched && t.df > 0);
  const rarestTerm = known.reduce<QueryTerm | undefined>((a, t) => (!a || t.idf > a.idf ? t : a), undefined);
  const context = contexts[x.pi] ?? new Set<string>();
  const maxKnown = Math.max(0, ...known.map((t) => t.idf));
  const missingIdf = Math.max(
    0,
    ...known.filter((t) => t.matched && !context.has(t.matched)).map((t) => t.idf),
  );
  const yesOrNo = asksYesOrNo(question);
  const first = candidates[0]?.rank ?? 0;
  const second = candidates[1]?.rank ?? 0;
  const evidence: AnswerEvidence = {
    coverage,
    sentenceCoverage: covered(set, undefined, 0) / total,
    passageCoverage: covered(context, undefined, 0) / total,
    rarest: rarestTerm?.matched && (set.has(rarestTerm.matched) || title.has(rarestTerm.matched)) ? 1 : 0,
    unknown: terms.reduce((sum, t) => sum + (t.matched && t.df > 0 ? 0 : t.idf), 0) / total,
    margin: first > 0 ? Math.max(0, Math.min(1, (first - second) / first)) : 0,
    kindFits: answerKindFits(question, text) ? 1 : 0,
    fromFirst: x.pi === 0 ? 1 : 0,
    arabic: detectLanguage(question) === "ar" ? 1 : 0,
    repaired: terms.reduce((sum, t) => sum + (t.matched && t.matched !== t.term ? t.idf : 0), 0) / total,
    missing: maxKnown > 0 ? missingIdf / maxKnown : 0,
    // A yes-or-no question is answered by the other number or the opposite ("It sleeps six").
    numberMissing: yesOrNo ? 0 : numberMissing(question, `${passage.title} ${passage.body}`),
    contrary: yesOrNo ? 0 : contrary(question, text),
    negationMissing: negationMissing(question, text),
    titleShared: terms.some((t) => t.matched && title.has(t.matched)) ? 1 : 0,
  };
  return { passage, text, coverage, evidence };
}

/**
 * The built-in engine's fallback reply to an Arabic question when the bot's own is not in Arabic
 * (a bot that does not speak Arabic): its own generic words, inviting the visitor to what the bot
 * offers (the e-mail form, a person), like the default fallback replies.
 */
export function arabicFallback(offers: FallbackOffers): string {
  return `عذرًا، لا أجد إجابة عن هذا السؤال في المعلومات المتوفرة لدي. ${fallbackInvitation("ar", offers)}`;
}

/** `arabicFallback` for a bot offering nothing (neither the e-mail form nor a person). */
export const ARABIC_FALLBACK = arabicFallback({ leadCapture: false, liveChat: false });

/**
 * The bot's fallback reply in the question's language: an Arabic question gets the bot's reply
 * if that is Arabic, else `arabic` (the chat service may already pass the bot's Arabic reply).
 */
export function fallbackFor(question: string, fallbackReply: string, arabic = ARABIC_FALLBACK): string {
  if (detectLanguage(question) !== "ar" || detectLanguage(fallbackReply) === "ar") return fallbackReply;
  return arabic;
}

/**
 * The embedded default: answers from the knowledge itself, no model needed.
 * - A matching Q&A pair is answered verbatim.
 * - Otherwise the single best sentence (see `bestSentence`), citing the passage it came from.
 * - When the confidence in that sentence (confidence.ts: how much of the question's distinctive
 *   words it and its passage cover, words the bot never saw, whether it is the kind of answer
 *   asked for…) is below the bot's caution threshold, the bot's fallback reply — an honest
 *   "I don't know" rather than a confident wrong answer, and no source cited.
 */
export function createExtractiveEngine(retrieval: Pick<Retrieval, "sentenceTerms">): ChatModel {
  return {
    engine: "builtin",
    answer(input: AnswerInput): AnswerStream {
      let used: Passage[] = [];
      let confidence: number | null = null;
      let evidence: AnswerEvidence | null = null;
      let candidate: string | null = null;
      async function* run(): AsyncGenerator<string> {
        const qa = input.passages.find((p) => p.kind === "qa" && p.qaMatch);
        if (qa) {
          // The owner's own answer to (nearly) this question: as sure as the engine gets.
          used = [qa];
          confidence = 1;
          candidate = qa.body;
          yield* words(qa.body, input.signal);
          return;
        }
        const choice = input.signal.aborted
          ? undefined
          : await bestSentence(retrieval, input.question, input.terms ?? [], input.passages);
        // Nothing worth saying found: no answer was held back, so there is no confidence to show.
        confidence = choice ? confidenceOf(choice.evidence) : null;
        evidence = choice?.evidence ?? null;
        candidate = choice ? `${choice.text} [1]` : null;
        const threshold = CAUTION_THRESHOLDS[input.bot.caution ?? "balanced"];
        // A sentence that is not the kind of answer asked for (no time for "when"), or that says
        // otherwise than the question, is never said, however sure the rest of the evidence looks.
        if (!choice || confidence === null || heldBack(choice.evidence) || confidence < threshold) {
          yield* words(
            fallbackFor(input.question, input.bot.fallbackReply, input.bot.arabicFallbackReply),
            input.signal,
          );
          return;
        }
        used = [choice.passage];
        yield* words(`${choice.text} [1]`, input.signal);
      }
      return {
        deltas: run(),
        used: () => used,
        confidence: () => confidence,
        evidence: () => evidence,
        candidate: () => candidate,
      };
    },
  };
}
