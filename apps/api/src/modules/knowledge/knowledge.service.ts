import type { KnowledgeSource, SourceCreate } from "@parley/contracts";
import type { Database } from "@parley/db";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { chatbots, type KnowledgeSourceRow, knowledgeChunks, knowledgeSources } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { JobQueue } from "../../lib/job-queue";
import type { EntitlementsService } from "../entitlements/entitlements.service";
import { type Chunk, chunkMarkdown } from "./ingest/chunker";
import { crawlSite } from "./ingest/crawler";
import { detectFileType, extractFileText, IngestError, MIME } from "./ingest/extract-file";

export const INGEST_JOB = "knowledge.ingest";
/** Upload size per plan tier (Free, Starter, Pro, Business), in MB. */
const FILE_LIMIT_MB = [5, 10, 25, 50];
const DEFAULT_MAX_PAGES = 50;

export function toSource(row: KnowledgeSourceRow): KnowledgeSource {
  return {
    _id: row.id,
    chatbotId: row.chatbotId,
    kind: row.kind,
    title: row.title,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal, unit: row.progressUnit },
    error: row.error,
    chunkCount: row.chunkCount,
    url: row.url,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    question: row.kind === "qa" ? row.question : null,
    answer: row.kind === "qa" ? row.content : null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface KnowledgeDeps {
  db: Database;
  jobs: JobQueue;
  entitlements: EntitlementsService;
  planTier: (userId: string) => Promise<number>;
  allowPrivateHosts: boolean;
  log: FastifyBaseLogger;
  /** The app clock: a source's dates must be comparable with the messages' (tests move it). */
  now: () => Date;
}

export function createKnowledgeService(deps: KnowledgeDeps) {
  const { db, jobs, entitlements, log } = deps;
  // PGlite has no autovacuum: without fresh statistics after a large ingestion the planner
  // guesses, and retrieval slows down. Refresh them after ingestion, at most once a minute.
  let lastAnalyze = 0;
  const refreshStatistics = async () => {
    if (Date.now() - lastAnalyze < 60_000) return;
    lastAnalyze = Date.now();
    await db.execute(sql`analyze knowledge_chunks`);
  };

  async function ownBot(ownerId: string, chatbotId: string) {
    const [bot] = await db
      .select({ id: chatbots.id })
      .from(chatbots)
      .where(and(eq(chatbots.id, chatbotId), eq(chatbots.ownerId, ownerId)));
    if (!bot) throw new AppError("NOT_FOUND", "Chatbot not found");
  }
  async function ownSource(ownerId: string, chatbotId: string, sourceId: string) {
    const [row] = await db
      .select()
      .from(knowledgeSources)
      .where(
        and(
          eq(knowledgeSources.id, sourceId),
          eq(knowledgeSources.chatbotId, chatbotId),
          eq(knowledgeSources.ownerId, ownerId),
        ),
      );
    if (!row) throw new AppError("NOT_FOUND", "Knowledge source not found");
    return row;
  }
  async function assertRoom(ownerId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.ownerId, ownerId));
    await entitlements.assert(ownerId, "knowledgeSources", row?.n ?? 0);
  }
  async function create(values: typeof knowledgeSources.$inferInsert) {
    const at = deps.now();
    const [row] = await db
      .insert(knowledgeSources)
      .values({ ...values, createdAt: at, updatedAt: at })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    await jobs.enqueue(INGEST_JOB, { sourceId: row.id }, { maxAttempts: 2 });
    return toSource(row);
  }

  /** Records progress at most every 250 ms so a big crawl doesn't write on every page. */
  function progressWriter(sourceId: string) {
    let last = 0;
    return async (done: number, total: number, force = false) => {
      if (!force && Date.now() - last < 250) return;
      last = Date.now();
      await db
        .update(knowledgeSources)
        .set({ progressDone: done, progressTotal: total })
        .where(eq(knowledgeSources.id, sourceId));
    };
  }

  type Collected = (Chunk & { url?: string | null; kind?: "passage" | "qa" })[];
  /** Chunks of the source, plus for websites the number of pages read. */
  async function collectChunks(row: KnowledgeSourceRow): Promise<{ chunks: Collected; pages?: number }> {
    const progress = progressWriter(row.id);
    switch (row.kind) {
      case "text":
        return { chunks: chunkMarkdown(row.content ?? "", row.title) };
      case "qa":
        return { chunks: [{ kind: "qa", title: row.question ?? "", body: row.content ?? "" }] };
      case "file": {
        const data = row.fileData;
        if (!data) throw new IngestError("The uploaded file is missing; upload it again.");
        const type = detectFileType(data, row.fileName ?? "");
        const text = await extractFileText(data, type, (f) =>
          progress(Math.round(f * data.length), data.length),
        );
        return { chunks: chunkMarkdown(text, row.title) };
      }
      case "website": {
        const out: (Chunk & { url: string })[] = [];
        const pages = await crawlSite(row.url ?? "", {
          maxPages: row.maxPages ?? DEFAULT_MAX_PAGES,
          allowPrivateHosts: deps.allowPrivateHosts,
          onPage: async (page, p) => {
            for (const c of chunkMarkdown(page.text, page.title)) out.push({ ...c, url: page.url });
            await progress(p.done, p.total);
          },
        });
        if (out.length === 0) throw new IngestError("The pages were reached but held no readable text.");
        return { chunks: out, pages };
      }
    }
  }

  /** The ingestion job: reads the source, then swaps its chunks in one transaction. */
  async function ingest(sourceId: string) {
    const [row] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, sourceId));
    if (!row) return; // deleted meanwhile
    const total =
      row.kind === "file"
        ? (row.sizeBytes ?? 0)
        : row.kind === "website"
          ? (row.maxPages ?? DEFAULT_MAX_PAGES)
          : 1;
    await db
      .update(knowledgeSources)
      .set({ status: "processing", error: null, progressDone: 0, progressTotal: total })
      .where(eq(knowledgeSources.id, sourceId));
    try {
      const { chunks, pages } = await collectChunks(row);
      if (chunks.length === 0) throw new IngestError("This source holds no text to learn from.");
      await db.transaction(async (tx) => {
        const [still] = await tx
          .select({ id: knowledgeSources.id })
          .from(knowledgeSources)
          .where(eq(knowledgeSources.id, sourceId))
          .for("update");
        if (!still) return;
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.sourceId, sourceId));
        for (let i = 0; i < chunks.length; i += 500) {
          await tx.insert(knowledgeChunks).values(
            chunks.slice(i, i + 500).map((c, j) => ({
              chatbotId: row.chatbotId,
              sourceId,
              ord: i + j,
              kind: c.kind ?? "passage",
              title: c.title,
              body: c.body,
              url: c.url ?? null,
            })),
          );
        }
        const finalTotal = pages ?? total;
        await tx
          .update(knowledgeSources)
          .set({
            status: "ready",
            chunkCount: chunks.length,
            progressDone: finalTotal,
            progressTotal: finalTotal,
            lastSyncedAt: new Date(),
            error: null,
          })
          .where(eq(knowledgeSources.id, sourceId));
      });
      await refreshStatistics().catch((err) => log.warn({ err }, "could not refresh chunk statistics"));
    } catch (err) {
      const reason =
        err instanceof IngestError
          ? err.message
          : "Something went wrong while reading this source. Try re-syncing it.";
      if (!(err instanceof IngestError)) log.error({ err, sourceId }, "ingestion failed unexpectedly");
      await db
        .update(knowledgeSources)
        .set({ status: "failed", error: reason })
        .where(eq(knowledgeSources.id, sourceId));
    }
  }

  return {
    ingest,
    async list(ownerId: string, chatbotId: string): Promise<KnowledgeSource[]> {
      await ownBot(ownerId, chatbotId);
      const rows = await db
        .select()
        .from(knowledgeSources)
        .where(eq(knowledgeSources.chatbotId, chatbotId))
        .orderBy(asc(knowledgeSources.createdAt));
      return rows.map(toSource);
    },
    async get(ownerId: string, chatbotId: string, sourceId: string) {
      return toSource(await ownSource(ownerId, chatbotId, sourceId));
    },
    async add(ownerId: string, chatbotId: string, input: SourceCreate): Promise<KnowledgeSource> {
      await ownBot(ownerId, chatbotId);
      await assertRoom(ownerId);
      const base = { id: newId("src"), chatbotId, ownerId, kind: input.kind };
      switch (input.kind) {
        case "text":
          return create({ ...base, title: input.title, content: input.content, progressUnit: "items" });
        case "qa":
          return create({
            ...base,
            title: input.question,
            question: input.question,
            content: input.answer,
            progressUnit: "items",
          });
        case "website": {
          const url = new URL(input.url);
          return create({
            ...base,
            title: url.host + (url.pathname === "/" ? "" : url.pathname),
            url: url.toString(),
            maxPages: input.maxPages ?? DEFAULT_MAX_PAGES,
            progressUnit: "pages",
          });
        }
      }
    },
    async addFile(
      ownerId: string,
      chatbotId: string,
      file: { fileName: string; data: Buffer },
    ): Promise<KnowledgeSource> {
      await ownBot(ownerId, chatbotId);
      await assertRoom(ownerId);
      const tier = await deps.planTier(ownerId);
      const limitMb = FILE_LIMIT_MB[Math.min(tier, FILE_LIMIT_MB.length - 1)] ?? 5;
      if (file.data.length > limitMb * 1024 * 1024) {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `Files are limited to ${limitMb} MB on your plan. Upgrade for larger files.`,
        );
      }
      if (file.data.length === 0) throw new AppError("BAD_REQUEST", "The file is empty.");
      let type: ReturnType<typeof detectFileType>;
      try {
        type = detectFileType(file.data, file.fileName);
      } catch (err) {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", (err as Error).message);
      }
      return create({
        id: newId("src"),
        chatbotId,
        ownerId,
        kind: "file",
        title: file.fileName.replace(/\.[a-z0-9]+$/i, "") || "Document",
        fileName: file.fileName,
        mimeType: MIME[type],
        sizeBytes: file.data.length,
        fileData: file.data,
        progressUnit: "bytes",
        progressTotal: file.data.length,
      });
    },
    async remove(ownerId: string, chatbotId: string, sourceId: string) {
      await ownSource(ownerId, chatbotId, sourceId);
      await db.delete(knowledgeSources).where(eq(knowledgeSources.id, sourceId));
    },
    async resync(ownerId: string, chatbotId: string, sourceId: string): Promise<KnowledgeSource> {
      const row = await ownSource(ownerId, chatbotId, sourceId);
      if (row.status === "queued" || row.status === "processing")
        throw new AppError("CONFLICT", "This source is already being processed.");
      const [updated] = await db
        .update(knowledgeSources)
        .set({ status: "queued", error: null, progressDone: 0 })
        .where(eq(knowledgeSources.id, sourceId))
        .returning();
      await jobs.enqueue(INGEST_JOB, { sourceId }, { maxAttempts: 2 });
      return toSource(updated ?? row);
    },
    async countForOwner(ownerId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.ownerId, ownerId));
      return row?.n ?? 0;
    },
  };
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
