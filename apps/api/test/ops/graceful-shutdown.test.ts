import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { openAppDb } from "../../src/app";
import { jobs, messages } from "../../src/db/schema";
import { createJobQueue } from "../../src/lib/job-queue";
import { INGEST_JOB } from "../../src/modules/knowledge/knowledge.service";
import { askWidget, type ProdApi, startProdApi } from "../attack/prod-api";
import { testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { captureLogger } from "../logger";
import { sseEvents, textOf } from "../sse-client";
import { startTestSite } from "../test-site";
import { until } from "../until";
import { buildCompiled, type CompiledApp } from "./compiled";

const WORDS = Array.from({ length: 25 }, (_, i) => `word${i} `);
const GRACE_SECONDS = 8;

/**
 * SIGTERM to a compiled API process (as an orchestrator stops a replica): it stops taking
 * requests at once, lets the answer being streamed finish, cuts at the end of the grace period an
 * answer whose model never finishes (what was said is kept, marked interrupted), hands its running
 * job (a crawl) back to the queue so another replica takes it at once, and exits 0.
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
  }, scaled(180_000));
  afterAll(async () => {
    await api?.stop();
    await stub?.close();
    await site?.close();
  });

  it("finishes the open answer, cuts the endless one at the deadline, refuses new requests, hands back its job and exits 0", async () => {
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

    const ask = async (visitor: string) => {
      const { conv, res } = await askWidget(api, botId, visitor, "Are you still open?");
      expect(res.status).toBe(200);
      return { conv, stream: sseEvents(res) };
    };
    /** Reads the stream until its text is `text`. */
    const readUntil = async (stream: ReturnType<typeof sseEvents>, text: string) => {
      const seen = [];
      while (textOf(seen) !== text) {
        const e = await stream.next();
        if (!e) throw new Error(`the stream ended before "${text}"`);
        seen.push(e);
      }
      return seen;
    };
    // One answer streams normally (about 3 s); the other's model stops after two words for good.
    const usual = stub.behaviour;
    const finishing = await ask("visitorAtClosingTime01");
    const early = await readUntil(finishing.stream, WORDS[0] ?? "");
    stub.behaviour = { tokens: WORDS, holdAfter: 2 };
    const endless = await ask("visitorAtClosingTime02");
    await readUntil(endless.stream, (WORDS[0] ?? "") + (WORDS[1] ?? ""));
    stub.behaviour = usual;

    api.signal("SIGTERM");
    // New connections are refused while the answers are still streaming.
    await until(
      "new connections to be refused",
      () =>
        fetch(`${api.url}/api/health`).then(
          () => false,
          (err: Error & { cause?: { code?: string } }) => err.cause?.code === "ECONNREFUSED",
        ),
      5_000,
    );
    const finished = [...early, ...(await finishing.stream.rest())];
    expect(finished.map((e) => e.event)).not.toContain("error");
    expect(finished.at(-1)?.event).toBe("done");
    expect(textOf(finished)).toBe(WORDS.join(""));
    // The endless answer is cut when the grace period is over: no end, and no more words.
    const cut = await endless.stream.rest();
    expect(cut.map((e) => e.event)).not.toContain("done");
    expect(textOf(cut)).toBe("");

    const exit = await api.exited();
    stub.release();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(api.output()).toContain("grace period over: cutting open streams");
    expect(api.output()).toContain("job handed back to the queue");

    // Another replica takes the crawl at once: no lease to wait out, its attempt not counted.
    const db = await openAppDb({ DATABASE_URL: api.databaseUrl, DATA_DIR: api.dataDir });
    try {
      // Both answers are stored: the finished one whole, the cut one as far as it went.
      const replies = await db.db
        .select({
          conversationId: messages.conversationId,
          content: messages.content,
          interrupted: messages.interrupted,
        })
        .from(messages)
        .where(eq(messages.role, "assistant"));
      expect(replies.find((r) => r.conversationId === finishing.conv)).toMatchObject({
        content: WORDS.join(""),
        interrupted: false,
      });
      expect(replies.find((r) => r.conversationId === endless.conv)).toMatchObject({
        content: (WORDS[0] ?? "") + (WORDS[1] ?? ""),
        interrupted: true,
      });
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
