import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { createTableFileStore } from "../../src/modules/knowledge/file-store";
import { createKnowledgeRepo } from "../../src/modules/knowledge/knowledge.repo";
import { createSemanticIndex } from "../../src/modules/retrieval/semantic";
import { type EmbeddingsMode, type EmbeddingsStub, startEmbeddingsStub } from "../embeddings-stub";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";

/** The embeddings endpoint's bound: 2 s on a quiet machine. */
const EMBED_TIMEOUT_S = scaled(2);

const OWNER = "auth_semantic_owner";
const OTHER = "auth_semantic_other";

const SOURCES = [
  {
    title: "Returns",
    content:
      "## Refunds\n\nRefunds go back to the original card within five working days.\n\n## Exchanges\n\nExchanges are free in any of our stores within 30 days.",
  },
  {
    title: "Shipping",
    content: "Shipping inside Bahrain costs 2 BHD. Parcels leave our Sitra warehouse every morning.",
  },
  { title: "Rentals", content: "The family tent sleeps six people and rents for 12 BHD a day." },
];

describe.each(testDrivers())("semantic retrieval with an embeddings endpoint on %s", (driver) => {
  let t: TestApp;
  let stub: EmbeddingsStub;
  let bot = "";
  let otherBot = "";

  const sources = (owner: string, id: string) => t.app.services.knowledge.list(owner, id);
  const vectorCount = async (chatbotId: string, model?: string) =>
    Number(
      rowsOf<{ n: number }>(
        await t.db.db.execute(
          sql`select count(*)::int as n from knowledge_chunk_vectors where chatbot_id = ${chatbotId}${
            model ? sql` and model = ${model}` : sql``
          }`,
        ),
      )[0]?.n,
    );

  beforeAll(async () => {
    stub = await startEmbeddingsStub(256);
    t = await createTestApp(driver, {
      EMBEDDINGS_BASE_URL: stub.url,
      EMBEDDINGS_MODEL: "stub-1",
      EMBEDDINGS_API_KEY: "operator-key",
      // A bound the 9 MB answer ("huge") streams within on a starved machine, so it fails on its size.
      EMBEDDINGS_TIMEOUT_SECONDS: String(EMBED_TIMEOUT_S),
      // The default: a busy machine can take longer than a few hundred milliseconds to embed a question.
      EMBEDDINGS_QUERY_TIMEOUT_MS: "2000",
      // Bots' own endpoints may not be on private addresses; the operator's (the stub) is trusted.
      LLM_ALLOW_PRIVATE: "false",
    });
    await setPlan(t, OWNER, "business-monthly");
    await setPlan(t, OTHER, "business-monthly");
    bot = (await t.app.services.chatbots.create(OWNER, { name: "Outdoor shop" }))._id;
    otherBot = (await t.app.services.chatbots.create(OTHER, { name: "Other shop" }))._id;
    for (const s of SOURCES) await t.app.services.knowledge.add(OWNER, bot, { kind: "text", ...s });
    await t.app.services.knowledge.add(OTHER, otherBot, {
      kind: "text",
      title: "Secret",
      content: "Refunds are reimbursed by the PINEAPPLE desk in cash.",
    });
    await t.app.services.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it("embeds every passage inside the ingestion job and shows it on the source", async () => {
    const list = await sources(OWNER, bot);
    const chunks = list.reduce((n, s) => n + s.chunkCount, 0);
    for (const s of list) {
      expect(s.status).toBe("ready");
      expect(s.embedding).toEqual({
        status: "ready",
        model: "stub-1",
        done: s.chunkCount,
        total: s.chunkCount,
        error: null,
      });
    }
    expect(await vectorCount(bot, "stub-1")).toBe(chunks);
    // The operator's key went to the operator's endpoint.
    expect(stub.requests[0]?.authorization).toBe("Bearer operator-key");
  });

  it("finds the passage of a paraphrase that shares no word with it", async () => {
    const { passages, terms } = await t.app.services.retrieval.retrieve(bot, "When will I be reimbursed?");
    // Full text alone has nothing to go on: no word of the question is in the bot's knowledge.
    expect(terms.every((term) => term.matched === null)).toBe(true);
    expect(passages[0]?.title).toBe("Returns › Refunds");
    // And a question full text answers keeps its answer first.
    const tent = await t.app.services.retrieval.search(bot, "family tent");
    expect(tent[0]?.sourceTitle).toBe("Rentals");
  });

  it("stays within one chatbot", async () => {
    const mine = new Set((await sources(OWNER, bot)).map((s) => s._id));
    for (const q of ["When will I be reimbursed?", "PINEAPPLE desk cash refunds"]) {
      const passages = await t.app.services.retrieval.search(bot, q);
      expect(passages.length).toBeGreaterThan(0);
      expect(passages.every((p) => mine.has(p.sourceId))).toBe(true);
    }
  });

  it.each<[EmbeddingsMode, RegExp]>([
    ["status500", /answered 500: The server had an error/],
    ["wrongDims", /259 dimensions where 256 were expected/],
    ["nan", /not valid JSON/],
    ["huge", /larger than 8 MB/],
    ["hang", new RegExp(`did not answer within ${EMBED_TIMEOUT_S} s`)],
  ])(
    "an endpoint that fails (%s) leaves the source searchable by its words, saying why",
    async (mode, why) => {
      stub.mode = mode;
      try {
        const word = `zorblax${mode.toLowerCase()}`;
        const added = await t.app.services.knowledge.add(OWNER, bot, {
          kind: "text",
          title: `Failing ${mode}`,
          content: `The ${word} kit is sold at the front desk.`,
        });
        await t.app.services.jobs.drain();
        const source = await t.app.services.knowledge.get(OWNER, bot, added._id);
        expect(source.status).toBe("ready");
        expect(source.error).toBeNull();
        expect(source.embedding?.status).toBe("failed");
        expect(source.embedding?.error).toMatch(why);
        expect(source.embedding?.error).toMatch(/still searched by its words/);
        // The question cannot be embedded either: full text answers alone.
        const found = await t.app.services.retrieval.search(bot, `Where is the ${word} kit?`);
        expect(found[0]?.sourceTitle).toBe(`Failing ${mode}`);
      } finally {
        stub.mode = "ok";
      }
    },
  );

  it("refuses a bot's own endpoint on a private address, and never sends it the operator's key", async () => {
    const before = stub.requests.length;
    const updated = await t.app.services.chatbots.update(OTHER, otherBot, {
      embeddings: { baseUrl: "http://169.254.169.254/v1", model: "metadata" },
    });
    expect(updated.embeddings).toEqual({
      baseUrl: "http://169.254.169.254/v1",
      model: "metadata",
      hasApiKey: false,
    });
    await t.app.services.jobs.drain();
    const [source] = await sources(OTHER, otherBot);
    expect(source?.status).toBe("ready");
    expect(source?.embedding?.status).toBe("failed");
    expect(source?.embedding?.error).toMatch(/private or local network/);
    expect(await vectorCount(otherBot)).toBe(0);
    expect(stub.requests.length).toBe(before);
    expect((await t.app.services.retrieval.search(otherBot, "PINEAPPLE"))[0]?.sourceTitle).toBe("Secret");
    const semantic = createSemanticIndex({
      db: t.db.db,
      sources: createKnowledgeRepo(t.db.db, createTableFileStore(t.db.db)),
      guard: t.app.services.outbound.embeddings,
      defaults: { baseUrl: stub.url, model: "stub-1", apiKey: "operator-key" },
      timeoutMs: 2000,
      queryTimeoutMs: 2000,
      log: t.app.log,
      openKey: (sealed, id) => t.app.services.modelKeys.open(sealed, id),
    });
    expect(await semantic.configFor(otherBot)).toEqual({
      baseUrl: "http://169.254.169.254/v1",
      model: "metadata",
      apiKey: null,
    });
  });

  it("re-embeds the bot's sources in the background when its model changes", async () => {
    await t.app.services.chatbots.update(OWNER, bot, { embeddings: { model: "stub-2" } });
    expect((await sources(OWNER, bot)).map((s) => s.embedding?.status)).toEqual(
      expect.arrayContaining(["queued"]),
    );
    await t.app.services.jobs.drain();
    const list = await sources(OWNER, bot);
    for (const s of list)
      expect(s.embedding).toMatchObject({ status: "ready", model: "stub-2", error: null });
    expect(await vectorCount(bot, "stub-1")).toBe(0);
    expect(await vectorCount(bot, "stub-2")).toBe(list.reduce((n, s) => n + s.chunkCount, 0));
    expect(stub.requests.at(-1)?.model).toBe("stub-2");
    const { passages } = await t.app.services.retrieval.retrieve(bot, "When will I be reimbursed?");
    expect(passages[0]?.title).toBe("Returns › Refunds");
  });

  it("keeps a bot's own embeddings key sealed at rest and sends it only to the bot's endpoint", async () => {
    const key = "emb-key-for-this-bot-7a1f";
    const updated = await t.app.services.chatbots.update(OWNER, bot, {
      embeddings: { baseUrl: stub.url, model: "stub-3", apiKey: key },
    });
    expect(JSON.stringify(updated)).not.toContain(key);
    expect(updated.embeddings.hasApiKey).toBe(true);
    const [raw] = rowsOf<{ k: string }>(
      await t.db.db.execute(sql`select embeddings_api_key as k from chatbots where id = ${bot}`),
    );
    expect(raw?.k).toMatch(/^mk1\./);
    expect(raw?.k).not.toContain(key);
    await t.app.services.jobs.drain();
    expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${key}`);
    // A tampered value fails closed: no key at all is sent (never the operator's), full text answers.
    await t.db.db.execute(sql`update chatbots set embeddings_api_key = ${`${raw?.k}x`} where id = ${bot}`);
    const semantic = createSemanticIndex({
      db: t.db.db,
      sources: createKnowledgeRepo(t.db.db, createTableFileStore(t.db.db)),
      guard: t.app.services.outbound.embeddings,
      defaults: { baseUrl: stub.url, model: "stub-1", apiKey: "operator-key" },
      timeoutMs: 2000,
      queryTimeoutMs: 2000,
      log: t.app.log,
      openKey: (sealed, id) => t.app.services.modelKeys.open(sealed, id),
    });
    expect(await semantic.configFor(bot)).toBeNull();
  });

  it("finds the bots to re-embed when the server's model changed across a restart", async () => {
    const third = (await t.app.services.chatbots.create(OWNER, { name: "Default model shop" }))._id;
    await t.app.services.knowledge.add(OWNER, third, {
      kind: "text",
      title: "Hours",
      content: "Open daily.",
    });
    await t.app.services.jobs.drain();
    expect(await t.app.services.knowledge.requeueStaleEmbeddings()).toBe(0);
    // The same database seen by a server restarted with EMBEDDINGS_MODEL=stub-9: only the bot on
    // the server's model is stale (the others have their own model or endpoint).
    const restarted = createSemanticIndex({
      db: t.db.db,
      sources: createKnowledgeRepo(t.db.db, createTableFileStore(t.db.db)),
      guard: t.app.services.outbound.embeddings,
      defaults: { baseUrl: stub.url, model: "stub-9", apiKey: undefined },
      timeoutMs: 2000,
      queryTimeoutMs: 2000,
      log: t.app.log,
      openKey: (sealed, id) => t.app.services.modelKeys.open(sealed, id),
    });
    expect(await restarted.staleBots()).toEqual([third]);
  });
});
