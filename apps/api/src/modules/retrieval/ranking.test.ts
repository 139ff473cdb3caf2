import { describe, expect, it } from "vitest";
import { type Candidate, parseHits, RANKING, type ScoredTerm, scoreCandidate } from "./ranking";

const term = (t: string, idf = 2, df = 5): ScoredTerm => ({ term: t, idf, df, repaired: false });
const chunk = (
  id: number,
  hits: Record<string, number[]>,
  title: Record<string, number> = {},
  arabic = false,
) =>
  ({
    id,
    arabic,
    length: 40,
    hits: new Map(Object.entries(hits).map(([k, positions]) => [k, { positions, title: title[k] ?? 0 }])),
  }) satisfies Candidate;

describe("candidate scoring (BM25 with the heading as a field)", () => {
  it("reads a chunk's matched words from unnested tsv JSON: positions, and which are in the heading", () => {
    const hits = parseHits('[["refund",[1,7,9],["A","B","B"]],["card",[12],["B"]]]');
    expect(hits.get("refund")).toEqual({ positions: [1, 7, 9], title: 1 });
    expect(hits.get("card")).toEqual({ positions: [12], title: 0 });
    expect(parseHits(null).size).toBe(0);
  });

  it("counts a word said three times above a word said once, saturating", () => {
    const terms = [term("refund")];
    const once = scoreCandidate(chunk(1, { refund: [5] }), terms, 40);
    const thrice = scoreCandidate(chunk(2, { refund: [5, 20, 30] }), terms, 40);
    const often = scoreCandidate(chunk(3, { refund: [5, 10, 15, 20, 25, 30, 35, 40, 45] }), terms, 40);
    expect(thrice).toBeGreaterThan(once);
    expect(often - thrice).toBeLessThan(thrice - once);
  });

  it("counts each word once in Arabic chunks (light stems gather more forms)", () => {
    const terms = [term("رسوم")];
    const once = scoreCandidate(chunk(1, { رسوم: [5] }, {}, true), terms, 40);
    const thrice = scoreCandidate(chunk(2, { رسوم: [5, 20, 30] }, {}, true), terms, 40);
    expect(thrice).toBe(once);
  });

  it("weighs a word typo repair guessed at its share, and boosts words close together", () => {
    const guessed = { ...term("refund"), repaired: true };
    const c = chunk(1, { refund: [5] });
    expect(scoreCandidate(c, [guessed], 40, { ...RANKING, typoWeight: 0.5 })).toBeCloseTo(
      scoreCandidate(c, [term("refund")], 40, { ...RANKING, typoWeight: 0.5 }) / 2,
      10,
    );
    const near = scoreCandidate(chunk(2, { refund: [5], card: [7] }), [term("refund"), term("card")], 40);
    const far = scoreCandidate(chunk(3, { refund: [5], card: [30] }), [term("refund"), term("card")], 40);
    expect(near).toBeGreaterThan(far);
  });
});
