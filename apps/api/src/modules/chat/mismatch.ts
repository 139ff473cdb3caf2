/**
 * What a question asks that the chosen sentence says otherwise, with every word of the question
 * still there: a number changed ("the thirty-fourth Bond film" of a passage about the
 * twenty-fourth), a word turned into its opposite ("the youngest" of a sentence about the oldest),
 * a "not" added. Questions written that way look answered to every count of shared words; these
 * are the cheap signs of them (English; Arabic numbers are read by `numbersOf`).
 */
import { normalizeArabic } from "../retrieval/arabic";

const UNITS =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const UNIT_ORDINALS =
  "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split(
    " ",
  );
const TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
const TEN_ORDINALS = "twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth".split(
  " ",
);

const UNIT_VALUE = new Map<string, number>([
  ...UNITS.map((w, i) => [w, i] as const),
  ...UNIT_ORDINALS.map((w, i) => [w, i] as const),
]);
const TEN_VALUE = new Map<string, number>([
  ...TENS.map((w, i) => [w, 20 + 10 * i] as const),
  ...TEN_ORDINALS.map((w, i) => [w, 20 + 10 * i] as const),
]);
const NUMBER_WORD = new RegExp(
  `\\b(?:(${TENS.join("|")})(?:[- ](${[...UNITS.slice(1, 10), ...UNIT_ORDINALS.slice(1, 10)].join("|")}))?|(${[...TEN_ORDINALS, ...UNITS, ...UNIT_ORDINALS].join("|")}))\\b`,
  "gi",
);

/**
 * The numbers of a text, digits and English number words alike, as digits: "1,500" → 1500,
 * "ten" → 10, "thirty-fourth" → 34 (Arabic-Indic digits as ASCII); not the digits of a name
 * ("COVID-19", "H1N1"). `fromFour`: number words only
 * from four up, as a question's own — "the first album", "what two countries" are how questions
 * ask, not numbers they hold.
 */
export function numbersOf(text: string, fromFour = false): string[] {
  const normal = normalizeArabic(text);
  // Digits after a letter are part of a name ("COVID-19", "H1N1", "MI6"), not a number.
  const digits = (normal.match(/(?<![\p{L}\d])(?<!\p{L}-)\d+(?:[.,]\d+)*/gu) ?? []).map((n) =>
    n.replace(/,(?=\d{3}\b)/g, ""),
  );
  const words: string[] = [];
  for (const m of normal.matchAll(NUMBER_WORD)) {
    const value = m[3]
      ? (UNIT_VALUE.get(m[3].toLowerCase()) ?? TEN_VALUE.get(m[3].toLowerCase()) ?? 0)
      : (TEN_VALUE.get((m[1] ?? "").toLowerCase()) ?? 0) + (UNIT_VALUE.get((m[2] ?? "").toLowerCase()) ?? 0);
    if (!fromFour || value >= 4) words.push(String(value));
  }
  return [...digits, ...words];
}

/** 1 when the question holds a number (a year, a count, "the thirty-fourth") that the text lacks. */
export const numberMissing = (question: string, text: string): number => {
  const there = new Set(numbersOf(text));
  return numbersOf(question, true).some((n) => !there.has(n)) ? 1 : 0;
};

/**
 * Opposites, each pair in the forms a question and a sentence use: a question holding one where
 * the sentence holds only the other asks about something the sentence does not say.
 */
const OPPOSITES = `young/old younger/older youngest/oldest new/old newer/older newest/oldest
first/last earliest/latest early/late earlier/later before/after beginning/end began/ended begin/end start/end started/ended
large/small larger/smaller largest/smallest big/small bigger/smaller biggest/smallest
most/least more/less more/fewer many/few highest/lowest higher/lower high/low
longest/shortest longer/shorter long/short tallest/shortest taller/shorter
fastest/slowest faster/slower fast/slow best/worst better/worse good/bad
strongest/weakest stronger/weaker strong/weak richest/poorest rich/poor
heaviest/lightest heavier/lighter heavy/light widest/narrowest wider/narrower wide/narrow
deepest/shallowest hot/cold hottest/coldest warm/cool wet/dry full/empty
increase/decrease increased/decreased increases/decreases increasing/decreasing rise/fall rose/fell
win/lose won/lost wins/losses winner/loser victory/defeat success/failure successful/unsuccessful
positive/negative positively/negatively favorable/unfavorable favorably/unfavorably
favourable/unfavourable favourably/unfavourably praised/criticized praised/criticised
accept/reject accepted/rejected approve/reject approved/rejected agree/disagree agreed/disagreed
allow/forbid allowed/forbidden allowed/banned legal/illegal possible/impossible
like/dislike liked/disliked love/hate loved/hated popular/unpopular
north/south northern/southern northernmost/southernmost east/west eastern/western easternmost/westernmost
above/below upper/lower top/bottom inside/outside inner/outer interior/exterior front/back left/right
male/female men/women man/woman boy/girl boys/girls father/mother son/daughter sons/daughters
brother/sister husband/wife king/queen prince/princess actor/actress
buy/sell bought/sold buyer/seller import/export imports/exports imported/exported
public/private domestic/foreign domestic/international urban/rural modern/ancient
open/closed opened/closed open/close join/leave joined/left arrive/depart arrived/departed
entered/left enter/leave include/exclude included/excluded minority/majority minimum/maximum
birth/death born/died alive/dead common/rare cheap/expensive cheapest/dearest
true/false correct/incorrect same/different similar/different major/minor junior/senior
hero/villain friend/enemy friends/enemies ally/enemy allies/enemies attack/defend
underestimated/overestimated underrated/overrated`;

const OPPOSITE = new Map<string, Set<string>>();
for (const pair of OPPOSITES.split(/\s+/)) {
  const [a, b] = pair.split("/");
  if (!a || !b) continue;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const set = OPPOSITE.get(x) ?? new Set<string>();
    set.add(y);
    OPPOSITE.set(x, set);
  }
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);

/**
 * 1 when the question holds a word whose opposite the sentence holds instead ("youngest" / "oldest"),
 * and the question does not hold both.
 */
export function contrary(question: string, sentence: string): number {
  const said = wordsOf(sentence);
  const asked = wordsOf(question);
  for (const w of asked) {
    if (said.has(w)) continue;
    for (const o of OPPOSITE.get(w) ?? []) if (said.has(o) && !asked.has(o)) return 1;
  }
  return 0;
}

const NEGATED_QUESTION = /\b(?:not|never|no longer|n't)\b|n't\b/i;
const NEGATION =
  /\b(?:not|never|no|none|nor|neither|nobody|nothing|nowhere|without|cannot|refused|declined|failed|lacked|lacks|unable|instead|rather)\b|n't\b/i;

/** 1 when the question asks about what did not happen ("who did not…") and the sentence denies nothing. */
export const negationMissing = (question: string, sentence: string): number =>
  NEGATED_QUESTION.test(question) && !NEGATION.test(sentence) ? 1 : 0;

/**
 * A question asked to be told yes or no ("Does the tent sleep eight?", "هل…"): a sentence with
 * another number or the opposite word is its answer ("It sleeps six"), not a sign that the
 * knowledge does not answer it.
 */
export const asksYesOrNo = (question: string): boolean =>
  /^\s*(?:(?:do|does|did|is|are|was|were|am|can|could|will|would|should|shall|has|have|had|may|might|must)n?'?t?\b|هل\s)/i.test(
    normalizeArabic(question),
  );
