import { createOutboundGuard } from "../lib/outbound";
import { createChatService } from "../modules/chat/chat.service";
import { createChatbotsRepo } from "../modules/chatbots/chatbots.repo";
import { createChatbotsService } from "../modules/chatbots/chatbots.service";
import { createModelKeyBox } from "../modules/chatbots/model-key-box";
import { createTableFileStore } from "../modules/knowledge/file-store";
import { createKnowledgeRepo } from "../modules/knowledge/knowledge.repo";
import { createKnowledgeService, EMBED_JOB, registerIngestJob } from "../modules/knowledge/knowledge.service";
import { createResyncSchedule } from "../modules/knowledge/resync-schedule.repo";
import { createRetrieval } from "../modules/retrieval/retrieval";
import { createSemanticIndex } from "../modules/retrieval/semantic";
import { sourceSettledEvents, sourceSyncedEvents } from "../modules/webhooks/webhook-events";

import type { Wiring } from "./context";
import type { Core } from "./core";
import type { Events } from "./events";

/** Chatbots and what they know: sources, their ingestion and search, and the answer engine. */
export function createKnowledge(
  w: Wiring,
  { jobs, entitlements, subscriptions }: Core,
  { webhooksGuard, webhookDelivery, notifications }: Events,
  parserEntry: string | undefined,
) {
  const { env, db, now, log, metrics } = w;
  const { bot: botCache } = w.caches;
  const modelKeys = createModelKeyBox(
    env.MODEL_KEYS_SECRET ?? env.AUTH_EVENTS_SECRET,
    env.MODEL_KEYS_SECRET_PREVIOUS,
  );
  const chatbots = createChatbotsService({
    repo: createChatbotsRepo(db.db),
    entitlements,
    modelKeys,
    onChange: (id) => botCache.invalidate(id),
    onEmbeddingsChanged: async (chatbotId) => {
      await semantic.markQueued(chatbotId);
      await jobs.enqueue(EMBED_JOB, { chatbotId }, { maxAttempts: 2 });
    },
  });
  // Every server-side request to an address an account chose goes through one of these guards.
  const outbound = {
    crawler: createOutboundGuard({
      allowPrivate: env.CRAWLER_ALLOW_PRIVATE,
      allowHosts: env.CRAWLER_ALLOW_HOSTS,
    }),
    model: createOutboundGuard({
      allowPrivate: env.LLM_ALLOW_PRIVATE,
      // The operator's own endpoint is trusted wherever it is (a model server beside the API).
      allowHosts: env.LLM_BASE_URL ? [new URL(env.LLM_BASE_URL).host] : [],
      headersTimeoutMs: 120_000,
      bodyTimeoutMs: 120_000,
    }),
    embeddings: createOutboundGuard({
      allowPrivate: env.LLM_ALLOW_PRIVATE,
      allowHosts: env.EMBEDDINGS_BASE_URL ? [new URL(env.EMBEDDINGS_BASE_URL).host] : [],
    }),
    webhooks: webhooksGuard,
  };
  const knowledgeRepo = createKnowledgeRepo(db.db, createTableFileStore(db.db));
  const semantic = createSemanticIndex({
    db: db.db,
    sources: knowledgeRepo,
    guard: outbound.embeddings,
    defaults: {
      baseUrl: env.EMBEDDINGS_BASE_URL,
      model: env.EMBEDDINGS_MODEL,
      apiKey: env.EMBEDDINGS_API_KEY,
    },
    timeoutMs: env.EMBEDDINGS_TIMEOUT_SECONDS * 1000,
    queryTimeoutMs: env.EMBEDDINGS_QUERY_TIMEOUT_MS,
    log,
    openKey: (sealed, chatbotId) => modelKeys.open(sealed, chatbotId),
  });
  const knowledge = createKnowledgeService({
    repo: knowledgeRepo,
    jobs,
    entitlements,
    plan: async (userId) => {
      const plan = await subscriptions.currentPlan(userId);
      return { tier: plan.tier, name: plan.name };
    },
    crawlerGuard: outbound.crawler,
    crawlTimeoutMs: env.CRAWLER_TIMEOUT_SECONDS * 1000,
    parse: {
      memoryMb: env.INGEST_MEMORY_MB,
      timeoutMs: env.INGEST_TIMEOUT_SECONDS * 1000,
      entry: parserEntry,
    },
    log,
    now,
    semantic,
    onSourceSettled: sourceSettledEvents(webhookDelivery, now),
    onSynced: sourceSyncedEvents(webhookDelivery, now),
    onSyncTrouble: async (row, sync, kind) => {
      const bot = await createChatbotsRepo(db.db).byId(row.chatbotId);
      await notifications.sourceSyncTrouble({
        workspaceId: row.workspaceId,
        kind,
        title: row.title,
        botName: bot?.name ?? "",
        chatbotId: row.chatbotId,
        error: sync.error,
        removed: sync.removed,
        total: sync.changed + sync.unchanged + sync.removed + sync.failed,
      });
    },
    schedule: createResyncSchedule(db.db),
  });
  registerIngestJob(jobs, knowledge);
  const retrieval = createRetrieval(db.db, semantic);
  const chat = createChatService({
    retrieval,
    llm: { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL },
    guard: outbound.model,
    botApiKey: chatbots.modelApiKey,
    onAnswer: (engine, outcome, seconds) => metrics.answer(engine, outcome, seconds),
  });
  return { modelKeys, chatbots, outbound, knowledgeRepo, semantic, knowledge, retrieval, chat };
}
export type Knowledge = ReturnType<typeof createKnowledge>;
