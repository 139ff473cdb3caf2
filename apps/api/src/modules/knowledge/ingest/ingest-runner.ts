import { ingestLimits } from "@parley/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { KnowledgeSourceRow, KnowledgeSyncRow } from "../../../db/schema";
import { newId } from "../../../lib/ids";
import type { OutboundGuard } from "../../../lib/outbound";
import type { KnowledgeRepo } from "../knowledge.repo";
import { chunkMarkdown } from "./chunker";
import { type CrawlSummary, crawlSite } from "./crawler";
import { detectFileType } from "./extract-file";
import { IngestError } from "./ingest-error";
import { limitMessages } from "./limits";
import { createParserProcess, type ParserOptions, parseFileIsolated } from "./parse-file";
import type { Staging } from "./staging.repo";
import { passageBudget, type SyncResult, settlePages } from "./sync-outcome";

export const DEFAULT_MAX_PAGES = 50;
/** Parsing one page (at most 3 MB of HTML) takes milliseconds; a crafted one is cut off here. */
const PAGE_PARSE_TIMEOUT_MS = 10_000;
export const GAVE_UP_REASON =
  "Reading this source failed on every attempt (the reader stopped), so it was given up. It may be malformed or too large: split it, or try re-syncing.";
/** The same for a website source: its sync's record, or the source when it had no knowledge yet. */
export const GAVE_UP_SYNC_REASON =
  "Reading this site stopped on every attempt (the reader stopped), so this sync was given up. Try re-syncing; if it stops again, lower the page limit.";

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
  /**
   * A website source's sync finished (its record says how: succeeded, held, failed), inside the
   * job: webhooks' `source.synced`, and the owner's e-mail about a scheduled sync gone wrong.
   */
  onSynced?: (row: KnowledgeSourceRow, sync: KnowledgeSyncRow) => Promise<void>;
  /** A scheduled sync failed twice in a row, or its removals were held back: the owners are told. */
  onSyncTrouble?: (row: KnowledgeSourceRow, sync: KnowledgeSyncRow, kind: "failed" | "held") => Promise<void>;
  /** The app clock (the sync records' dates). */
  now?: () => Date;
}

/** Pages listed on one sync record (the counts are complete). */
const SYNC_PAGES_SHOWN = 1000;

export interface IngestContext {
  jobId: string;
  /** Aborted when this process lost the job (another replica owns it now): stop writing. */
  signal?: AbortSignal;
  /** The job's logger (bound to its id); the runner's own otherwise. */
  log?: FastifyBaseLogger;
  /** Who asked for this sync: the owner (adding or re-syncing the source) or the scheduler. */
  trigger?: "manual" | "scheduled";
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
  async function read(
    row: KnowledgeSourceRow,
    staging: Staging,
    ctx: IngestContext,
    sync: { result?: SyncResult },
  ): Promise<number> {
    const log = ctx.log ?? deps.log;
    const plan = await deps.plan(row.workspaceId);
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
        // What the last sync left: each page is asked whether it changed since.
        const known = await repo.pages(row.id);
        const budget = passageBudget(
          Math.max(limits.chunks, row.chunkCount),
          known.size ? await repo.chunksByPage(row.id) : new Map(),
        );
        // Pages an earlier attempt of this job kept as they were (it died before the swap).
        if (resume.length) for (const v of await staging.verdicts()) if (v.meta.keep) budget.keep(v.url);
        let summary: CrawlSummary | undefined;
        // One parse process for the whole crawl (a new one after a page kills it).
        const parser = createParserProcess(deps.parse);
        const pages = await crawlSite(row.url ?? "", {
          maxPages,
          guard: deps.crawlerGuard,
          timeoutMs: deps.crawlTimeoutMs,
          parsePage: (html) =>
            parser.request({ kind: "page", html }, { timeoutMs: PAGE_PARSE_TIMEOUT_MS, timeoutMessage: "" }),
          resume,
          known,
          include: row.include,
          exclude: row.exclude,
          signal: ctx.signal,
          onSummary: (s) => {
            summary = s;
          },
          onPage: async (page, p) => {
            const chunks = chunkMarkdown(page.text, page.title);
            if (budget.exceeded(staging.chunkCount + chunks.length))
              throw new IngestError(messages.siteChunks);
            await staging.page(page.url, page.title, chunks, page.links, {
              outcome: known.has(page.url) ? "changed" : "added",
              etag: page.etag,
              lastModified: page.lastModified,
              lastmod: page.lastmod,
              hash: page.hash,
            });
            await progress(p.done, p.total);
          },
          onUnchanged: async (page, p) => {
            await staging.kept(page.url, page.links, {
              outcome: "unchanged",
              etag: page.etag,
              lastModified: page.lastModified,
              lastmod: page.lastmod,
              hash: page.hash,
            });
            budget.keep(page.url);
            await progress(p.done, p.total);
          },
          onSkip: async (url, reason, kind) => {
            const before = known.get(url);
            // A page that fails for now (a timeout, a 500) keeps what it said last time.
            if (kind === "failed" && before) {
              await staging.kept(url, before.links, { outcome: "failed" }, reason);
              budget.keep(url);
              return;
            }
            await staging.skipped(url, reason, { outcome: kind === "refused" ? "gone" : kind });
          },
        }).finally(() => parser.close());
        sync.result = await settlePages(staging, known, ctx.trigger ?? "manual", summary);
        // Removals held back keep their passages too: what the source holds after this sync
        // (kept and newly read) is within the limit, or the sync fails and nothing changes.
        if (sync.result.held)
          for (const p of sync.result.pages) if (p.outcome === "removed") budget.keep(p.url);
        if (budget.exceeded(staging.chunkCount)) throw new IngestError(messages.siteChunks);
        if (staging.chunkCount === 0 && sync.result.unchanged === 0)
          throw new IngestError("The pages were reached but held no readable text.");
        return pages;
      }
    }
  }

  const now = () => (deps.now ?? (() => new Date()))();
  /** A failed sync of this source leaves its knowledge as it was: a website that has some. */
  const keepsKnowledge = (row: KnowledgeSourceRow) =>
    row.kind === "website" && row.lastSyncedAt !== null && row.chunkCount > 0;

  /**
   * A sync's record was closed: who listens is told (webhooks' `source.synced`; the owners, of a
   * scheduled sync's second failure in a row and of removals held back the first time). A run
   * re-taken after its process died between the close and the telling tells again: at least once.
   */
  async function tell(sourceId: string, done: KnowledgeSyncRow) {
    const current = await repo.find(sourceId);
    if (!current) return; // deleted meanwhile: nobody is told
    await deps.onSynced?.(current, done);
    if (done.trigger !== "scheduled") return;
    if (done.status === "failed" && current.resyncFailures === 2)
      await deps.onSyncTrouble?.(current, done, "failed");
    if (done.status === "held") {
      const [, previous] = await repo.syncs.list(sourceId, 2);
      if (previous?.status !== "held") await deps.onSyncTrouble?.(current, done, "held");
    }
  }

  /**
   * The sync failed (an error, a limit, or every attempt's process died): a re-sync keeps what the
   * source already knew (its chunks never left) and stays ready; a first reading fails the source.
   * The record, when there is one, ends `failed` with the reason.
   */
  async function fail(
    row: KnowledgeSourceRow,
    reason: string,
    opts: {
      trigger: "manual" | "scheduled";
      record?: KnowledgeSyncRow;
      skippedPages: { url: string; reason: string }[];
      rules?: KnowledgeSyncRow["rules"];
    },
  ) {
    const keeps = keepsKnowledge(row);
    await repo.update(row.id, {
      ...(keeps ? { status: "ready", error: null } : { status: "failed", error: reason }),
      skippedPages: opts.skippedPages,
      ...(opts.trigger === "scheduled" ? { resyncFailures: row.resyncFailures + 1 } : {}),
    });
    await repo.staging(row.id, "").clear();
    if (opts.record) {
      const done = await repo.syncs.finish(opts.record.id, {
        status: "failed",
        error: reason,
        rules: opts.rules ?? [],
        finishedAt: now(),
      });
      if (done) await tell(row.id, done);
    }
    if (!keeps) await deps.onSourceSettled?.(row, { status: "failed", error: reason });
  }

  /** The source is ready with its new passages: told, then embedded (inside the job). */
  async function settled(row: KnowledgeSourceRow, ctx: IngestContext, log: FastifyBaseLogger) {
    await deps.onSourceSettled?.(row, { status: "ready", error: null });
    if (deps.embedSource && !ctx.signal?.aborted)
      await deps
        .embedSource(row.id, { signal: ctx.signal })
        .catch((err) => log.error({ err, sourceId: row.id }, "embedding the source failed unexpectedly"));
  }

  async function ingest(sourceId: string, ctx: IngestContext) {
    const log = (ctx.log ?? deps.log).child({ sourceId });
    const row = await repo.find(sourceId);
    if (!row) return; // deleted meanwhile (with its bot, or on its own)
    // A scheduled sync queued before the workspace dropped to Free, or before the schedule was
    // turned off, does nothing.
    if (
      ctx.trigger === "scheduled" &&
      (row.resync === "off" || (await deps.plan(row.workspaceId)).tier <= 0)
    ) {
      log.info("scheduled re-sync skipped: the schedule is off or the plan has none");
      return;
    }
    const trigger = ctx.trigger ?? "manual";
    const staging = repo.staging(sourceId, ctx.jobId);
    const record =
      row.kind === "website"
        ? await repo.syncs.begin({ id: newId("sync"), sourceId, jobId: ctx.jobId, trigger, startedAt: now() })
        : undefined;
    if (record && record.status !== "running") {
      // An earlier run of this job ended the sync (its outcome committed with the passages, in one
      // transaction) and its process died before the job did: nothing to read again, only to tell.
      log.info({ status: record.status }, "the sync ended in an earlier run; telling its outcome");
      await tell(sourceId, record);
      if (record.status !== "failed") await settled(row, ctx, log);
      else if (!keepsKnowledge(row))
        await deps.onSourceSettled?.(row, { status: "failed", error: record.error });
      return;
    }
    const sync: { result?: SyncResult } = {};
    const total =
      row.kind === "file"
        ? (row.sizeBytes ?? 0)
        : row.kind === "website"
          ? (row.maxPages ?? DEFAULT_MAX_PAGES)
          : 1;
    await repo.update(sourceId, { status: "processing", error: null, progressDone: 0, progressTotal: total });
    try {
      const finalTotal = await read(row, staging, ctx, sync);
      if (ctx.signal?.aborted) return;
      if (staging.chunkCount === 0 && !sync.result?.unchanged)
        throw new IngestError("This source holds no text to learn from.");
      const r = sync.result;
      const swapped = await staging.swapIn(
        row.chatbotId,
        row.kind === "qa" ? "qa" : "passage",
        {
          status: "ready",
          progressDone: finalTotal,
          progressTotal: finalTotal,
          lastSyncedAt: now(),
          error: null,
          skippedPages: row.kind === "website" ? await staging.skippedPages() : [],
          ...(trigger === "scheduled" ? { resyncFailures: 0 } : {}),
        },
        // The sync's record ends in the same transaction as the passages change: a process that
        // dies after the swap leaves a record that says what this sync did, not a re-run's.
        record && r
          ? {
              id: record.id,
              set: {
                status: r.held ? "held" : "succeeded",
                added: r.added,
                changed: r.changed,
                removed: r.removed,
                unchanged: r.unchanged,
                failed: r.failed,
                pages: r.pages.slice(0, SYNC_PAGES_SHOWN),
                rules: r.summary?.rules ?? [],
                sitemaps: r.summary?.sitemaps ?? [],
                finishedAt: now(),
              },
            }
          : undefined,
      );
      if (swapped?.sync) await tell(sourceId, swapped.sync);
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
      await fail(row, reason, {
        trigger,
        record,
        skippedPages: row.kind === "website" ? await staging.skippedPages() : [],
        rules: sync.result?.summary?.rules,
      });
      return;
    }
    await settled(row, ctx, log);
  }

  /**
   * The job ran out of attempts without an outcome (its process died each time, or it threw):
   * the source fails with the reason, except a re-sync's, which keeps the knowledge it had; the
   * sync's record ends `failed` (it would say "running" for ever otherwise).
   */
  async function giveUp(sourceId: string, job: { jobId?: string; trigger?: "manual" | "scheduled" } = {}) {
    const row = await repo.find(sourceId);
    if (!row) return;
    const trigger = job.trigger ?? "manual";
    const record =
      row.kind === "website" && job.jobId
        ? await repo.syncs.begin({ id: newId("sync"), sourceId, jobId: job.jobId, trigger, startedAt: now() })
        : undefined;
    // The sync did end (its record committed with the passages); what failed came after it.
    if (record && record.status !== "running") return;
    await fail(row, row.kind === "website" ? GAVE_UP_SYNC_REASON : GAVE_UP_REASON, {
      trigger,
      record,
      skippedPages:
        row.kind === "website" ? await repo.staging(sourceId, job.jobId ?? "").skippedPages() : [],
    });
  }

  return { ingest, giveUp };
}
export type IngestRunner = ReturnType<typeof createIngestRunner>;
