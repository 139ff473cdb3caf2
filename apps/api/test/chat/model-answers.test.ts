import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatbotRow } from "../../src/db/schema";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";

describe.each(testDrivers("either"))("answers by an OpenAI-compatible model on %s", (driver) => {
  let t: TestApp;
  let stub: LlmStub;
  let bot: ChatbotRow;
  const OWNER = "auth_model_owner";

  const ask = async (question: string, history: { role: "user" | "assistant"; content: string }[] = []) => {
    let text = "";
    const reply = await t.app.services.chat.respond({
      bot,
      question,
      history,
      signal: new AbortController().signal,
      onDelta: (d) => {
        text += d;
      },
    });
    return { ...reply, text };
  };

  beforeAll(async () => {
    stub = await startLlmStub({ tokens: [] });
    t = await createTestApp(driver, { LLM_BASE_URL: stub.url, LLM_MODEL: "stub-model" });
    await setPlan(t, OWNER, "business-monthly");
    const created = await t.app.services.chatbots.create(OWNER, {
      name: "Model shop",
      model: { provider: "openai-compatible" },
    });
    for (const s of [
      { title: "Tents", content: "The family tent sleeps six people and rents for 12 BHD a day." },
      { title: "Kayaks", content: "Kayaks rent for 8 BHD an hour, life jackets included." },
    ])
      await t.app.services.knowledge.add(OWNER, created._id, { kind: "text", ...s });
    await t.app.services.jobs.drain();
    bot = await t.app.services.chatbots.own(OWNER, created._id);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it("numbers the passages and asks for a short, cited answer or the fallback reply", async () => {
    stub.behaviour = { tokens: ["12 BHD a day [1]."] };
    await ask("How much is the family tent?");
    const system = String(stub.requests.at(-1)?.body.messages[0]?.content);
    expect(system).toContain("[1] Tents");
    expect(system).toContain("Keep the answer short");
    expect(system).toContain("Cite each passage you use by its number");
    expect(system).toContain(
      `If the passages do not contain the answer, do not guess: reply exactly with: ${bot.fallbackReply}`,
    );
  });

  it("shows only the passages the model cited", async () => {
    stub.behaviour = { tokens: ["Kayaks are ", "8 BHD an hour [2]."] };
    const r = await ask("How much are kayaks and family tents?");
    expect(r.answered).toBe(true);
    const system = String(stub.requests.at(-1)?.body.messages[0]?.content);
    // Both passages were retrieved and numbered; only the one cited is shown.
    expect(system).toMatch(/\n\[1\] \w+/);
    const second = /\n\[2\] (\w+)/.exec(system)?.[1];
    expect(second).toBeDefined();
    expect(r.citations.map((c) => c.title)).toEqual([second]);
  });

  it("retrieves a follow-up with the conversation, and sends the conversation to the model", async () => {
    stub.behaviour = { tokens: ["It is 12 BHD a day [1]."] };
    const r = await ask("How much is it?", [
      { role: "user", content: "Do you rent the family tent?" },
      { role: "assistant", content: "Yes, we do [1]." },
    ]);
    expect(r.searchedFor).toBe("Do you rent the family tent? How much is it?");
    const messages = stub.requests.at(-1)?.body.messages ?? [];
    expect(String(messages[0]?.content)).toContain("[1] Tents");
    expect(messages.slice(1).map((m: { content: string }) => m.content)).toEqual([
      "Do you rent the family tent?",
      "Yes, we do [1].",
      "How much is it?",
    ]);
  });

  it("cites nothing when the model's answer has no [n] marker, or only ones out of range", async () => {
    for (const tokens of [["Tents rent for 12 BHD a day."], ["Tents rent for 12 BHD a day [7]."]]) {
      stub.behaviour = { tokens };
      const r = await ask("How much is the family tent?");
      expect(r.answered).toBe(true);
      expect(r.citations).toEqual([]);
    }
  });

  it("cites nothing when the model says it does not know", async () => {
    stub.behaviour = { tokens: [bot.fallbackReply] };
    const r = await ask("Do you sell fireworks?");
    expect(r.answered).toBe(false);
    expect(r.citations).toEqual([]);
  });
});
