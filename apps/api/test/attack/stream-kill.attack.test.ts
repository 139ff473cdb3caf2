import { transcriptSchema, widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { askWidget, type ProdApi, startProdApi } from "./prod-api";

const WORDS = Array.from({ length: 60 }, (_, i) => `word${i} `);
const FULL = WORDS.join("");

/**
 * The process dies mid-answer (SIGKILL: no shutdown hooks). After a restart on the same database
 * the conversation holds the answer as far as it was streamed, marked interrupted — up to the last
 * second before the kill — instead of losing it.
 */
describe.each(testDrivers())("a production API killed mid-answer on %s", (driver) => {
  let api: ProdApi;
  let stub: LlmStub;
  let token = "";
  let botId = "";

  beforeAll(async () => {
    stub = await startLlmStub({ tokens: WORDS, betweenTokensMs: 100 });
    api = await startProdApi(driver, { LLM_BASE_URL: stub.url, LLM_MODEL: "stub" });
    token = await api.token("usr_killed_owner");
    const res = await api.fetch("/api/chatbots", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Talker", published: true, model: { provider: "openai-compatible" } }),
    });
    expect(res.status).toBe(201);
    botId = ((await res.json()) as { _id: string })._id;
  });
  afterAll(async () => {
    await api?.stop();
    await stub?.close();
  });

  it("keeps the partial answer in the conversation after a restart", async () => {
    const visitor = "visitorKilledMidAnswer01";
    const { conv, res } = await askWidget(api, botId, visitor, "Tell me everything");
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no stream");
    const decoder = new TextDecoder();
    let buffer = "";
    let seen = "";
    /** What the visitor had seen at each moment, to know what must have been stored by the kill. */
    const history: { at: number; seen: string }[] = [];
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error("the answer ended before the kill");
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let idx = buffer.indexOf("\n\n"); idx >= 0; idx = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (block.startsWith("event: delta"))
          seen += (JSON.parse(block.split("data: ")[1] ?? "{}") as { text: string }).text;
      }
      history.push({ at: Date.now(), seen });
    }
    const killedAt = Date.now();
    await api.kill("SIGKILL");
    await reader.cancel().catch(() => {});
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toBe(FULL);

    await api.restart();
    const transcript = await api.fetch(`/api/conversations/${conv}`, { token });
    expect(transcript.status).toBe(200);
    const messages = transcriptSchema.parse(await transcript.json()).messages;
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    const kept = messages[1];
    expect(kept?.interrupted).toBe(true);
    expect(FULL.startsWith(kept?.content ?? "x")).toBe(true);
    // Stored at most a second (plus a write) behind what the visitor saw.
    const secondBefore = [...history].reverse().find((h) => h.at <= killedAt - 1_500)?.seen ?? "";
    expect(kept?.content.length ?? 0).toBeGreaterThanOrEqual(secondBefore.length);
    expect(kept?.content.length ?? 0).toBeGreaterThan(0);
    // The visitor sees it after a reload too.
    const again = await api.fetch(`/api/widget/${botId}/conversations/${conv}`, {
      headers: { "x-parley-visitor": visitor },
    });
    expect(widgetConversationSchema.parse(await again.json()).messages[1]?.content).toBe(kept?.content);
  });
});
