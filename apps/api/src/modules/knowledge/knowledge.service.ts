import {
  type ApiSourcePage,
  cleanFileName,
  hasVisibleCharacter,
  ingestLimits,
  type KnowledgeSource,
  type ResyncSchedule,
  type SourceCreate,
  type SourcePatch,
  type SourceSync,
} from "@parley/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { KnowledgeSourceRow, KnowledgeSyncRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { JobQueue } from "../../lib/job-queue";
import type { OutboundGuard } from "../../lib/outbound";
import type { EntitlementsService } from "../entitlements/entitlements.service";
import type { SemanticIndex } from "../retrieval/semantic";
import { detectFileType, MIME } from "./ingest/extract-file";
import { createIngestRunner, DEFAULT_MAX_PAGES, type IngestRunnerDeps } from "./ingest/ingest-runner";
import { limitMessages } from "./ingest/limits";
import type { ParserOptions } from "./ingest/parse-file";
import type { KnowledgeRepo, NewKnowledgeSource } from "./knowledge.repo";
import { nextQuietTime } from "./resync-schedule";
import type { ResyncScheduleRepo } from "./resync-schedule.repo";

/** A file source's title: its name without the extension, or "Document" when nothing visible is left. */
const titleOfFile = (fileName: string) => {
  const stem = fileName.replace(/\.[a-z0-9]+$/i, "");
  return hasVisibleCharacter(stem) ? stem : "Document";
};

export const INGEST_JOB = "knowledge.ingest";
/** Re-embeds a bot's sources after its embeddings settings changed (payload: chatbotId). */
export const EMBED_JOB = "knowledge.embed";

export const SCHEDULE_NEEDS_PAID_PLAN =
  "Scheduled re-syncs are part of the paid plans. Upgrade your plan, or re-sync this source by hand.";
export const ONLY_WEBSITES_SYNC = "Only website sources have path rules and a re-sync schedule.";

export function toSync(row: KnowledgeSyncRow): SourceSync {
  return {
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    status: row.status,
    trigger: row.trigger,
    added: row.added,
    changed: row.changed,
    removed: row.removed,
    unchanged: row.unchanged,
    failed: row.failed,
    pages: row.pages,
    rules: row.rules,
    sitemaps: row.sitemaps,
    error: row.error,
  };
}

/** `freePlan`: the workspace is on the Free plan, where a kept schedule does not run. */
export function toSource(
  row: KnowledgeSourceRow,
  lastSync?: KnowledgeSyncRow | null,
  freePlan = false,
): KnowledgeSource {
  return {
    _id: row.id,
    chatbotId: row.chatbotId,
    kind: row.kind,
    title: row.title,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal, unit: row.progressUnit },
    error: row.error,
    chunkCount: row.chunkCount,
    skippedPages: row.skippedPages,
    url: row.url,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    question: row.kind === "qa" ? row.question : null,
    answer: row.kind === "qa" ? row.content : null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    include: row.include,
    exclude: row.exclude,
    resync: row.resync,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
    resyncPaused: freePlan && row.resync !== "off",
    lastSync: lastSync
      ? {
          status: lastSync.status,
          finishedAt: lastSync.finishedAt?.toISOString() ?? null,
          added: lastSync.added,
          changed: lastSync.changed,
          removed: lastSync.removed,
          unchanged: lastSync.unchanged,
          failed: lastSync.failed,
        }
      : null,
    embedding:
      row.embeddingStatus === "none"
        ? null
        : {
            status: row.embeddingStatus,
            model: row.embeddingModel,
            done: row.embeddingDone,
            total: row.embeddingTotal,
            error: row.embeddingStatus === "failed" ? row.embeddingError : null,
          },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface KnowledgeDeps {
  /** Sources, staged pages and chunks (uploaded bytes through its file store). */
  repo: KnowledgeRepo;
  jobs: JobQueue;
  entitlements: EntitlementsService;
  /** The owner's plan: its tier sets the upload and per-source limits. */
  plan: (userId: string) => Promise<{ tier: number; name: string }>;
  /** Every crawl request goes through it (private addresses refused in production). */
  crawlerGuard: OutboundGuard;
  /** How long one page may take to load before it is skipped. */
  crawlTimeoutMs: number;
  /** Limits of the process that parses uploaded files. */
  parse: ParserOptions & { timeoutMs: number };
  log: FastifyBaseLogger;
  /** The app clock: a source's dates must be comparable with the messages' (tests move it). */
  now: () => Date;
  /** Semantic search, when the app has it: sources are embedded as part of their ingestion. */
  semantic?: SemanticIndex;
  /** A source became ready or failed (webhooks' `source.ready` / `source.failed`). */
  onSourceSettled?: IngestRunnerDeps["onSourceSettled"];
  /** A website source's sync finished (webhooks' `source.synced`, the owner's e-mails). */
  onSynced?: IngestRunnerDeps["onSynced"];
  /** A scheduled sync failed twice in a row, or its removals were held back (the owners' e-mail). */
  onSyncTrouble?: IngestRunnerDeps["onSyncTrouble"];
  /** When scheduled re-syncs are due, and which replica queues them. */
  schedule: ResyncScheduleRepo;
}

export function createKnowledgeService(deps: KnowledgeDeps) {
  const { repo, jobs, entitlements } = deps;
  const runner = createIngestRunner({ ...deps, embedSource: deps.semantic?.embedSource });

  async function ownBot(workspaceId: string, chatbotId: string) {
    if (!(await repo.botOwnedBy(workspaceId, chatbotId)))
      throw AppError.of("NOT_FOUND", "chatbot.chatbotNotFound");
  }
  async function ownSource(workspaceId: string, chatbotId: string, sourceId: string) {
    const row = await repo.findOwned(workspaceId, chatbotId, sourceId);
    if (!row) throw AppError.of("NOT_FOUND", "knowledge.knowledgeSourceNotFound");
    return row;
  }
  async function assertRoom(workspaceId: string) {
    await entitlements.assert(workspaceId, "knowledgeSources", await repo.countForOwner(workspaceId));
  }
  /** Scheduled re-syncs are for paid plans; `off` is always allowed. */
  const onFreePlan = async (workspaceId: string) => (await deps.plan(workspaceId)).tier <= 0;
  async function assertSchedule(workspaceId: string, resync: ResyncSchedule | undefined) {
    if (!resync || resync === "off") return;
    if (await onFreePlan(workspaceId)) throw new AppError("PLAN_LIMIT_REACHED", SCHEDULE_NEEDS_PAID_PLAN);
  }
  /** The next quiet hour of the bot's time zone for this schedule (null: off). */
  async function nextRun(chatbotId: string, resync: ResyncSchedule, after: Date) {
    return nextQuietTime(resync, await deps.schedule.timeZoneOf(chatbotId), after);
  }
  async function withLastSync(row: KnowledgeSourceRow, workspaceId: string) {
    return toSource(row, (await repo.syncs.latest([row.id])).get(row.id), await onFreePlan(workspaceId));
  }
  async function create(values: NewKnowledgeSource, file?: Buffer) {
    const at = deps.now();
    const row = await repo.insert({ ...values, createdAt: at, updatedAt: at }, file);
    await jobs.enqueue(INGEST_JOB, { sourceId: row.id, trigger: "manual" }, { maxAttempts: 2 });
    return toSource(row);
  }

  return {
    ingest: runner.ingest,
    /** The embeddings job: every ready source of the bot gets vectors of its current model. */
    async embedBot(chatbotId: string, signal?: AbortSignal) {
      await deps.semantic?.embedBot(chatbotId, { signal });
    },
    /** At start-up: bots whose embeddings model changed with the server's settings are re-embedded. */
    async requeueStaleEmbeddings(): Promise<number> {
      const stale = (await deps.semantic?.staleBots()) ?? [];
      for (const chatbotId of stale) {
        await deps.semantic?.markQueued(chatbotId);
        await jobs.enqueue(EMBED_JOB, { chatbotId }, { maxAttempts: 2 });
      }
      return stale.length;
    },
    async embedGiveUp(chatbotId: string) {
      await deps.semantic?.giveUpBot(chatbotId);
    },
    /** The ingestion job ran out of attempts: the source fails with the reason. */
    giveUp: runner.giveUp,
    /**
     * The upload limit of the owner's plan, checked before the upload is read (and by the
     * multipart reader while it reads).
     */
    async uploadLimit(workspaceId: string, chatbotId: string) {
      await ownBot(workspaceId, chatbotId);
      await assertRoom(workspaceId);
      const plan = await deps.plan(workspaceId);
      const limits = ingestLimits(plan.tier);
      return { bytes: limits.fileMb * 1024 * 1024, message: limitMessages(limits, plan.name).fileSize };
    },
    /** The stored rows of these bots' sources, text included (the account export). */
    rowsForBots: (chatbotIds: string[]) => repo.rowsForBots(chatbotIds),
    async list(workspaceId: string, chatbotId: string): Promise<KnowledgeSource[]> {
      await ownBot(workspaceId, chatbotId);
      const rows = await repo.listForBot(chatbotId);
      const last = await repo.syncs.latest(rows.filter((r) => r.kind === "website").map((r) => r.id));
      const freePlan = await onFreePlan(workspaceId);
      return rows.map((r) => toSource(r, last.get(r.id), freePlan));
    },
    /** One page of the bot's sources, newest first (the public API's list). */
    async page(
      workspaceId: string,
      chatbotId: string,
      opts: { cursor?: string; limit: number },
    ): Promise<ApiSourcePage> {
      await ownBot(workspaceId, chatbotId);
      const page = await repo.pageForBot(chatbotId, opts);
      const last = await repo.syncs.latest(page.items.filter((r) => r.kind === "website").map((r) => r.id));
      const freePlan = await onFreePlan(workspaceId);
      return {
        items: page.items.map((r) => toSource(r, last.get(r.id), freePlan)),
        nextCursor: page.nextCursor,
      };
    },
    async get(workspaceId: string, chatbotId: string, sourceId: string) {
      return withLastSync(await ownSource(workspaceId, chatbotId, sourceId), workspaceId);
    },
    /** A website source's path rules and re-sync schedule. */
    async patch(workspaceId: string, chatbotId: string, sourceId: string, patch: SourcePatch) {
      const row = await ownSource(workspaceId, chatbotId, sourceId);
      if (row.kind !== "website") throw new AppError("BAD_REQUEST", ONLY_WEBSITES_SYNC);
      await assertSchedule(workspaceId, patch.resync);
      const updated = await repo.updateReturning(sourceId, {
        ...(patch.include ? { include: patch.include } : {}),
        ...(patch.exclude ? { exclude: patch.exclude } : {}),
        ...(patch.resync && patch.resync !== row.resync
          ? {
              resync: patch.resync,
              resyncFailures: 0,
              nextSyncAt: await nextRun(chatbotId, patch.resync, deps.now()),
            }
          : {}),
        updatedAt: deps.now(),
      });
      if (!updated) throw AppError.of("NOT_FOUND", "knowledge.knowledgeSourceNotFound");
      return withLastSync(updated, workspaceId);
    },
    /** The source's syncs, newest first. */
    async syncs(workspaceId: string, chatbotId: string, sourceId: string): Promise<SourceSync[]> {
      await ownSource(workspaceId, chatbotId, sourceId);
      return (await repo.syncs.list(sourceId)).map(toSync);
    },
    async add(workspaceId: string, chatbotId: string, input: SourceCreate): Promise<KnowledgeSource> {
      await ownBot(workspaceId, chatbotId);
      await assertRoom(workspaceId);
      const base = { id: newId("src"), chatbotId, workspaceId, kind: input.kind };
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
          await assertSchedule(workspaceId, input.resync);
          return create({
            ...base,
            title: url.host + (url.pathname === "/" ? "" : url.pathname),
            url: url.toString(),
            maxPages: input.maxPages ?? DEFAULT_MAX_PAGES,
            include: input.include ?? [],
            exclude: input.exclude ?? [],
            resync: input.resync ?? "off",
            nextSyncAt: await nextRun(chatbotId, input.resync ?? "off", deps.now()),
            progressUnit: "pages",
          });
        }
      }
    },
    async addFile(
      workspaceId: string,
      chatbotId: string,
      file: { fileName: string; data: Buffer },
    ): Promise<KnowledgeSource> {
      await ownBot(workspaceId, chatbotId);
      await assertRoom(workspaceId);
      const plan = await deps.plan(workspaceId);
      const limits = ingestLimits(plan.tier);
      if (file.data.length > limits.fileMb * 1024 * 1024) {
        throw new AppError("PAYLOAD_TOO_LARGE", limitMessages(limits, plan.name).fileSize);
      }
      if (file.data.length === 0) throw AppError.of("BAD_REQUEST", "knowledge.fileEmpty");
      let type: ReturnType<typeof detectFileType>;
      try {
        type = detectFileType(file.data, file.fileName);
      } catch (err) {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", (err as Error).message);
      }
      const fileName = cleanFileName(file.fileName);
      return create(
        {
          id: newId("src"),
          chatbotId,
          workspaceId,
          kind: "file",
          title: titleOfFile(fileName),
          fileName,
          mimeType: MIME[type],
          sizeBytes: file.data.length,
          progressUnit: "bytes",
          progressTotal: file.data.length,
        },
        file.data,
      );
    },
    /** Deletes the source; returns its title (for the audit log, which outlives it). */
    async remove(workspaceId: string, chatbotId: string, sourceId: string): Promise<{ title: string }> {
      const source = await ownSource(workspaceId, chatbotId, sourceId);
      await repo.remove(chatbotId, sourceId);
      return { title: source.title };
    },
    async resync(workspaceId: string, chatbotId: string, sourceId: string): Promise<KnowledgeSource> {
      const row = await ownSource(workspaceId, chatbotId, sourceId);
      if (row.status === "queued" || row.status === "processing")
        throw AppError.of("CONFLICT", "knowledge.sourceAlreadyBeingProcessed");
      const updated = await repo.updateReturning(sourceId, {
        status: "queued",
        error: null,
        progressDone: 0,
        skippedPages: [],
      });
      await jobs.enqueue(INGEST_JOB, { sourceId, trigger: "manual" }, { maxAttempts: 2 });
      return withLastSync(updated ?? row, workspaceId);
    },
    countForOwner: (workspaceId: string) => repo.countForOwner(workspaceId),
    /**
     * Queues the scheduled re-syncs that are due, each by one replica only (the claim moves the
     * source's next run forward). A workspace now on the Free plan is skipped (its schedule stays
     * for when it pays again); a source being read already waits for its next run.
     */
    async runScheduledSyncs(): Promise<{ queued: number }> {
      const at = deps.now();
      let queued = 0;
      for (const due of await deps.schedule.due(at)) {
        if (!due.nextSyncAt) continue;
        const next = await nextRun(due.chatbotId, due.resync, at);
        if (!(await deps.schedule.claim(due.id, due.nextSyncAt, next))) continue;
        if (await onFreePlan(due.workspaceId)) continue;
        if (due.status === "queued" || due.status === "processing") continue;
        await jobs.enqueue(INGEST_JOB, { sourceId: due.id, trigger: "scheduled" }, { maxAttempts: 2 });
        queued++;
      }
      return { queued };
    },
  };
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

/** Wires the ingestion job to a queue (the app's, or a test's second replica). */
export function registerIngestJob(jobs: JobQueue, knowledge: KnowledgeService) {
  jobs.register(
    INGEST_JOB,
    async (payload, ctx) =>
      knowledge.ingest(String(payload.sourceId), {
        jobId: ctx.jobId,
        signal: ctx.signal,
        log: ctx.log,
        trigger: payload.trigger === "scheduled" ? "scheduled" : "manual",
      }),
    {
      onGiveUp: async (payload, _reason, job) =>
        knowledge.giveUp(String(payload.sourceId), {
          jobId: job.jobId,
          trigger: payload.trigger === "scheduled" ? "scheduled" : "manual",
        }),
    },
  );
  jobs.register(
    EMBED_JOB,
    async (payload, ctx) => knowledge.embedBot(String(payload.chatbotId), ctx.signal),
    { onGiveUp: async (payload) => knowledge.embedGiveUp(String(payload.chatbotId)) },
  );
}
