/**
 * How retrieval scores the chunks it found (retrieval.ts): BM25 over the question's words, here in
 * TypeScript from each candidate's matched words with their positions and fields (heading or
 * body), as the database stores them in `tsv`. Pure functions, the same on every driver.
 */

export interface RankingParams {
  /** BM25 term-frequency saturation and length normalisation. */
  k1: number;
  b: number;
  /** Term frequency counts (false: each word once, whatever its count)… */
  tf: boolean;
  /** …and in Arabic chunks too (light stems gather more forms, so a repeated stem says less). */
  tfArabic: boolean;
  /** A word in the heading path counts as this many occurrences in the body (BM25F). */
  titleWeight: number;
  /** Extra score for a question word in the heading path, as a share of its IDF. */
  titleBoost: number;
  /** Extra score for two of the six rarest question words within three words, as a share of their IDF. */
  proximity: number;
  /** A word taken for a misspelt one weighs this share of its IDF (it may not be the word meant). */
  typoWeight: number;
  /** How alike (trigram similarity) a known word must be to be taken for an unknown one. */
  typoSimilarity: number;
  /** Candidates found by the index (an upper bound of their score) that are scored in full. */
  candidates: number;
}

export const RANKING: RankingParams = {
  k1: 0.6,
  b: 0.75,
  tf: true,
  tfArabic: false,
  titleWeight: 1,
  titleBoost: 0.35,
  proximity: 0.3,
  typoWeight: 1,
  typoSimilarity: 0.4,
  candidates: 30,
};

/** A question word as scored: the bot's lexeme, its rarity, and whether it was a repaired misspelling. */
export interface ScoredTerm {
  term: string;
  idf: number;
  df: number;
  repaired: boolean;
}

/** One question word in a chunk: its positions and how many of them are in the heading. */
export interface TermHit {
  positions: number[];
  title: number;
}

export interface Candidate {
  id: number;
  /** An Arabic chunk (see `RankingParams.tfArabic`). */
  arabic: boolean;
  /** Distinct lexemes of the chunk (`length(tsv)`), as in the bot's average. */
  length: number;
  hits: Map<string, TermHit>;
}

/**
 * A `tsv` unnested to the question's words, as `[[lexeme, positions, weights], …]` (JSON text):
 * weight A is the heading path, B the body.
 */
export function parseHits(json: string | null): Map<string, TermHit> {
  const hits = new Map<string, TermHit>();
  if (!json) return hits;
  for (const [lexeme, positions, weights] of JSON.parse(json) as [string, number[], string[]][])
    hits.set(lexeme, {
      positions: positions ?? [],
      title: (weights ?? []).filter((w) => w === "A").length,
    });
  return hits;
}

const near = (a: number[], b: number[]) => a.some((x) => b.some((y) => x !== y && Math.abs(x - y) <= 3));

/** The candidate's score: BM25 (with the heading as a weighted field), heading and proximity boosts. */
export function scoreCandidate(
  c: Candidate,
  terms: ScoredTerm[],
  avgLength: number,
  p: RankingParams = RANKING,
): number {
  const norm = p.k1 * (1 - p.b + (p.b * c.length) / Math.max(avgLength, 1));
  let score = 0;
  for (const t of terms) {
    const hit = c.hits.get(t.term);
    if (!hit) continue;
    const idf = t.repaired ? t.idf * p.typoWeight : t.idf;
    const body = hit.positions.length - hit.title;
    const tf = p.tf && (p.tfArabic || !c.arabic) ? body + p.titleWeight * hit.title : 1;
    score += (idf * tf * (p.k1 + 1)) / (tf + norm);
    if (hit.title > 0) score += idf * p.titleBoost;
  }
  const rare = [...terms].sort((x, y) => x.df - y.df || (x.term < y.term ? -1 : 1)).slice(0, 6);
  for (const [i, x] of rare.entries())
    for (const y of rare.slice(i + 1)) {
      const hx = c.hits.get(x.term);
      const hy = c.hits.get(y.term);
      if (hx && hy && near(hx.positions, hy.positions)) score += ((x.idf + y.idf) / 2) * p.proximity;
    }
  return score;
}
