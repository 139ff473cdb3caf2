import type { Database } from "@parley/db";
import { and, asc, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import {
  chatbots,
  type KnowledgeSourceRow,
  type KnowledgeSyncRow,
  knowledgeChunks,
  knowledgePages,
  knowledgeSources,
  knowledgeSyncs,
} from "../../db/schema";
import { decodePageCursor, encodePageCursor, stampOf } from "../../lib/page-cursor";
import { termStats } from "../retrieval/term-stats.repo";
import type { FileStore } from "./file-store";
import type { KnownPage } from "./ingest/crawler";
import { createStaging, lockSource } from "./ingest/staging.repo";

export type NewKnowledgeSource = typeof knowledgeSources.$inferInsert;
export type SourcePatch = Partial<NewKnowledgeSource>;

/** A source's semantic-search state, the one part of the row the retrieval module reports. */
export type EmbeddingPatch = Partial<
  Pick<
    NewKnowledgeSource,
    "embeddingStatus" | "embeddingModel" | "embeddingError" | "embeddingDone" | "embeddingTotal"
  >
>;

/**
 * Knowledge sources and what ingestion stages for them: the one place that writes
 * `knowledge_sources`, `knowledge_staged_pages` and `knowledge_chunks` (uploaded bytes: the file
 * store). The bot's term statistics (retrieval's) change in the same transactions, through
 * retrieval's `termStats`.
 */
export function createKnowledgeRepo(db: Database, files: FileStore) {
  return {
    files,

    /** Whether the bot exists and belongs to the owner (read from chatbots). */
    async botOwnedBy(workspaceId: string, chatbotId: string): Promise<boolean> {
      const [bot] = await db
        .select({ id: chatbots.id })
        .from(chatbots)
        .where(and(eq(chatbots.id, chatbotId), eq(chatbots.workspaceId, workspaceId)));
      return Boolean(bot);
    },

    async find(sourceId: string): Promise<KnowledgeSourceRow | undefined> {
      const [row] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, sourceId));
      return row;
    },

    async findOwned(workspaceId: string, chatbotId: string, sourceId: string) {
      const [row] = await db
        .select()
        .from(knowledgeSources)
        .where(
          and(
            eq(knowledgeSources.id, sourceId),
            eq(knowledgeSources.chatbotId, chatbotId),
            eq(knowledgeSources.workspaceId, workspaceId),
          ),
        );
      return row;
    },

    async countForOwner(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    listForBot(chatbotId: string) {
      return db
        .select()
        .from(knowledgeSources)
        .where(eq(knowledgeSources.chatbotId, chatbotId))
        .orderBy(asc(knowledgeSources.createdAt));
    },

    /**
     * One page of the bot's sources, newest first (created time, then id), after `cursor` (a page
     * cursor tagged `s`, see lib/page-cursor.ts). The caller has checked the bot is the owner's.
     */
    async pageForBot(chatbotId: string, opts: { cursor?: string; limit: number }) {
      const cursor = opts.cursor ? decodePageCursor("s", opts.cursor) : null;
      const rows = await db
        .select({ source: knowledgeSources, key: stampOf(knowledgeSources.createdAt) })
        .from(knowledgeSources)
        .where(
          and(
            eq(knowledgeSources.chatbotId, chatbotId),
            cursor
              ? sql`(${knowledgeSources.createdAt} < ${cursor.at}::timestamptz
                  or (${knowledgeSources.createdAt} = ${cursor.at}::timestamptz and ${knowledgeSources.id} < ${cursor.id}))`
              : undefined,
          ),
        )
        .orderBy(desc(knowledgeSources.createdAt), desc(knowledgeSources.id))
        .limit(opts.limit + 1);
      const page = rows.slice(0, opts.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => r.source),
        nextCursor: rows.length > opts.limit && last ? encodePageCursor("s", last.key, last.source.id) : null,
      };
    },

    /** The stored rows of these bots' sources, text included (the account export). */
    async rowsForBots(chatbotIds: string[]) {
      if (chatbotIds.length === 0) return [];
      return db
        .select()
        .from(knowledgeSources)
        .where(inArray(knowledgeSources.chatbotId, chatbotIds))
        .orderBy(asc(knowledgeSources.createdAt), asc(knowledgeSources.id));
    },

    /** The source and its bytes together, before the job that reads them is queued. */
    async insert(values: NewKnowledgeSource, file?: Buffer): Promise<KnowledgeSourceRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(knowledgeSources).values(values).returning();
        if (!inserted) throw new Error("insert returned nothing");
        if (file) await files.put(tx, inserted.id, file);
        return inserted;
      });
    },

    async update(sourceId: string, set: SourcePatch) {
      await db.update(knowledgeSources).set(set).where(eq(knowledgeSources.id, sourceId));
    },

    /** The same, returning the row as it is now (undefined when it was deleted meanwhile). */
    async updateReturning(sourceId: string, set: SourcePatch): Promise<KnowledgeSourceRow | undefined> {
      const [row] = await db
        .update(knowledgeSources)
        .set(set)
        .where(eq(knowledgeSources.id, sourceId))
        .returning();
      return row;
    },

    /** Deletes the source; its chunks go with it (cascade), out of the bot's term statistics first. */
    async remove(chatbotId: string, sourceId: string) {
      await db.transaction(async (tx) => {
        if (!(await lockSource(tx, sourceId))) return;
        await termStats.lockBot(tx, chatbotId);
        await termStats.subtractSource(tx, chatbotId, sourceId);
        await tx.delete(knowledgeSources).where(eq(knowledgeSources.id, sourceId));
      });
    },

    /** Each page of a website source as its last sync left it, by address. */
    async pages(sourceId: string): Promise<Map<string, KnownPage>> {
      const rows = await db.select().from(knowledgePages).where(eq(knowledgePages.sourceId, sourceId));
      return new Map(
        rows.map((r) => [
          r.url,
          { etag: r.etag, lastModified: r.lastModified, lastmod: r.lastmod, hash: r.hash, links: r.links },
        ]),
      );
    },

    /** How many passages each page of the source has now, by address. */
    async chunksByPage(sourceId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ url: knowledgeChunks.url, n: count() })
        .from(knowledgeChunks)
        .where(and(eq(knowledgeChunks.sourceId, sourceId), sql`${knowledgeChunks.url} is not null`))
        .groupBy(knowledgeChunks.url);
      return new Map(rows.map((r) => [r.url ?? "", Number(r.n)]));
    },

    syncs: {
      /** The record of this job's sync: made at its start, or the one an earlier attempt made. */
      async begin(
        values: Pick<
          typeof knowledgeSyncs.$inferInsert,
          "id" | "sourceId" | "jobId" | "trigger" | "startedAt"
        >,
      ): Promise<KnowledgeSyncRow> {
        const [existing] = await db
          .select()
          .from(knowledgeSyncs)
          .where(and(eq(knowledgeSyncs.sourceId, values.sourceId), eq(knowledgeSyncs.jobId, values.jobId)));
        if (existing) return existing;
        const [row] = await db.insert(knowledgeSyncs).values(values).returning();
        if (!row) throw new Error("insert returned nothing");
        return row;
      },
      async finish(id: string, set: Partial<typeof knowledgeSyncs.$inferInsert>) {
        const [row] = await db.update(knowledgeSyncs).set(set).where(eq(knowledgeSyncs.id, id)).returning();
        return row;
      },
      /** The source's syncs, newest first. */
      list(sourceId: string, limit = 50) {
        return db
          .select()
          .from(knowledgeSyncs)
          .where(eq(knowledgeSyncs.sourceId, sourceId))
          .orderBy(desc(knowledgeSyncs.startedAt), desc(knowledgeSyncs.id))
          .limit(limit);
      },
      /** The latest finished sync of each of these sources. */
      async latest(sourceIds: string[]): Promise<Map<string, KnowledgeSyncRow>> {
        if (sourceIds.length === 0) return new Map();
        const rows = await db
          .selectDistinctOn([knowledgeSyncs.sourceId])
          .from(knowledgeSyncs)
          .where(
            and(inArray(knowledgeSyncs.sourceId, sourceIds), sql`${knowledgeSyncs.finishedAt} is not null`),
          )
          .orderBy(knowledgeSyncs.sourceId, desc(knowledgeSyncs.startedAt), desc(knowledgeSyncs.id));
        return new Map(rows.map((r) => [r.sourceId, r]));
      },
    },

    /** What one ingestion run of the source stages as it reads (see `staging.repo.ts`). */
    staging: (sourceId: string, jobId: string) => createStaging(db, sourceId, jobId),

    /** Fresh planner statistics for the chunks (PGlite has no autovacuum). */
    async analyzeChunks() {
      await db.execute(sql`analyze knowledge_chunks`);
    },

    /** Semantic search's progress on one source (reported by the retrieval module). */
    async setEmbedding(sourceId: string, set: EmbeddingPatch) {
      await db.update(knowledgeSources).set(set).where(eq(knowledgeSources.id, sourceId));
    },

    /** The same state on every ready source of the bot (its embeddings settings changed). */
    async setEmbeddingOfReady(chatbotId: string, set: EmbeddingPatch) {
      await db
        .update(knowledgeSources)
        .set(set)
        .where(and(eq(knowledgeSources.chatbotId, chatbotId), eq(knowledgeSources.status, "ready")));
    },

    /** Sources of the bot still waiting for (or in) embedding fail with this reason. */
    async failPendingEmbeddings(chatbotId: string, error: string) {
      await db
        .update(knowledgeSources)
        .set({ embeddingStatus: "failed", embeddingError: error })
        .where(
          and(
            eq(knowledgeSources.chatbotId, chatbotId),
            sql`${knowledgeSources.embeddingStatus} in ('queued', 'running')`,
          ),
        );
    },
    /** Sources that failed to ingest since `since`, newest first, and how many (the operator's console). */
    async failuresSince(since: Date, limit: number) {
      const where = and(eq(knowledgeSources.status, "failed"), gte(knowledgeSources.updatedAt, since));
      const [total] = await db.select({ n: count() }).from(knowledgeSources).where(where);
      const recent = await db
        .select({
          workspaceId: knowledgeSources.workspaceId,
          chatbotId: knowledgeSources.chatbotId,
          title: knowledgeSources.title,
          error: knowledgeSources.error,
          at: knowledgeSources.updatedAt,
        })
        .from(knowledgeSources)
        .where(where)
        .orderBy(desc(knowledgeSources.updatedAt))
        .limit(limit);
      return { total: total?.n ?? 0, recent };
    },
    /** A workspace's sources that failed, newest first (the console's recent errors). */
    failedForOwner(workspaceId: string, limit: number) {
      return db
        .select({
          title: knowledgeSources.title,
          error: knowledgeSources.error,
          at: knowledgeSources.updatedAt,
        })
        .from(knowledgeSources)
        .where(and(eq(knowledgeSources.workspaceId, workspaceId), eq(knowledgeSources.status, "failed")))
        .orderBy(desc(knowledgeSources.updatedAt))
        .limit(limit);
    },
  };
}
export type KnowledgeRepo = ReturnType<typeof createKnowledgeRepo>;

/** What the retrieval module may write on a source: its semantic-search state, nothing else. */
export type SourceEmbeddings = Pick<
  KnowledgeRepo,
  "setEmbedding" | "setEmbeddingOfReady" | "failPendingEmbeddings"
>;
