import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { knowledgeChunks, knowledgeSources, knowledgeStagedPages } from "../../../db/schema";
import type { Tx } from "../../../db/tx";
import { indexFields } from "../../retrieval/arabic";
import { termStats } from "../../retrieval/term-stats.repo";
import type { Chunk } from "./chunker";
import type { VisitedPage } from "./crawler";

const SKIPPED_SHOWN = 100;
const BATCH = 500;

/**
 * Locks the source's row for the rest of the transaction (a concurrent delete or swap waits);
 * false when it is gone.
 */
export async function lockSource(tx: Tx, sourceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: knowledgeSources.id })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.id, sourceId))
    .for("update");
  return Boolean(row);
}

/**
 * The rows one ingestion run writes as it reads (see `knowledgeStagedPages`): progress that
 * survives the process, and passages kept out of the chunk table until the run is complete.
 */
export function createStaging(db: Database, sourceId: string, jobId: string) {
  let ord = 0;
  let chunkCount = 0;
  const own = and(eq(knowledgeStagedPages.sourceId, sourceId), eq(knowledgeStagedPages.jobId, jobId));

  return {
    get chunkCount() {
      return chunkCount;
    },
    /**
     * What this job already read (its earlier attempt died), in visiting order. Rows of any other
     * run of the source (an abandoned one) are dropped.
     */
    async resume(): Promise<VisitedPage[]> {
      await db
        .delete(knowledgeStagedPages)
        .where(and(eq(knowledgeStagedPages.sourceId, sourceId), ne(knowledgeStagedPages.jobId, jobId)));
      const rows = await db
        .select({
          ord: knowledgeStagedPages.ord,
          url: knowledgeStagedPages.url,
          links: knowledgeStagedPages.links,
          skippedReason: knowledgeStagedPages.skippedReason,
          chunks: sql<number>`jsonb_array_length(${knowledgeStagedPages.chunks})::int`,
        })
        .from(knowledgeStagedPages)
        .where(own)
        .orderBy(asc(knowledgeStagedPages.ord));
      ord = (rows.at(-1)?.ord ?? -1) + 1;
      chunkCount = rows.reduce((n, r) => n + Number(r.chunks), 0);
      // A long page is staged in several rows (batches of passages): one visit each.
      const visited = new Map<string, VisitedPage>();
      for (const r of rows) {
        if (r.url !== null && !visited.has(r.url))
          visited.set(r.url, { url: r.url, links: r.links, read: r.skippedReason === null });
      }
      return [...visited.values()];
    },
    async page(url: string | null, title: string, chunks: Chunk[], links: string[] = []) {
      for (let i = 0; i === 0 || i < chunks.length; i += BATCH) {
        // Each passage with its language and analysed search text (retrieval/arabic.ts).
        const batch = chunks.slice(i, i + BATCH).map((c) => ({ ...c, ...indexFields(c.title, c.body) }));
        await db
          .insert(knowledgeStagedPages)
          .values({ sourceId, jobId, ord: ord++, url, title, chunks: batch, links: i === 0 ? links : [] });
        chunkCount += batch.length;
      }
    },
    async skipped(url: string, reason: string) {
      await db
        .insert(knowledgeStagedPages)
        .values({ sourceId, jobId, ord: ord++, url, skippedReason: reason });
    },
    async skippedPages(): Promise<{ url: string; reason: string }[]> {
      const rows = await db
        .select({ url: knowledgeStagedPages.url, reason: knowledgeStagedPages.skippedReason })
        .from(knowledgeStagedPages)
        .where(and(own, sql`${knowledgeStagedPages.skippedReason} is not null`))
        .orderBy(asc(knowledgeStagedPages.ord))
        .limit(SKIPPED_SHOWN);
      return rows.map((r) => ({ url: r.url ?? "", reason: r.reason ?? "" }));
    },
    /**
     * Replaces the source's passages with the staged ones in one transaction (answers see the old
     * set or the new one, never half), copying inside the database rather than through the API's
     * memory, and updates the bot's term statistics with them. Returns the number of passages, or undefined when the source was deleted meanwhile.
     */
    async swapIn(
      chatbotId: string,
      kind: "passage" | "qa",
      set: Partial<typeof knowledgeSources.$inferInsert>,
    ): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        if (!(await lockSource(tx, sourceId))) return undefined;
        // The bot's BM25 statistics change with its chunks, in this same transaction.
        await termStats.lockBot(tx, chatbotId);
        await termStats.subtractSource(tx, chatbotId, sourceId);
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.sourceId, sourceId));
        const result = await tx.execute(sql`
          with inserted as (
            insert into knowledge_chunks (chatbot_id, source_id, ord, kind, title, body, url, lang, search_title, search_body)
            select ${chatbotId}, ${sourceId}, (row_number() over (order by p.ord, c.n))::int - 1, ${kind},
                   coalesce(c.value->>'title', ''), c.value->>'body', p.url,
                   coalesce(c.value->>'lang', 'en'), c.value->>'searchTitle', c.value->>'searchBody'
            from knowledge_staged_pages p,
                 jsonb_array_elements(p.chunks) with ordinality as c(value, n)
            where p.source_id = ${sourceId} and p.job_id = ${jobId} and p.skipped_reason is null
            returning 1
          )
          select count(*)::int as n from inserted`);
        const count = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
        await termStats.addSource(tx, chatbotId, sourceId);
        await tx
          .update(knowledgeSources)
          .set({ ...set, chunkCount: count })
          .where(eq(knowledgeSources.id, sourceId));
        await tx.delete(knowledgeStagedPages).where(eq(knowledgeStagedPages.sourceId, sourceId));
        return count;
      });
    },
    async clear() {
      await db.delete(knowledgeStagedPages).where(eq(knowledgeStagedPages.sourceId, sourceId));
    },
  };
}
export type Staging = ReturnType<typeof createStaging>;
