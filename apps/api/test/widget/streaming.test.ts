import { transcriptSchema, widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

const WORDS =
  "Orders placed before noon are delivered the same day anywhere in Manama, and later orders the next morning.".split(
    /(?<= )/,
  );
const FULL = WORDS.join("");

/**
 * A widget reply is stored while it streams, so the inbox shows what the visitor saw even when
 * the visitor leaves mid-answer (here) or the process dies (the attack suite kills it).
 */
describe.each(testDrivers())("a streaming widget reply on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let stub: LlmStub;
  let botId = "";
  const owner: Owner = { sub: "auth_stream_owner", email: "stream@example.com", name: "Streamer" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    stub = await startLlmStub({ tokens: WORDS, betweenTokensMs: 150 });
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, LLM_BASE_URL: stub.url, LLM_MODEL: "stub" },
      { listen: true },
    );
    const bot = await builderClient(t, issuer).createBot(owner, {
      name: "Courier",
      published: true,
      model: { provider: "openai-compatible" },
    });
    botId = bot._id;
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await issuer?.close();
  });

  const startAsking = async (visitor: string, signal?: AbortSignal) => {
    const start = await fetch(`${t.url}/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    const conv = widgetConversationSchema.parse(await start.json())._id;
    const res = await fetch(`${t.url}/api/widget/${botId}/conversations/${conv}/messages`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
      body: JSON.stringify({ content: "When do you deliver?" }),
      signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no stream");
    const decoder = new TextDecoder();
    let buffer = "";
    let seen = "";
    let done = false;
    let deltas = 0;
    /** Reads until `n` deltas in total were seen (or the stream ended). */
    const readDeltas = async (n: number) => {
      while (deltas < n && !done) {
        const chunk = await reader.read();
        if (chunk.done) {
          done = true;
          break;
        }
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let idx = buffer.indexOf("\n\n"); idx >= 0; idx = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          if (block.startsWith("event: delta")) {
            seen += (JSON.parse(block.split("data: ")[1] ?? "{}") as { text: string }).text;
            deltas++;
          }
          if (block.startsWith("event: done")) done = true;
        }
      }
      return seen;
    };
    return { conv, readDeltas, isDone: () => done };
  };

  const assistantOf = async (conv: string) => {
    const res = await fetch(`${t.url}/api/conversations/${conv}`, {
      headers: { authorization: `Bearer ${await issuer.sign(owner)}` },
    });
    return transcriptSchema.parse(await res.json()).messages.find((m) => m.role === "assistant");
  };

  it("is in the inbox, marked interrupted, before the answer ends, and complete after", async () => {
    const asking = await startAsking("visitorStreamAAAAAAAAA01");
    // ~1.5 s into a ~2.7 s answer: the first delta was written at once, later text every second.
    const seen = await asking.readDeltas(10);
    expect(asking.isDone()).toBe(false);
    const partial = await assistantOf(asking.conv);
    expect(partial?.interrupted).toBe(true);
    expect(partial?.content.length).toBeGreaterThan(0);
    expect(FULL.startsWith(partial?.content ?? "x")).toBe(true);
    expect(seen.startsWith(partial?.content ?? "x")).toBe(true);

    await asking.readDeltas(WORDS.length + 1);
    expect(asking.isDone()).toBe(true);
    const complete = await assistantOf(asking.conv);
    expect(complete).toMatchObject({ content: FULL, interrupted: false });
  });

  it("keeps what the visitor saw when the visitor leaves mid-answer", async () => {
    const abortedBefore = stub.aborted;
    const leave = new AbortController();
    const asking = await startAsking("visitorStreamAAAAAAAAA02", leave.signal);
    const seen = await asking.readDeltas(5);
    leave.abort();
    // The disconnect reaches the model too: the upstream call stops.
    await expect.poll(() => stub.aborted, { timeout: 10_000 }).toBeGreaterThan(abortedBefore);
    await expect
      .poll(async () => (await assistantOf(asking.conv))?.content.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(seen.length);
    const kept = await assistantOf(asking.conv);
    expect(kept?.interrupted).toBe(true);
    expect(kept?.content.startsWith(seen)).toBe(true);
    expect(FULL.startsWith(kept?.content ?? "x")).toBe(true);
    expect(kept?.content).not.toBe(FULL);
  });
});
