import { CAUTION_THRESHOLDS } from "@parley/contracts";
import { testDrivers } from "@parley/db/testing";
import { describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { GOALS, goalsFor } from "../../eval/cli-goals";
import { baselineFigures, collectRecords, figures } from "../../eval/records";
import { arabicBusinessSet, arcdSet, englishBusinessSet, squadSet } from "../../eval/sets";

// Regression guards on the eval's test halves (split by document; the confidence model and its
// thresholds were fitted on the dev halves: apps/api/eval/fit-confidence.ts). COVID-QA runs in
// `pnpm eval` only (about three minutes); its figures are in the README. The figures do not depend
// on the driver (the same on both, measured 2026-11-30): on Postgres when DATABASE_URL is given,
// where the questions cost the machine about 40 % less than on PGlite.
const [driver = "pglite"] = testDrivers("either");
describe("business evaluation set (test half, built-in engine)", () => {
  it("meets the answer-quality goals", { timeout: scaled(180_000) }, async () => {
    const set = englishBusinessSet("test");
    const records = await collectRecords(set.bots, set.asks, {}, driver);
    const f = figures(records);
    const b = baselineFigures(records);
    expect(f.answerable).toBeGreaterThan(50);
    expect(f.unanswerable).toBeGreaterThan(25);
    expect(f.hit1).toBeGreaterThanOrEqual(b.hit1 + GOALS.hit1OverBaseline);
    expect(f.recall5).toBeGreaterThanOrEqual(GOALS.recall5);
    expect(f.containsGold).toBeGreaterThanOrEqual(GOALS.containsGold);
    expect(f.medianLength).toBeLessThanOrEqual(GOALS.medianLength);
    // 48.3 % (14 of 29) since the confidence model is fitted per language (README: what is
    // missed): below the 50 % goal by one question, guarded where it stands.
    expect(f.abstention).toBeGreaterThanOrEqual(0.48);
    expect(f.falseAbstention).toBeLessThanOrEqual(GOALS.falseAbstention);
    // The reply's decision is its confidence against the bot's (balanced) threshold.
    expect(figures(records, CAUTION_THRESHOLDS.balanced).falseAbstention).toBeCloseTo(f.falseAbstention, 5);
  });
});

// SQuAD 2.0's test half (when ../shared/data/squad2_train10.jsonl is there): many short paragraphs
// of the same articles, and SQuAD 2.0's own unanswerable questions (issue 34's goals).
describe("SQuAD 2.0 evaluation (test half, built-in engine)", () => {
  it.skipIf(!squadSet("test"))(
    "tells the right paragraph from its neighbours, and abstains on its unanswerable questions",
    { timeout: scaled(600_000) },
    async () => {
      const set = squadSet("test");
      if (!set) return;
      const goals = goalsFor("squad");
      const records = await collectRecords(set.bots, set.asks, {}, driver);
      const f = figures(records);
      expect(f.answerable).toBe(1309);
      expect(f.unanswerable).toBe(160);
      expect(f.hit1).toBeGreaterThanOrEqual(baselineFigures(records).hit1 + goals.hit1OverBaseline);
      expect(f.medianLength).toBeLessThanOrEqual(goals.medianLength);
      expect(f.containsGold).toBeGreaterThanOrEqual(goals.containsGold);
      // Below their goals (README: what is missed): guarded where they stand, so they only rise.
      // False abstention 5.4 % (goal 5 %), abstention on the unanswerable 8.8 % (goal 30 %).
      expect(f.falseAbstention).toBeLessThanOrEqual(0.055);
      expect(f.abstention).toBeGreaterThanOrEqual(0.085);
      expect(goals.abstention).toBe(0.3);
    },
  );
});

// ARCD's test split (when ../shared/data/arcd.jsonl is there; read at run time, never copied into
// the repository), answerable questions only here, and the Arabic business set's test half.
describe("Arabic evaluation (test halves, built-in engine)", () => {
  it.skipIf(!arcdSet("test"))(
    "ARCD test split: hit@1 over the baseline, few false abstentions",
    // 107 s on a quiet machine, 255 s on the slow-day rehearsal: bounded at twice that.
    { timeout: scaled(600_000) },
    async () => {
      const set = arcdSet("test");
      if (!set) return;
      const records = await collectRecords(
        set.bots,
        set.asks.filter((a) => a.gold !== null),
        {},
        driver,
      );
      const f = figures(records);
      expect(f.answerable).toBe(702);
      expect(f.hit1).toBeGreaterThanOrEqual(baselineFigures(records).hit1 + GOALS.hit1OverBaseline);
      expect(f.recall5).toBeGreaterThanOrEqual(GOALS.recall5);
      expect(f.falseAbstention).toBeLessThanOrEqual(GOALS.falseAbstention);
      expect(f.medianLength).toBeLessThanOrEqual(GOALS.medianLength);
    },
  );
  it("the Arabic business set's test half: answers, abstains, stays short", {
    timeout: scaled(180_000),
  }, async () => {
    const set = arabicBusinessSet("test");
    const records = await collectRecords(set.bots, set.asks, {}, driver);
    const f = figures(records);
    expect(f.answerable).toBe(38);
    expect(f.unanswerable).toBe(25);
    expect(f.recall5).toBeGreaterThanOrEqual(GOALS.recall5);
    expect(f.containsGold).toBeGreaterThanOrEqual(GOALS.containsGold);
    // 60.0 % abstention (goal 50 %) since a visitor's word the pages never use is searched as
    // its synonym (arabicSynonyms) and the Arabic model was refitted on the dev halves; false
    // abstention 5.3 % (2 of 38, both with the wrong passage first), one question over its 5 %
    // goal (README: what is missed): guarded where it stands.
    expect(f.falseAbstention).toBeLessThanOrEqual(0.053);
    expect(GOALS.falseAbstention).toBe(0.05);
    expect(f.abstention).toBeGreaterThanOrEqual(GOALS.abstention);
    expect(GOALS.abstention).toBe(0.5);
    expect(f.medianLength).toBeLessThanOrEqual(GOALS.medianLength);
  });
});
