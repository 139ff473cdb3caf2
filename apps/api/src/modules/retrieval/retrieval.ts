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
  /** Q&A only: the stored question and the asked one share all their words (either way round). */
  qaMatch: boolean;
}

/**
 * Full-text retrieval for one chatbot (identical on PGlite and Postgres): `websearch_to_tsquery`
 * (all words) first; when that finds fewer than `k`, an OR of the same lexemes fills up. Ranked
 * by `ts_rank_cd` normalised to 0..1. Always filtered by chatbot — never across bots.
 */
export function createRetrieval(db: Database) {
  const run = async (chatbotId: string, question: string, k: number, mode: "and" | "or") => {
    const query =
      mode === "and"
        ? sql`websearch_to_tsquery('english', ${question})`
        : sql`nullif(replace(plainto_tsquery('english', ${question})::text, ' & ', ' | '), '')::tsquery`;
    const result = await db.execute(sql`
      select c.id, c.source_id, s.title as source_title, s.kind as source_kind, c.kind, c.title, c.body, c.url,
             ts_rank_cd(c.tsv, qq.q, 32) as rank,
             (c.kind = 'qa' and (to_tsvector('english', c.title) @@ plainto_tsquery('english', ${question})
                                 or to_tsvector('english', ${question}) @@ plainto_tsquery('english', c.title))) as qa_match
      from knowledge_chunks c
      join knowledge_sources s on s.id = c.source_id,
      (select ${query} as q) qq
      where c.chatbot_id = ${chatbotId} and qq.q is not null and c.tsv @@ qq.q
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
      const strict = await run(chatbotId, q, k, "and");
      if (strict.length >= k) return strict;
      const loose = await run(chatbotId, q, k, "or");
      const seen = new Set(strict.map((p) => p.chunkId));
      // OR matches rank below every AND match.
      return [
        ...strict,
        ...loose.filter((p) => !seen.has(p.chunkId)).map((p) => ({ ...p, rank: p.rank / 2 })),
      ].slice(0, k);
    },

    /** Ranks candidate sentences against the question with the same text-search config. */
    async rankSentences(question: string, sentences: string[]): Promise<number[]> {
      if (sentences.length === 0) return [];
      const result = await db.execute(sql`
        select ord::int as ord,
               ts_rank_cd(to_tsvector('english', s), nullif(replace(plainto_tsquery('english', ${question})::text, ' & ', ' | '), '')::tsquery, 32) as rank
        from jsonb_array_elements_text(${JSON.stringify(sentences)}::jsonb) with ordinality as t(s, ord)`);
      const ranks = new Array<number>(sentences.length).fill(0);
      for (const r of rowsOf<{ ord: number; rank: number | string | null }>(result))
        ranks[r.ord - 1] = Number(r.rank ?? 0);
      return ranks;
    },
  };
}
export type Retrieval = ReturnType<typeof createRetrieval>;
