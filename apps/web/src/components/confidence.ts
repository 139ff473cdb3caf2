/**
 * How an answer's confidence (the built-in engine's, 0–1) is shown: beside an answer, a chip with
 * the percentage, marked low under `LOW_CONFIDENCE`; beside a fallback reply, the answer the engine
 * held back and its confidence. AI-model answers and replies that are not answers carry none.
 */
import { LOW_CONFIDENCE } from "@parley/contracts";

export { LOW_CONFIDENCE };

export type ConfidenceView =
  | { kind: "none" }
  | { kind: "answer"; ratio: number; low: boolean }
  | { kind: "heldBack"; ratio: number };

export function confidenceView(
  confidence: number | null | undefined,
  answered: boolean | null | undefined,
): ConfidenceView {
  if (confidence === null || confidence === undefined || !Number.isFinite(confidence))
    return { kind: "none" };
  const ratio = Math.min(1, Math.max(0, confidence));
  if (answered === false) return { kind: "heldBack", ratio };
  if (answered === null || answered === undefined) return { kind: "none" };
  return { kind: "answer", ratio, low: ratio < LOW_CONFIDENCE };
}
