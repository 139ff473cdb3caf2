/**
 * How sure the built-in engine is of an answer: a logistic regression over evidence that tells a
 * question the knowledge answers from one it does not, one per language (Arabic's light stems and
 * clitics make the same counts mean other things than in English), fitted on the dev halves of the
 * eval sets (COVID-QA and SQuAD 2.0 by document, the two business sets, ARCD train) by
 * `apps/api/eval/fit-confidence.ts`, whose output is pasted below, each shifted so that the
 * default threshold, 50 %, holds false abstention at 4 % on the dev sets of its language. The
 * engine answers when the confidence reaches the bot's threshold (`CAUTION_THRESHOLDS`, chosen on
 * the same dev halves) and nothing holds the sentence back (`heldBack`), else gives its fallback
 * reply.
 */

/** What the engine saw when it chose its answer (each in [0, 1]). */
export interface AnswerEvidence {
  /** Share of the question's word rarity (IDF) in the chosen sentence, its heading in full, the rest of its passage at half weight. */
  coverage: number;
  /** The same share in the chosen sentence alone (with the sentence it depends on, if any). */
  sentenceCoverage: number;
  /** The same share anywhere in the chosen passage (heading and every sentence), in full. */
  passageCoverage: number;
  /** 1 when the chosen sentence or its heading holds the question's rarest known word. */
  rarest: number;
  /** Share of the question's word rarity in words the bot has never seen. */
  unknown: number;
  /** How far the first passage's rank is ahead of the second's, as a share of the first's. */
  margin: number;
  /** 1 when the sentence is the kind of answer the question asks for (a time for "when"…). */
  kindFits: number;
  /** 1 when the sentence comes from the first-ranked passage. */
  fromFirst: number;
  /** 1 for an Arabic question. */
  arabic: number;
  /** Share of the question's word rarity in words taken for a misspelling of a known word (typo repair). */
  repaired: number;
  /** The rarest question word the bot knows but the chosen passage lacks: its IDF as a share of the rarest known word's. */
  missing: number;
  /** 1 when the question, not one asked to be told yes or no, has a number (a year, a count, "the thirty-fourth") that the chosen passage does not. */
  numberMissing: number;
  /** 1 when the question, not one asked to be told yes or no, holds a word whose opposite the chosen sentence holds instead ("youngest" / "oldest"). */
  contrary: number;
  /** 1 when the question asks what did not happen and the chosen sentence denies nothing. */
  negationMissing: number;
  /** 1 when the question holds a word of the chosen passage's heading (what the passage is about). */
  titleShared: number;
}

// The thresholds live with the caution setting in the contracts (the web app shows them too).
export { type AnswerCaution, CAUTION_THRESHOLDS, LOW_CONFIDENCE } from "@parley/contracts";

/** The evidence the models weigh (the question's language picks the model instead). */
export const EVIDENCE_FEATURES = [
  "coverage",
  "sentenceCoverage",
  "passageCoverage",
  "rarest",
  "unknown",
  "margin",
  "fromFirst",
  "repaired",
  "missing",
  "negationMissing",
  "titleShared",
] as const satisfies readonly (keyof AnswerEvidence)[];

export const evidenceVector = (e: AnswerEvidence): number[] => EVIDENCE_FEATURES.map((k) => e[k]);

/**
 * A sentence that is never said, however sure the rest of the evidence looks: it is not the kind
 * of answer asked for (no time for "when"), or it says otherwise than the question — a number the
 * passage lacks ("the thirty-fourth film" of a passage on the twenty-fourth), an opposite
 * ("youngest" of a sentence about the oldest).
 */
export const heldBack = (e: AnswerEvidence): boolean =>
  e.kindFits === 0 || e.numberMissing === 1 || e.contrary === 1;

export interface LogisticModel {
  weights: number[];
  intercept: number;
}

/** Fitted weights (same order as EVIDENCE_FEATURES) and intercepts: `pnpm tsx apps/api/eval/fit-confidence.ts`. */
export const CONFIDENCE_MODEL: { english: LogisticModel; arabic: LogisticModel } = {
  english: {
    weights: [1.895, 0.071, 1.487, -0.264, -2.061, 0.189, -0.365, -1.567, -0.682, -1.547, 0.473],
    intercept: 0.07,
  },
  arabic: {
    weights: [2.688, 3.117, 1.513, 0.089, -0.093, 1.745, 1.048, -0.025, 0.273, 0, 2.254],
    intercept: -4.926,
  },
};

export function confidenceOf(e: AnswerEvidence, model = CONFIDENCE_MODEL): number {
  const { weights, intercept } = e.arabic === 1 ? model.arabic : model.english;
  const x = evidenceVector(e);
  let z = intercept;
  for (const [i, w] of weights.entries()) z += w * (x[i] ?? 0);
  return 1 / (1 + Math.exp(-z));
}
