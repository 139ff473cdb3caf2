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
  rank: number;
  /** Q&A only: the stored and the asked question share at least half their words (Jaccard ≥ 0.5 on lexemes). */
  qaMatch: boolean;
}

/** Subsets of `items` of exactly `size` elements (small n only). */
function combinations<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, size - 1).map((c) => [first, ...c]), ...combinations(rest, size)];
}

const quote = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;
const MAX_TERMS = 8;
const LAST_STAGE_CANDIDATES = 400;

/**
 * Full-text retrieval for one chatbot (identical on PGlite and Postgres), always filtered by
 * chatbot — never across bots. The question's lexemes are matched in stages that relax step by
 * step: every term; all terms but one; any two terms; finally any single term (ranked among a
 * capped candidate set). Later stages run only while fewer than `k` passages were found. Each
 * stage is ranked by `ts_rank` against all the terms, normalised to 0..1. Postgres ranking has no
 * inverse document frequency, so relaxing this way (rather than one big OR) both keeps common
 * words from flooding the results and keeps the work per query small.
 */
export function createRetrieval(db: Database) {
  const lexemesOf = async (question: string): Promise<string[]> => {
    const result = await db.execute(
      sql`select lexeme from unnest(to_tsvector('english', ${question})) as t(lexeme, positions, weights)`,
    );
    return rowsOf<{ lexeme: string }>(result)
      .map((r) => r.lexeme)
      .slice(0, MAX_TERMS);
  };

  const run = async (
    chatbotId: string,
    question: string,
    match: string,
    rankBy: string,
    k: number,
    exclude: number[],
    capped: boolean,
  ) => {
    const candidates = capped
      ? sql`(select * from knowledge_chunks where chatbot_id = ${chatbotId} and tsv @@ ${match}::tsquery limit ${LAST_STAGE_CANDIDATES})`
      : sql`knowledge_chunks`;
    const result = await db.execute(sql`
      select c.id, c.source_id, s.title as source_title, s.kind as source_kind, c.kind, c.title, c.body, c.url,
             ts_rank(c.tsv, ${rankBy}::tsquery, 32) as rank,
             (c.kind = 'qa' and (
               select count(*) filter (where x = any(asked.l))::float / nullif(cardinality(asked.l) + count(*) - count(*) filter (where x = any(asked.l)), 0)
               from unnest(tsvector_to_array(to_tsvector('english', c.title))) as x,
                    (select tsvector_to_array(to_tsvector('english', ${question})) as l) asked
               group by asked.l
             ) >= 0.5) as qa_match
      from ${candidates} c
      join knowledge_sources s on s.id = c.source_id
      where c.chatbot_id = ${chatbotId} and c.tsv @@ ${match}::tsquery
        and not (c.id = any(${`{${exclude.join(",")}}`}::bigint[]))
      order by rank desc, c.id
      limit ${k}`);
    return rowsOf<{
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
  };

  return {
    async search(chatbotId: string, question: string, k = 6): Promise<Passage[]> {
      const q = question.slice(0, 500);
      const terms = [...new Set(await lexemesOf(q))].map(quote);
      if (terms.length === 0) return [];
      const any = terms.join(" | ");
      const stages: string[] = [terms.join(" & ")];
      if (terms.length >= 3)
        stages.push(
          combinations(terms, terms.length - 1)
            .map((c) => `(${c.join(" & ")})`)
            .join(" | "),
        );
      if (terms.length >= 4)
        stages.push(
          combinations(terms, 2)
            .map((c) => `(${c.join(" & ")})`)
            .join(" | "),
        );
      if (terms.length >= 2) stages.push(any);
      const found: Passage[] = [];
      for (const [i, match] of stages.entries()) {
        const last = i === stages.length - 1 && terms.length >= 2;
        const rows = await run(
          chatbotId,
          q,
          match,
          any,
          k - found.length,
          found.map((p) => p.chunkId),
          last,
        );
        // Each relaxed stage ranks below every passage of a stricter one.
        found.push(...rows.map((p) => ({ ...p, rank: p.rank / 2 ** i })));
        if (found.length >= k) break;
      }
      return found;
    },

    /** Ranks candidate sentences against the question with the same text-search config. */
    async rankSentences(question: string, sentences: string[]): Promise<number[]> {
      if (sentences.length === 0) return [];
      const result = await db.execute(sql`
        select ord::int as ord,
               ts_rank(to_tsvector('english', s), nullif(replace(plainto_tsquery('english', ${question})::text, ' & ', ' | '), '')::tsquery, 32) as rank
        from jsonb_array_elements_text(${JSON.stringify(sentences)}::jsonb) with ordinality as t(s, ord)`);
      const ranks = new Array<number>(sentences.length).fill(0);
      for (const r of rowsOf<{ ord: number; rank: number | string | null }>(result))
        ranks[r.ord - 1] = Number(r.rank ?? 0);
      return ranks;
    },
  };
}
export type Retrieval = ReturnType<typeof createRetrieval>;
