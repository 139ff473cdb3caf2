import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { chatbots, knowledgeChunkVectors, knowledgeSources } from "../../db/schema";
import type { OutboundGuard } from "../../lib/outbound";
import type { SourceEmbeddings } from "../knowledge/knowledge.repo";
import { EmbeddingError, type EmbeddingsConfig, embedTexts, toBytes } from "./embeddings";
import { createVectorsRepo } from "./vectors.repo";

/** Passages sent per embeddings request, and the characters of each that are embedded. */
const BATCH = 32;
const MAX_INPUT_CHARS = 6000;
/** Vectors kept in memory across bots (float32): past this the least recently used bot is dropped. */
const CACHE_BYTES = 256 * 1024 * 1024;
/** How long a bot's embeddings settings are reused before they are read again, and for how many bots. */
const CONFIG_TTL_MS = 5_000;
const CONFIG_ENTRIES = 10_000;

export interface SemanticDeps {
  db: Database;
  /** Where a source's semantic-search state is written: the knowledge module owns the rows. */
  sources: SourceEmbeddings;
  guard: OutboundGuard;
  /** The server's endpoint (EMBEDDINGS_*), used by bots that set none of their own. */
  defaults: { baseUrl: string | undefined; model: string | undefined; apiKey: string | undefined };
  timeoutMs: number;
  queryTimeoutMs: number;
  log: FastifyBaseLogger;
  /** Opens a bot's sealed embeddings API key (the chatbots module's key box); throws when unreadable. */
  openKey: (sealed: string, chatbotId: string) => string;
}

export interface SemanticHit {
  chunkId: number;
  /** Cosine similarity, -1 to 1. */
  score: number;
}

interface BotVectors {
  fingerprint: string;
  dims: number;
  ids: number[];
  matrix: Float32Array;
}

/**
 * Semantic retrieval: chunk vectors from an OpenAI-compatible embeddings endpoint, and the
 * nearest chunks of one bot to a question.
 *
 * Why no pgvector: it is not installable on every Postgres this runs on (Debian bookworm's
 * packages have no postgresql-15-pgvector), and PGlite's own `vector` extension would make the two
 * drivers behave differently. Plain SQL array arithmetic (`unnest(a, b)`) is interpreted per
 * element, i.e. hundreds of milliseconds for 10,000 chunks. So vectors are stored as float32 bytes
 * in `knowledge_chunk_vectors` and compared here, exactly (brute force, no approximate index),
 * against an in-memory copy of the bot's vectors. The copy is checked on every question against a
 * fingerprint of the bot's rows (count, largest and sum of chunk ids for the model: chunk ids only
 * grow, so any insert or delete changes it), so replicas never answer from stale vectors. Every
 * read is filtered by chatbot and model.
 */
export function createSemanticIndex(deps: SemanticDeps) {
  const { db, log } = deps;
  const vectors = createVectorsRepo(db);
  const cache = new Map<string, BotVectors>();
  const loading = new Map<string, Promise<BotVectors>>();
  let cachedBytes = 0;

  /**
   * The bot's endpoint: its own, or the server's. The server's key goes only to the server's
   * endpoint, never to an address a bot owner typed.
   */
  function resolve(
    chatbotId: string,
    bot: {
      embeddingsBaseUrl: string | null;
      embeddingsModel: string | null;
      embeddingsApiKey: string | null;
    },
  ): EmbeddingsConfig | null {
    const own = bot.embeddingsBaseUrl;
    const baseUrl = own ?? deps.defaults.baseUrl;
    const model = bot.embeddingsModel ?? deps.defaults.model;
    if (!baseUrl || !model) return null;
    let botKey: string | null = null;
    if (bot.embeddingsApiKey) {
      try {
        botKey = deps.openKey(bot.embeddingsApiKey, chatbotId);
      } catch {
        // Fails closed: never the server's key instead, never a guess; full text still answers.
        log.warn(
          { chatbotId },
          "embeddings API key cannot be decrypted; semantic search is off for this bot",
        );
        return null;
      }
    }
    const apiKey = botKey ?? (own && own !== deps.defaults.baseUrl ? null : deps.defaults.apiKey);
    return { baseUrl, model, apiKey: apiKey ?? null };
  }

  /**
   * Each bot's resolved settings for a few seconds, so a question costs no extra read (with or
   * without embeddings). A change made through this process drops the entry at once
   * (`markQueued`); another replica sees it within `CONFIG_TTL_MS`.
   */
  const configs = new Map<string, { config: EmbeddingsConfig | null; until: number }>();

  async function configFor(chatbotId: string): Promise<EmbeddingsConfig | null> {
    const hit = configs.get(chatbotId);
    if (hit && hit.until > Date.now()) return hit.config;
    const config = await readConfig(chatbotId);
    if (configs.size >= CONFIG_ENTRIES) configs.clear();
    configs.set(chatbotId, { config, until: Date.now() + CONFIG_TTL_MS });
    return config;
  }

  async function readConfig(chatbotId: string): Promise<EmbeddingsConfig | null> {
    const [bot] = await db
      .select({
        embeddingsBaseUrl: chatbots.embeddingsBaseUrl,
        embeddingsModel: chatbots.embeddingsModel,
        embeddingsApiKey: chatbots.embeddingsApiKey,
      })
      .from(chatbots)
      .where(eq(chatbots.id, chatbotId));
    return bot ? resolve(chatbotId, bot) : null;
  }

  const setSource = deps.sources.setEmbedding;

  /**
   * Embeds the source's passages that have no vector for the bot's model yet, in batches, writing
   * progress on the source. A failing endpoint never fails the source: it stays searchable by its
   * words, and the source says why semantic search is off for it.
   */
  async function embedSource(sourceId: string, ctx: { signal?: AbortSignal } = {}): Promise<void> {
    const [source] = await db
      .select({ chatbotId: knowledgeSources.chatbotId, status: knowledgeSources.status })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.id, sourceId));
    if (!source || source.status !== "ready") return;
    const config = await readConfig(source.chatbotId);
    if (!config) {
      await setSource(sourceId, {
        embeddingStatus: "none",
        embeddingModel: null,
        embeddingError: null,
        embeddingDone: 0,
        embeddingTotal: 0,
      });
      return;
    }
    const result = await db.execute(sql`
      select c.id, c.title, c.body,
             exists (select 1 from knowledge_chunk_vectors v where v.chunk_id = c.id and v.model = ${config.model}) as done
      from knowledge_chunks c where c.source_id = ${sourceId} order by c.id`);
    const chunks = rowsOf<{ id: number | string; title: string; body: string; done: boolean }>(result);
    const todo = chunks.filter((c) => !c.done);
    let done = chunks.length - todo.length;
    await setSource(sourceId, {
      embeddingStatus: "running",
      embeddingModel: config.model,
      embeddingError: null,
      embeddingDone: done,
      embeddingTotal: chunks.length,
    });
    try {
      let dims = await vectors.storedDims(source.chatbotId, config.model);
      for (let i = 0; i < todo.length; i += BATCH) {
        if (ctx.signal?.aborted) return;
        const batch = todo.slice(i, i + BATCH);
        const embedded = await embedTexts(
          config,
          batch.map((c) => `${c.title ? `${c.title}\n` : ""}${c.body}`.slice(0, MAX_INPUT_CHARS)),
          deps.guard,
          { timeoutMs: deps.timeoutMs, signal: ctx.signal, dims },
        );
        dims = embedded[0]?.length ?? dims;
        if (ctx.signal?.aborted) return;
        await vectors.insert(
          batch.map((c, j) => {
            const v = embedded[j] as Float32Array;
            return {
              chunkId: Number(c.id),
              chatbotId: source.chatbotId,
              model: config.model,
              dims: v.length,
              vector: toBytes(v),
            };
          }),
        );
        done += batch.length;
        await setSource(sourceId, { embeddingDone: done });
      }
      await setSource(sourceId, { embeddingStatus: "ready", embeddingDone: done });
    } catch (err) {
      if (ctx.signal?.aborted) return;
      const reason =
        err instanceof EmbeddingError ? err.message : "something went wrong while storing the vectors";
      if (!(err instanceof EmbeddingError)) log.error({ err, sourceId }, "embedding failed unexpectedly");
      else log.warn({ sourceId, reason }, "embedding failed");
      await setSource(sourceId, {
        embeddingStatus: "failed",
        embeddingError: `Semantic search is off for this source: ${reason}. It is still searched by its words; re-sync it to try again.`,
      });
    }
  }

  /** Marks the bot's ready sources as waiting for (re-)embedding: the settings changed. */
  async function markQueued(chatbotId: string) {
    configs.delete(chatbotId);
    const configured = Boolean(await configFor(chatbotId));
    await deps.sources.setEmbeddingOfReady(
      chatbotId,
      configured
        ? { embeddingStatus: "queued", embeddingError: null, embeddingDone: 0 }
        : { embeddingStatus: "none", embeddingError: null, embeddingDone: 0, embeddingModel: null },
    );
  }

  /**
   * The bot's embeddings settings changed: vectors of any other model go, and every ready source
   * is embedded with the current one (the job that runs this is durable; a re-run skips the
   * passages already done).
   */
  async function embedBot(chatbotId: string, ctx: { signal?: AbortSignal } = {}) {
    const config = await readConfig(chatbotId);
    await vectors.deleteAllBut(chatbotId, config?.model ?? null);
    const sources = await db
      .select({ id: knowledgeSources.id })
      .from(knowledgeSources)
      .where(and(eq(knowledgeSources.chatbotId, chatbotId), eq(knowledgeSources.status, "ready")))
      .orderBy(asc(knowledgeSources.createdAt));
    for (const s of sources) {
      if (ctx.signal?.aborted) return;
      await embedSource(s.id, ctx);
    }
  }

  /** The re-embedding job ran out of attempts: sources still waiting say so. */
  async function giveUpBot(chatbotId: string) {
    await deps.sources.failPendingEmbeddings(
      chatbotId,
      "Semantic search is off for this source: embedding it stopped on every attempt. It is still searched by its words; re-sync it to try again.",
    );
  }

  /**
   * Bots whose ready sources were embedded with another model than the one they use now, or not
   * at all, or that have vectors but no endpoint any more: the operator changed EMBEDDINGS_* and
   * restarted. Their sources are re-embedded (or cleared) by the same job as a settings change.
   */
  async function staleBots(): Promise<string[]> {
    const base = deps.defaults.baseUrl ?? null;
    const model = deps.defaults.model ?? null;
    const result = await db.execute(sql`
      select distinct s.chatbot_id as id
      from knowledge_sources s join chatbots b on b.id = s.chatbot_id
      where s.status = 'ready' and s.embedding_status <> 'queued' and (
        case when coalesce(b.embeddings_base_url, ${base}::text) is not null
               and coalesce(b.embeddings_model, ${model}::text) is not null
             then s.embedding_model is distinct from coalesce(b.embeddings_model, ${model}::text)
             else s.embedding_status <> 'none' end)
      order by 1`);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }

  async function vectorsOf(chatbotId: string, model: string): Promise<BotVectors | null> {
    const key = `${chatbotId}\u0000${model}`;
    const result = await db.execute(sql`
      select count(*)::int as n, coalesce(max(chunk_id), 0)::text as max, coalesce(sum(chunk_id), 0)::text as sum
      from knowledge_chunk_vectors where chatbot_id = ${chatbotId} and model = ${model}`);
    const f = rowsOf<{ n: number; max: string; sum: string }>(result)[0];
    if (!f || Number(f.n) === 0) return null;
    const fingerprint = `${f.n}:${f.max}:${f.sum}`;
    const hit = cache.get(key);
    if (hit && hit.fingerprint === fingerprint) {
      cache.delete(key);
      cache.set(key, hit); // most recently used last
      return hit;
    }
    const pending = loading.get(key);
    if (pending) return pending;
    const load = (async () => {
      const rows = await db
        .select({
          id: knowledgeChunkVectors.chunkId,
          dims: knowledgeChunkVectors.dims,
          v: knowledgeChunkVectors.vector,
        })
        .from(knowledgeChunkVectors)
        .where(and(eq(knowledgeChunkVectors.chatbotId, chatbotId), eq(knowledgeChunkVectors.model, model)))
        .orderBy(asc(knowledgeChunkVectors.chunkId));
      const dims = rows[0]?.dims ?? 0;
      const usable = rows.filter((r) => r.dims === dims && r.v.length === dims * 4);
      const matrix = new Float32Array(usable.length * dims);
      usable.forEach((r, i) => {
        for (let d = 0; d < dims; d++) matrix[i * dims + d] = r.v.readFloatLE(d * 4);
      });
      const entry: BotVectors = { fingerprint, dims, ids: usable.map((r) => Number(r.id)), matrix };
      const old = cache.get(key);
      if (old) {
        cache.delete(key);
        cachedBytes -= old.matrix.byteLength;
      }
      cache.set(key, entry);
      cachedBytes += matrix.byteLength;
      for (const [k, e] of cache) {
        if (cachedBytes <= CACHE_BYTES || k === key) break;
        cache.delete(k);
        cachedBytes -= e.matrix.byteLength;
      }
      return entry;
    })().finally(() => loading.delete(key));
    loading.set(key, load);
    return load;
  }

  /**
   * The bot's `n` chunks nearest to the question, or null when semantic search is off for it (no
   * endpoint, no vectors yet, or the endpoint failed on the question: full text answers alone).
   */
  async function search(
    chatbotId: string,
    question: string,
    n: number,
    known?: EmbeddingsConfig,
  ): Promise<SemanticHit[] | null> {
    const config = known ?? (await configFor(chatbotId));
    if (!config) return null;
    const vectors = await vectorsOf(chatbotId, config.model);
    if (!vectors || vectors.ids.length === 0) return null;
    let q: Float32Array | undefined;
    try {
      [q] = await embedTexts(config, [question.slice(0, MAX_INPUT_CHARS)], deps.guard, {
        timeoutMs: deps.queryTimeoutMs,
        dims: vectors.dims,
      });
    } catch (err) {
      log.warn({ chatbotId, reason: (err as Error).message }, "question not embedded; full text only");
      return null;
    }
    if (!q) return null;
    return nearest(vectors, q, n);
  }

  return { resolve, configFor, embedSource, embedBot, markQueued, giveUpBot, staleBots, search };
}
export type SemanticIndex = ReturnType<typeof createSemanticIndex>;

/** Exact nearest neighbours by dot product (the vectors are unit length: cosine similarity). */
export function nearest(vectors: BotVectors, q: Float32Array, n: number): SemanticHit[] {
  const { dims, ids, matrix } = vectors;
  const top: SemanticHit[] = [];
  for (let i = 0; i < ids.length; i++) {
    let dot = 0;
    const base = i * dims;
    for (let d = 0; d < dims; d++) dot += (matrix[base + d] as number) * (q[d] as number);
    if (top.length < n || dot > (top[top.length - 1] as SemanticHit).score) {
      const hit = { chunkId: ids[i] as number, score: dot };
      let at = top.length;
      while (at > 0 && (top[at - 1] as SemanticHit).score < dot) at--;
      top.splice(at, 0, hit);
      if (top.length > n) top.pop();
    }
  }
  return top;
}
