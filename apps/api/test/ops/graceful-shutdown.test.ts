import { widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAppDb } from "../../src/app";
import { jobs } from "../../src/db/schema";
import { createJobQueue } from "../../src/lib/job-queue";
import { INGEST_JOB } from "../../src/modules/knowledge/knowledge.service";
import { type ProdApi, startProdApi } from "../attack/prod-api";
import { testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { captureLogger } from "../logger";
import { startTestSite } from "../test-site";
import { until } from "../until";
import { buildCompiled, type CompiledApp } from "./compiled";

const WORDS = Array.from({ length: 25 }, (_, i) => `word${i} `);
const GRACE_SECONDS = 8;

/** Reads SSE events from a fetch response as they arrive. */
function events(res: Response) {
  const reader = res.body?.getReader();
  if (!reader) throw new Error("no stream");
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; data: unknown } | undefined> {
      for (;;) {
        const idx = buffer.indexOf("\n\n");
        if (idx >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1] ?? "message";
          const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null");
          return { event, data };
        }
        const chunk = await reader.read();
        if (chunk.done) return undefined;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}

/**
 * SIGTERM to a compiled API process (as an orchestrator stops a replica): it stops taking
 * requests at once, lets the answer being streamed finish, hands its running job (a crawl) back to
 * the queue so another replica takes it at once, and exits 0 within the grace period.
 */
describe.each(testDrivers())("a replica shutting down on %s", (driver) => {
  let compiled: CompiledApp;
  let api: ProdApi;
  let stub: LlmStub;
  let site: Awaited<ReturnType<typeof startTestSite>>;
  let token = "";
  let botId = "";

  beforeAll(async () => {
    compiled = await buildCompiled("api");
    // 25 tokens 120 ms apart: the answer is still streaming when the signal comes.
    stub = await startLlmStub({ tokens: WORDS, betweenTokensMs: 120 });
    // A crawl of 60 slow pages: well past the grace period.
    site = await startTestSite(60, { delayMs: 250 });
    api = await startProdApi(
      driver,
      {
        LLM_BASE_URL: stub.url,
        LLM_MODEL: "stub",
        LLM_ALLOW_PRIVATE: "true",
        CRAWLER_ALLOW_PRIVATE: "true",
        SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
        LOG_LEVEL: "info",
      },
      { entry: compiled.entry("server"), bootTimeoutMs: 150_000 },
    );
    token = await api.token("usr_shutdown_owner");
    const res = await api.fetch("/api/chatbots", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Closing time",
        published: true,
        model: { provider: "openai-compatible" },
      }),
    });
    expect(res.status).toBe(201);
    botId = ((await res.json()) as { _id: string })._id;
    // Compiling and booting on a busy machine (PGlite migrations) can take a while.
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await stub?.close();
    await site?.close();
    compiled?.remove();
  });

  it("finishes the open answer, refuses new requests, hands back its job and exits 0", async () => {
    const added = await api.fetch(`/api/chatbots/${botId}/sources`, {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "website", url: `${site.url}/`, maxPages: 60 }),
    });
    expect(added.status).toBe(201);
    const sourceId = ((await added.json()) as { _id: string })._id;
    // The crawl is running in this process: pages are being read.
    await until(
      "the crawl to read a page",
      async () => {
        const res = await api.fetch(`/api/chatbots/${botId}/sources`, { token });
        const list = (await res.json()) as { _id: string; progress?: { done: number } }[];
        return (list.find((s) => s._id === sourceId)?.progress?.done ?? 0) > 0;
      },
      30_000,
    );

    const visitor = "visitorAtClosingTime01";
    const started = await api.fetch(`/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    const conv = widgetConversationSchema.parse(await started.json())._id;
    const res = await api.fetch(`/api/widget/${botId}/conversations/${conv}/messages`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
      body: JSON.stringify({ content: "Are you still open?" }),
    });
    expect(res.status).toBe(200);
    const stream = events(res);
    let text = "";
    for (let e = await stream.next(); e && e.event !== "delta"; e = await stream.next()) {}
    text += WORDS[0];

    const signalledAt = Date.now();
    api.signal("SIGTERM");
    // New connections are refused while the answer is still streaming.
    await until(
      "new connections to be refused",
      () =>
        fetch(`${api.url}/api/health`).then(
          () => false,
          (err: Error & { cause?: { code?: string } }) => err.cause?.code === "ECONNREFUSED",
        ),
      5_000,
    );
    let done: unknown;
    for (let e = await stream.next(); e; e = await stream.next()) {
      if (e.event === "delta") text += (e.data as { text: string }).text;
      if (e.event === "done") done = e.data;
      expect(e.event).not.toBe("error");
    }
    expect(done).toBeDefined();
    expect(text).toBe(WORDS.join(""));

    const exit = await api.exited();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);
    expect(api.output()).toContain("job handed back to the queue");

    // Another replica takes the crawl at once: no lease to wait out, its attempt not counted.
    const db = await openAppDb({ DATABASE_URL: api.databaseUrl, DATA_DIR: api.dataDir });
    try {
      const [row] = await db.db.select().from(jobs);
      expect(row).toMatchObject({ kind: INGEST_JOB, status: "queued", lockedBy: null, attempts: 0 });
      const { log } = captureLogger(false);
      const other = createJobQueue({ db: db.db, log });
      const taken: unknown[] = [];
      other.register(INGEST_JOB, async (payload) => {
        taken.push(payload.sourceId);
      });
      expect(await other.runOne()).toBe(true);
      expect(taken).toEqual([sourceId]);
    } finally {
      await db.close();
    }
  });
});
