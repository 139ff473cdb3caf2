import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  type KnowledgeSyncRow,
  knowledgeSources,
  knowledgeStagedPages,
  knowledgeSyncs,
  type StagedPageMeta,
} from "../../../db/schema";
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
    async page(
      url: string | null,
      title: string,
      chunks: Chunk[],
      links: string[] = [],
      meta: StagedPageMeta | null = null,
    ) {
      // Each passage with its language and analysed search text (retrieval/arabic.ts), in batches
      // of rows; a page of several rows is written in one transaction, so a run that dies in the
      // middle never leaves half a page for the next one to take as read.
      const rows: (typeof knowledgeStagedPages.$inferInsert)[] = [];
      for (let i = 0; i === 0 || i < chunks.length; i += BATCH)
        rows.push({
          sourceId,
          jobId,
          ord: ord + rows.length,
          url,
          title,
          chunks: chunks.slice(i, i + BATCH).map((c) => ({ ...c, ...indexFields(c.title, c.body) })),
          links: i === 0 ? links : [],
          meta: i === 0 ? meta : null,
        });
      if (rows.length === 1) await db.insert(knowledgeStagedPages).values(rows);
      else
        await db.transaction(async (tx) => {
          for (const row of rows) await tx.insert(knowledgeStagedPages).values(row);
        });
      ord += rows.length;
      chunkCount += chunks.length;
    },
    /** A page whose chunks stay as they are (unchanged; or, with `reason`, failing for now). */
    async kept(url: string, links: string[], meta: StagedPageMeta, reason: string | null = null) {
      await db.insert(knowledgeStagedPages).values({
        sourceId,
        jobId,
        ord: ord++,
        url,
        links,
        skippedReason: reason,
        meta: { ...meta, keep: true },
      });
    },
    async skipped(url: string, reason: string, meta: StagedPageMeta | null = null) {
      await db
        .insert(knowledgeStagedPages)
        .values({ sourceId, jobId, ord: ord++, url, skippedReason: reason, meta });
    },
    /** Each page this run decided on, once, in visiting order (the sync's record is made from them). */
    async verdicts(): Promise<{ url: string; reason: string | null; meta: StagedPageMeta }[]> {
      const rows = await db
        .select({
          url: knowledgeStagedPages.url,
          reason: knowledgeStagedPages.skippedReason,
          meta: knowledgeStagedPages.meta,
        })
        .from(knowledgeStagedPages)
        .where(and(own, sql`${knowledgeStagedPages.meta} is not null`))
        .orderBy(asc(knowledgeStagedPages.ord));
      const seen = new Set<string>();
      const out: { url: string; reason: string | null; meta: StagedPageMeta }[] = [];
      for (const r of rows) {
        if (r.url === null || r.meta === null || seen.has(r.url)) continue;
        seen.add(r.url);
        out.push({ url: r.url, reason: r.reason, meta: r.meta });
      }
      return out;
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
     * memory, and updates the bot's term statistics with them. The chunks of pages staged as
     * `keep` are left as they are (same ids, so their vectors stay too); every other chunk of the
     * source goes. The pages' validators and hashes are stored for the next sync, and the sync's
     * record (`sync`) ends, in the same transaction. Returns the number of passages and the ended
     * record, or undefined when the source was deleted meanwhile.
     */
    async swapIn(
      chatbotId: string,
      kind: "passage" | "qa",
      set: Partial<typeof knowledgeSources.$inferInsert>,
      sync?: { id: string; set: Partial<typeof knowledgeSyncs.$inferInsert> },
    ): Promise<{ count: number; sync?: KnowledgeSyncRow } | undefined> {
      return db.transaction(async (tx) => {
        if (!(await lockSource(tx, sourceId))) return undefined;
        // The bot's BM25 statistics change with its chunks, in this same transaction.
        await termStats.lockBot(tx, chatbotId);
        await termStats.subtractSource(tx, chatbotId, sourceId);
        const keptUrls = sql`(select p.url from knowledge_staged_pages p
          where p.source_id = ${sourceId} and p.job_id = ${jobId} and p.url is not null
            and coalesce((p.meta->>'keep')::boolean, false))`;
        await tx.execute(sql`delete from knowledge_chunks
          where source_id = ${sourceId} and (url is null or url not in ${keptUrls})`);
        const [{ next } = { next: 0 }] = rowsOf<{ next: number }>(
          await tx.execute(
            sql`select coalesce(max(ord) + 1, 0)::int as next from knowledge_chunks where source_id = ${sourceId}`,
          ),
        );
        await tx.execute(sql`
          with inserted as (
            insert into knowledge_chunks (chatbot_id, source_id, ord, kind, title, body, url, lang, search_title, search_body)
            select ${chatbotId}, ${sourceId}, ${Number(next)} + (row_number() over (order by p.ord, c.n))::int - 1, ${kind},
                   coalesce(c.value->>'title', ''), c.value->>'body', p.url,
                   coalesce(c.value->>'lang', 'en'), c.value->>'searchTitle', c.value->>'searchBody'
            from knowledge_staged_pages p,
                 jsonb_array_elements(p.chunks) with ordinality as c(value, n)
            where p.source_id = ${sourceId} and p.job_id = ${jobId} and p.skipped_reason is null
              and not coalesce((p.meta->>'keep')::boolean, false)
            returning 1
          )
          select count(*)::int as n from inserted`);
        await termStats.addSource(tx, chatbotId, sourceId);
        const [{ n: count } = { n: 0 }] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from knowledge_chunks where source_id = ${sourceId}`,
          ),
        );
        // What to ask each page next time: fresh for the pages read or confirmed now, as before for
        // the ones kept without an answer (failing for now, or a removal held back).
        await tx.execute(sql`delete from knowledge_pages where source_id = ${sourceId} and url not in (
          select p.url from knowledge_staged_pages p
          where p.source_id = ${sourceId} and p.job_id = ${jobId} and p.url is not null
            and coalesce((p.meta->>'keep')::boolean, false) and p.meta->>'hash' is null)`);
        await tx.execute(sql`
          insert into knowledge_pages (source_id, url, etag, last_modified, lastmod, hash, links)
          select distinct on (p.url) ${sourceId}, p.url, p.meta->>'etag', p.meta->>'lastModified',
                 p.meta->>'lastmod', p.meta->>'hash', p.links
          from knowledge_staged_pages p
          where p.source_id = ${sourceId} and p.job_id = ${jobId} and p.url is not null
            and p.meta->>'hash' is not null
          order by p.url, p.ord
          on conflict (source_id, url) do update set etag = excluded.etag,
            last_modified = excluded.last_modified, lastmod = excluded.lastmod,
            hash = excluded.hash, links = excluded.links`);
        await tx
          .update(knowledgeSources)
          .set({ ...set, chunkCount: count })
          .where(eq(knowledgeSources.id, sourceId));
        await tx.delete(knowledgeStagedPages).where(eq(knowledgeStagedPages.sourceId, sourceId));
        const [ended] = sync
          ? await tx.update(knowledgeSyncs).set(sync.set).where(eq(knowledgeSyncs.id, sync.id)).returning()
          : [];
        return { count, sync: ended };
      });
    },
    async clear() {
      await db.delete(knowledgeStagedPages).where(eq(knowledgeStagedPages.sourceId, sourceId));
    },
  };
}
export type Staging = ReturnType<typeof createStaging>;
