import { ingestLimits } from "@parley/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { KnowledgeSourceRow } from "../../../db/schema";
import type { OutboundGuard } from "../../../lib/outbound";
import type { KnowledgeRepo } from "../knowledge.repo";
import { chunkMarkdown } from "./chunker";
import { crawlSite } from "./crawler";
import { detectFileType } from "./extract-file";
import { IngestError } from "./ingest-error";
import { limitMessages } from "./limits";
import { createParserProcess, type ParserOptions, parseFileIsolated } from "./parse-file";
import type { Staging } from "./staging.repo";

export const DEFAULT_MAX_PAGES = 50;
/** Parsing one page (at most 3 MB of HTML) takes milliseconds; a crafted one is cut off here. */
const PAGE_PARSE_TIMEOUT_MS = 10_000;
export const GAVE_UP_REASON =
  "Reading this source failed on every attempt (the reader stopped), so it was given up. It may be malformed or too large: split it, or try re-syncing.";

export interface IngestRunnerDeps {
  repo: KnowledgeRepo;
  log: FastifyBaseLogger;
  /** The plan of the source's owner, whose limits apply. */
  plan: (userId: string) => Promise<{ tier: number; name: string }>;
  crawlerGuard: OutboundGuard;
  crawlTimeoutMs: number;
  parse: ParserOptions & { timeoutMs: number };
  /**
   * Gives the source's passages vectors once they are in (semantic search), inside this job;
   * failures are recorded on the source, which stays searchable by full text.
   */
  embedSource?: (sourceId: string, ctx: { signal?: AbortSignal }) => Promise<void>;
  /**
   * The source is ready or failed (webhooks). Inside the job, before it ends: a process that dies
   * first leaves the job to run again, so the outcome is told at least once.
   */
  onSourceSettled?: (
    row: KnowledgeSourceRow,
    outcome: { status: "ready" | "failed"; error: string | null },
  ) => Promise<void>;
}

export interface IngestContext {
  jobId: string;
  /** Aborted when this process lost the job (another replica owns it now): stop writing. */
  signal?: AbortSignal;
  /** The job's logger (bound to its id); the runner's own otherwise. */
  log?: FastifyBaseLogger;
}

/** Records progress at most every 250 ms so a big crawl doesn't write on every page. */
function progressWriter(repo: KnowledgeRepo, sourceId: string) {
  let last = 0;
  return async (done: number, total: number, force = false) => {
    if (!force && Date.now() - last < 250) return;
    last = Date.now();
    await repo.update(sourceId, { progressDone: done, progressTotal: total });
  };
}

/**
 * The ingestion job: reads a source into staged passages as it goes (so a run re-taken after a
 * crash resumes where it stopped), then swaps them in. Files are parsed in a child process; every
 * limit of the owner's plan fails the source with a reason that names it.
 */
export function createIngestRunner(deps: IngestRunnerDeps) {
  const { repo } = deps;
  // PGlite has no autovacuum: without fresh statistics after a large ingestion the planner
  // guesses, and retrieval slows down. Refresh them after ingestion, at most once a minute.
  let lastAnalyze = 0;
  const refreshStatistics = async () => {
    if (Date.now() - lastAnalyze < 60_000) return;
    lastAnalyze = Date.now();
    await repo.analyzeChunks();
  };

  /** Reads the source into `staging`; returns the final progress total (pages for a website). */
  async function read(row: KnowledgeSourceRow, staging: Staging, ctx: IngestContext): Promise<number> {
    const log = ctx.log ?? deps.log;
    const plan = await deps.plan(row.ownerId);
    const limits = ingestLimits(plan.tier);
    const messages = limitMessages(limits, plan.name);
    const progress = progressWriter(repo, row.id);
    // Only a crawl resumes; anything else an earlier attempt staged is read again from scratch.
    if (row.kind !== "website") await staging.clear();
    switch (row.kind) {
      case "text":
        await staging.page(null, row.title, chunkMarkdown(row.content ?? "", row.title));
        return 1;
      case "qa":
        await staging.page(null, row.title, [{ title: row.question ?? "", body: row.content ?? "" }]);
        return 1;
      case "file": {
        const data = await repo.files.get(row.id);
        if (!data) throw new IngestError("The uploaded file is missing; upload it again.");
        const chunks = await parseFileIsolated(data, {
          type: detectFileType(data, row.fileName ?? ""),
          title: row.title,
          maxChars: limits.textChars,
          maxChunks: limits.chunks,
          tooMuchText: messages.text,
          tooManyChunks: messages.fileChunks,
          ...deps.parse,
          signal: ctx.signal,
          onProgress: (f) => void progress(Math.round(f * data.length), data.length).catch(() => {}),
        });
        await staging.page(null, row.title, chunks);
        return data.length;
      }
      case "website": {
        const resume = await staging.resume();
        const maxPages = row.maxPages ?? DEFAULT_MAX_PAGES;
        if (resume.length) log.info({ sourceId: row.id, pages: resume.length }, "resuming a crawl");
        // One parse process for the whole crawl (a new one after a page kills it).
        const parser = createParserProcess(deps.parse);
        const pages = await crawlSite(row.url ?? "", {
          maxPages,
          guard: deps.crawlerGuard,
          timeoutMs: deps.crawlTimeoutMs,
          parsePage: (html) =>
            parser.request({ kind: "page", html }, { timeoutMs: PAGE_PARSE_TIMEOUT_MS, timeoutMessage: "" }),
          resume,
          signal: ctx.signal,
          onPage: async (page, p) => {
            const chunks = chunkMarkdown(page.text, page.title);
            if (staging.chunkCount + chunks.length > limits.chunks)
              throw new IngestError(messages.siteChunks);
            await staging.page(page.url, page.title, chunks, page.links);
            await progress(p.done, p.total);
          },
          onSkip: (url, reason) => staging.skipped(url, reason),
        }).finally(() => parser.close());
        if (staging.chunkCount === 0)
          throw new IngestError("The pages were reached but held no readable text.");
        return pages;
      }
    }
  }

  async function ingest(sourceId: string, ctx: IngestContext) {
    const log = (ctx.log ?? deps.log).child({ sourceId });
    const row = await repo.find(sourceId);
    if (!row) return; // deleted meanwhile
    const staging = repo.staging(sourceId, ctx.jobId);
    const total =
      row.kind === "file"
        ? (row.sizeBytes ?? 0)
        : row.kind === "website"
          ? (row.maxPages ?? DEFAULT_MAX_PAGES)
          : 1;
    await repo.update(sourceId, { status: "processing", error: null, progressDone: 0, progressTotal: total });
    try {
      const finalTotal = await read(row, staging, ctx);
      if (ctx.signal?.aborted) return;
      if (staging.chunkCount === 0) throw new IngestError("This source holds no text to learn from.");
      await staging.swapIn(row.chatbotId, row.kind === "qa" ? "qa" : "passage", {
        status: "ready",
        progressDone: finalTotal,
        progressTotal: finalTotal,
        lastSyncedAt: new Date(),
        error: null,
        skippedPages: row.kind === "website" ? await staging.skippedPages() : [],
      });
      await refreshStatistics().catch((err) => log.warn({ err }, "could not refresh chunk statistics"));
    } catch (err) {
      // Another replica owns the job now: what it writes wins; write nothing here.
      if (ctx.signal?.aborted) return;
      const reason =
        err instanceof IngestError
          ? err.message
          : "Something went wrong while reading this source. Try re-syncing it.";
      if (err instanceof IngestError) {
        const detail = (err as { detail?: string }).detail;
        if (detail) log.warn({ sourceId, detail }, "file parser stopped");
      } else log.error({ err, sourceId }, "ingestion failed unexpectedly");
      const skippedPages = row.kind === "website" ? await staging.skippedPages() : [];
      await repo.update(sourceId, { status: "failed", error: reason, skippedPages });
      await staging.clear();
      await deps.onSourceSettled?.(row, { status: "failed", error: reason });
      return;
    }
    await deps.onSourceSettled?.(row, { status: "ready", error: null });
    if (deps.embedSource && !ctx.signal?.aborted)
      await deps
        .embedSource(sourceId, { signal: ctx.signal })
        .catch((err) => log.error({ err, sourceId }, "embedding the source failed unexpectedly"));
  }

  /** The job ran out of attempts without an outcome (its process died each time). */
  async function giveUp(sourceId: string) {
    await repo.update(sourceId, { status: "failed", error: GAVE_UP_REASON });
    await repo.staging(sourceId, "").clear();
    const row = await repo.find(sourceId);
    if (row) await deps.onSourceSettled?.(row, { status: "failed", error: GAVE_UP_REASON });
  }

  return { ingest, giveUp };
}
export type IngestRunner = ReturnType<typeof createIngestRunner>;
