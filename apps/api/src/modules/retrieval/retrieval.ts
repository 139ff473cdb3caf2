import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";

export interface Passage {
  chunkId: number;
  sourceId: string;
  sourceTitle: string;
  sourceKind: "text" | "qa" | "file" | "website";
  kind: "passage" | "qa";
  title: string;
  body: string;
  url: string | null;
  /** BM25 score with the title and proximity boosts (higher is better; not bounded). */
  rank: number;
  /** Q&A only: the stored and the asked question share at least half their words (Jaccard ≥ 0.5 on lexemes). */
  qaMatch: boolean;
}

/** One word of the question as retrieval saw it. */
export interface QueryTerm {
  /** The question's lexeme. */
  term: string;
  /** The bot's lexeme it was matched as: itself, or the known word a misspelling was taken for. */
  matched: string | null;
  /** Chunks of the bot holding `matched` (0: the bot never saw this word). */
  df: number;
  /** Inverse document frequency (BM25); for an unknown word, that of a word found in one chunk. */
  idf: number;
}

export interface Retrieved {
  passages: Passage[];
  terms: QueryTerm[];
}

/** BM25 parameters, and the boosts for question words in the heading path and close together. */
const K1 = 1.2;
const B = 0.75;
const TITLE_BOOST = 0.35;
const PROXIMITY_BOOST = 0.3;
/** Words of the question that count (the rarest ones when a question has more). */
const MAX_TERMS = 32;
/** Candidates pre-ranked by the rarity of the words they hold, then scored in full. */
const CANDIDATES = 60;
/** Typo repair: how alike (trigram similarity) a known word must be, and how many words at most. */
const TYPO_SIMILARITY = 0.4;
const MAX_TYPO_FIXES = 2;

/** A lexeme as a tsquery operand (quotes and backslashes escaped). */
const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
const idfOf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/**
 * Full-text retrieval for one chatbot, always filtered by chatbot — never across bots — and
 * identical on PGlite and Postgres (the weights are computed here and sent as numbers; the
 * database only adds and multiplies them).
 *
 * Every word of the question counts (deduplicated lexemes; stop words dropped by the text-search
 * configuration). Chunks holding any of them are found through the GIN index and pre-ranked by
 * the summed rarity (IDF, from the bot's term statistics) of the words they hold; the best
 * `CANDIDATES` are scored with BM25, plus a boost for words in the heading path and for question
 * words that sit within three words of another. A word the bot has never seen is looked up among
 * the bot's own words by trigram similarity ("refnd" → refund), for at most two words.
 */
export function createRetrieval(db: Database) {
  async function termsOf(chatbotId: string, question: string) {
    const result = await db.execute(sql`
      select q.lexeme as term, coalesce(t.df, 0)::int as df,
             coalesce(s.chunks, 0)::int as chunks, coalesce(s.total_length, 0)::float8 as total_length
      from unnest(to_tsvector('english', ${question})) as q(lexeme, positions, weights)
      left join knowledge_terms t on t.chatbot_id = ${chatbotId} and t.term = q.lexeme
      left join knowledge_bot_stats s on s.chatbot_id = ${chatbotId}`);
    const rows = rowsOf<{ term: string; df: number; chunks: number; total_length: number }>(result);
    const chunks = Number(rows[0]?.chunks ?? 0);
    const avgLength = chunks > 0 ? Number(rows[0]?.total_length ?? 0) / chunks : 1;
    const terms = rows
      .map((r) => ({ term: r.term, df: Number(r.df) }))
      // The rarest words when there are too many; unknown words (df 0) are kept for typo repair.
      .sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1))
      .slice(0, MAX_TERMS);
    return { terms, chunks, avgLength };
  }

  /**
   * Known words of the bot that an unknown one was probably meant as (one each). A short word is
   * only taken for one at least as long ("peru" is not a typo of "per").
   */
  async function repairTypos(
    chatbotId: string,
    unknown: string[],
  ): Promise<Map<string, { term: string; df: number }>> {
    const fixes = new Map<string, { term: string; df: number }>();
    const words = unknown.filter((w) => w.length >= 4 && /^[a-z]+$/.test(w)).slice(0, MAX_TYPO_FIXES);
    for (const word of words) {
      const result = await db.execute(sql`
        select term, df from knowledge_terms
        where chatbot_id = ${chatbotId}
          and length(term) between ${word.length <= 4 ? word.length : word.length - 2}::int and ${word.length + 2}::int
          and similarity(term, ${word}) >= ${TYPO_SIMILARITY}::float4
        order by similarity(term, ${word}) desc, df desc, term
        limit 1`);
      const best = rowsOf<{ term: string; df: number }>(result)[0];
      if (best) fixes.set(word, { term: best.term, df: Number(best.df) });
    }
    return fixes;
  }

  async function retrieve(chatbotId: string, question: string, k = 6): Promise<Retrieved> {
    // "How long", "how much", "what time" ask for a kind of answer; "long", "much", "time" are not the subject.
    const q = question
      .slice(0, 500)
      .replace(/\u0000/g, " ")
      .replace(/\bhow (long|much|many|often|soon|far)\b/gi, "how")
      .replace(/\bwhat time\b/gi, "when");
    const { terms: raw, chunks, avgLength } = await termsOf(chatbotId, q);
    if (raw.length === 0 || chunks === 0) return { passages: [], terms: [] };
    const unknown = raw.filter((t) => t.df === 0).map((t) => t.term);
    const fixes = unknown.length ? await repairTypos(chatbotId, unknown) : new Map();
    const terms: QueryTerm[] = raw.map((t) => {
      const fix = t.df === 0 ? fixes.get(t.term) : undefined;
      const matched = fix ? fix.term : t.df > 0 ? t.term : null;
      const df = fix ? fix.df : t.df;
      return { term: t.term, matched, df, idf: idfOf(chunks, Math.max(df, 1)) };
    });
    // One weight per bot word searched (a repaired word can coincide with one asked correctly).
    const weights = new Map<string, number>();
    for (const t of terms)
      if (t.matched) weights.set(t.matched, Math.max(weights.get(t.matched) ?? 0, t.idf));
    if (weights.size === 0) return { passages: [], terms };
    const q2 = [...weights].map(([term, idf]) => ({ term, idf, tsq: quote(term) }));
    const any = q2.map((t) => t.tsq).join(" | ");
    const result = await db.execute(sql`
      with q as (
        select term, idf, tsq::tsquery as tsq
        from jsonb_to_recordset(${JSON.stringify(q2)}::jsonb) as x(term text, idf float8, tsq text)
      ),
      cand as (
        select c.id, c.tsv, length(c.tsv)::float8 as dl,
               (select sum(q.idf) from q where c.tsv @@ q.tsq) as pre
        from knowledge_chunks c
        where c.chatbot_id = ${chatbotId} and c.tsv @@ ${any}::tsquery
        order by pre desc, c.id
        limit ${CANDIDATES}::int
      ),
      hits as (
        select cand.id, cand.dl, q.term, q.idf, u.positions, u.weights,
               coalesce(array_length(u.positions, 1), 1)::float8 as tf
        from cand, unnest(cand.tsv) as u(lexeme, positions, weights), q
        where q.term = u.lexeme
      ),
      pos as (select h.id, h.term, p from hits h, unnest(h.positions) as p),
      near as (
        select distinct a.id, a.term from pos a
        join pos b on b.id = a.id and b.term <> a.term and abs(a.p - b.p) <= 3
      ),
      scored as (
        select h.id,
               sum(h.idf * (h.tf * ${K1 + 1}::float8) / (h.tf + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * h.dl / ${avgLength}::float8)))
               + ${TITLE_BOOST}::float8 * sum(case when 'A' = any(h.weights) then h.idf else 0 end)
               + ${PROXIMITY_BOOST}::float8 * sum(case when n.term is not null then h.idf else 0 end) as score
        from hits h
        left join near n on n.id = h.id and n.term = h.term
        group by h.id
      )
      select c.id, c.source_id, s.title as source_title, s.kind as source_kind, c.kind, c.title, c.body, c.url,
             sc.score as rank,
             (c.kind = 'qa' and (
               select count(*) filter (where x = any(asked.l))::float / nullif(cardinality(asked.l) + count(*) - count(*) filter (where x = any(asked.l)), 0)
               from unnest(tsvector_to_array(to_tsvector('english', c.title))) as x,
                    (select tsvector_to_array(to_tsvector('english', ${q})) as l) asked
               group by asked.l
             ) >= 0.5) as qa_match
      from scored sc
      join knowledge_chunks c on c.id = sc.id
      join knowledge_sources s on s.id = c.source_id
      order by sc.score desc, c.id
      limit ${k}`);
    const passages = rowsOf<{
      id: number | string;
      source_id: string;
      source_title: string;
      source_kind: Passage["sourceKind"];
      kind: Passage["kind"];
      title: string;
      body: string;
      url: string | null;
      rank: number | string;
      qa_match: boolean;
    }>(result).map(
      (r): Passage => ({
        chunkId: Number(r.id),
        sourceId: r.source_id,
        sourceTitle: r.source_title,
        sourceKind: r.source_kind,
        kind: r.kind,
        title: r.title,
        body: r.body,
        url: r.url,
        rank: Number(r.rank),
        qaMatch: Boolean(r.qa_match),
      }),
    );
    return { passages, terms };
  }

  return {
    retrieve,
    async search(chatbotId: string, question: string, k = 6): Promise<Passage[]> {
      return (await retrieve(chatbotId, question, k)).passages;
    },

    /** The lexemes of each sentence, with the same text-search configuration as the chunks. */
    async sentenceTerms(sentences: string[]): Promise<string[][]> {
      if (sentences.length === 0) return [];
      const result = await db.execute(sql`
        select ord::int as ord, tsvector_to_array(to_tsvector('english', s)) as terms
        from jsonb_array_elements_text(${JSON.stringify(sentences)}::jsonb) with ordinality as t(s, ord)`);
      const out = sentences.map(() => [] as string[]);
      for (const r of rowsOf<{ ord: number; terms: string[] | string }>(result))
        out[r.ord - 1] = Array.isArray(r.terms) ? r.terms : parsePgArray(r.terms);
      return out;
    },
  };
}
export type Retrieval = ReturnType<typeof createRetrieval>;

/** A text[] as text (a driver that does not parse arrays): {a,"b c"} → ["a", "b c"]. */
function parsePgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? ""),
  );
}
