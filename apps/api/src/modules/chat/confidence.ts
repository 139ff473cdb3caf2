/**
 * How sure the built-in engine is of an answer: a logistic regression over evidence that tells a
 * question the knowledge answers from one it does not, fitted on the dev halves of the eval sets
 * (COVID-QA and SQuAD 2.0 by document, the two business sets, ARCD train) by
 * `apps/api/eval/fit-confidence.ts`, whose output is pasted below, and shifted per language (the
 * `arabic` weight) so that the default threshold, 50 %, holds false abstention at 4 % on the dev
 * sets of each language. The engine answers when the confidence reaches the bot's threshold
 * (`CAUTION_THRESHOLDS`, chosen on the same dev halves), else gives its fallback reply.
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
  /** 1 when the question has a number (a year, a count) that the chosen passage does not. */
  numberMissing: number;
}

// The thresholds live with the caution setting in the contracts (the web app shows them too).
export { type AnswerCaution, CAUTION_THRESHOLDS, LOW_CONFIDENCE } from "@parley/contracts";

export const EVIDENCE_FEATURES = [
  "coverage",
  "sentenceCoverage",
  "passageCoverage",
  "rarest",
  "unknown",
  "margin",
  "kindFits",
  "fromFirst",
  "arabic",
  "repaired",
  "missing",
  "numberMissing",
] as const satisfies readonly (keyof AnswerEvidence)[];

export const evidenceVector = (e: AnswerEvidence): number[] => EVIDENCE_FEATURES.map((k) => e[k]);

/** Fitted weights (same order as EVIDENCE_FEATURES) and intercept: `pnpm tsx apps/api/eval/fit-confidence.ts`. */
export const CONFIDENCE_MODEL = {
  weights: [2.908, 0.31, 2.04, -0.186, -1.21, 0.497, -0.012, 0.458, 0.237, -1.157, -0.127, -1.337],
  intercept: -2.018,
};

export function confidenceOf(e: AnswerEvidence, model = CONFIDENCE_MODEL): number {
  const x = evidenceVector(e);
  let z = model.intercept;
  for (const [i, w] of model.weights.entries()) z += w * (x[i] ?? 0);
  return 1 / (1 + Math.exp(-z));
}
