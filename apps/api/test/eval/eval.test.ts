import { describe, expect, it } from "vitest";
import { AR_SOURCES, arSplit } from "../../eval/arabic-business";
import { ARABIC_GOALS } from "../../eval/arabic-cli";
import { arcdAvailable, loadArcd } from "../../eval/arcd";
import { GOALS, runEval, split } from "../../eval/run-eval";

// A regression guard on the evaluation set's held-out half (the thresholds were tuned on the
// other half): retrieval, answer length, answers holding the gold phrase and honest abstention.
describe("business evaluation set (held-out split, built-in engine, PGlite)", () => {
  it("meets the answer-quality goals", { timeout: 120_000 }, async () => {
    const f = await runEval("pglite", split("test"));
    expect(f.answerable).toBeGreaterThan(50);
    expect(f.unanswerable).toBeGreaterThan(25);
    expect(f.hit1).toBeGreaterThan(f.baselineHit1);
    expect(f.hit1).toBeGreaterThanOrEqual(0.9);
    expect(f.containsGold).toBeGreaterThanOrEqual(GOALS.containsGold);
    expect(f.medianLength).toBeLessThanOrEqual(GOALS.medianLength);
    expect(f.abstention).toBeGreaterThanOrEqual(GOALS.abstention);
    expect(f.falseAbstention).toBeLessThanOrEqual(GOALS.falseAbstention);
  });
});

// The Arabic sets, on their held-out parts: ARCD's test split (when ../shared/data/arcd.jsonl is
// there; it is read at run time, never copied into the repository) and the Arabic business set's
// odd questions. Goals of issue 21: hit@1 at least 5 points above the MiniSearch baseline on ARCD
// test, false abstention at most 5 %.
describe("Arabic evaluation (held-out, built-in engine, PGlite)", () => {
  it.skipIf(!arcdAvailable())("ARCD test split meets the goals", { timeout: 300_000 }, async () => {
    const { sources, questions } = loadArcd("test");
    const f = await runEval("pglite", questions, sources, {}, "ARCD");
    expect(f.answerable).toBe(702);
    expect(f.hit1).toBeGreaterThanOrEqual(f.baselineHit1 + ARABIC_GOALS.hit1OverBaseline);
    expect(f.falseAbstention).toBeLessThanOrEqual(ARABIC_GOALS.falseAbstention);
    expect(f.medianLength).toBeLessThanOrEqual(GOALS.medianLength);
  });
  it("the Arabic business set's held-out questions: answers, abstains, stays short", {
    timeout: 120_000,
  }, async () => {
    const f = await runEval("pglite", arSplit("test"), AR_SOURCES, {}, "متجر النخلة");
    expect(f.answerable).toBeGreaterThanOrEqual(20);
    expect(f.unanswerable).toBeGreaterThanOrEqual(8);
    // Regression guards at the measured held-out figures (README): on these 22 questions hit@1 is
    // only level with the baseline's (86.4 %) while hit@3 is 100 %, and abstention (2 of 8) is
    // under the English set's 30 % goal; the goal of issue 21 (false abstention ≤ 5 %) is met.
    expect(f.hit3).toBeGreaterThanOrEqual(0.95);
    expect(f.containsGold).toBeGreaterThanOrEqual(GOALS.containsGold);
    expect(f.falseAbstention).toBeLessThanOrEqual(ARABIC_GOALS.falseAbstention);
    expect(f.abstention).toBeGreaterThanOrEqual(0.25);
    expect(f.medianLength).toBeLessThanOrEqual(GOALS.medianLength);
  });
});
