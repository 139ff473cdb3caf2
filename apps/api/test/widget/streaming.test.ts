import { transcriptSchema, usageSchema, widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { readSse, textOf } from "../sse-client";
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
describe.each(testDrivers("either"))("a streaming widget reply on %s", (driver) => {
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

  it("a retry after the model's connection dropped mid-answer stores the question once and counts it once", async () => {
    const visitor = "visitorStreamAAAAAAAAA03";
    const question = "Do you deliver on Fridays?";
    const usage = async () => {
      const res = await fetch(`${t.url}/api/usage`, {
        headers: { authorization: `Bearer ${await issuer.sign(owner)}` },
      });
      return usageSchema.parse(await res.json()).used;
    };
    const before = (await usage()).messagesThisMonth;
    const startRes = await fetch(`${t.url}/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    const conv = widgetConversationSchema.parse(await startRes.json())._id;
    const askOnce = async () => {
      const res = await fetch(`${t.url}/api/widget/${botId}/conversations/${conv}/messages`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
        body: JSON.stringify({ content: question }),
      });
      expect(res.status).toBe(200);
      return readSse(res);
    };

    // The model server goes away after four words: no error event, the socket just closes.
    const usual = stub.behaviour;
    stub.behaviour = { tokens: WORDS, betweenTokensMs: 40, dropAfter: 4 };
    const failed = await askOnce();
    expect(failed.map((e) => e.event)).toEqual(["start", "delta", "delta", "delta", "delta", "error"]);
    expect(textOf(failed)).toBe(WORDS.slice(0, 4).join(""));
    // What the visitor saw is kept, marked interrupted (the state the server really leaves).
    const partial = await assistantOf(conv);
    expect(partial).toMatchObject({ content: WORDS.slice(0, 4).join(""), interrupted: true });

    stub.behaviour = { tokens: WORDS };
    const retried = await askOnce().finally(() => {
      stub.behaviour = usual;
    });
    expect(retried[0]).toMatchObject({ event: "start", data: failed[0]?.data });
    expect(textOf(retried)).toBe(FULL);
    expect(retried.at(-1)?.event).toBe("done");
    // The model was asked the question once, without the failed attempt in its history.
    const sent = stub.requests.at(-1)?.body.messages.filter((m) => m.role !== "system") ?? [];
    expect(sent.filter((m) => m.content.includes(question))).toHaveLength(1);
    expect(sent.map((m) => m.content).join()).not.toContain(WORDS.slice(0, 4).join(""));

    const transcript = widgetConversationSchema.parse(
      await (
        await fetch(`${t.url}/api/widget/${botId}/conversations/${conv}`, {
          headers: { "x-parley-visitor": visitor },
        })
      ).json(),
    );
    expect(transcript.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", question],
      ["assistant", FULL],
    ]);
    expect(await assistantOf(conv)).toMatchObject({ content: FULL, interrupted: false });
    expect((await usage()).messagesThisMonth).toBe(before + 1);
  });

  it("keeps what the visitor saw when the visitor leaves mid-answer", async () => {
    const abortedBefore = stub.aborted;
    const leave = new AbortController();
    const asking = await startAsking("visitorStreamAAAAAAAAA02", leave.signal);
    const seen = await asking.readDeltas(5);
    leave.abort();
    // The disconnect reaches the model too: the upstream call stops.
    await expect.poll(() => stub.aborted, { timeout: scaled(10_000) }).toBeGreaterThan(abortedBefore);
    await expect
      .poll(async () => (await assistantOf(asking.conv))?.content.length ?? 0, { timeout: scaled(10_000) })
      .toBeGreaterThanOrEqual(seen.length);
    const kept = await assistantOf(asking.conv);
    expect(kept?.interrupted).toBe(true);
    expect(kept?.content.startsWith(seen)).toBe(true);
    expect(FULL.startsWith(kept?.content ?? "x")).toBe(true);
    expect(kept?.content).not.toBe(FULL);
  });
});
