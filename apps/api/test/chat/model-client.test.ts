import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundGuard } from "../../src/lib/outbound";
import { ModelError } from "../../src/modules/chat/chat-model";
import {
  createOpenAiCompatibleModel,
  type ModelClientLimits,
} from "../../src/modules/chat/openai-compatible";
import { type LlmStub, startLlmStub } from "../llm-stub";

// The model client against a real OpenAI-compatible stub on 127.0.0.1: timeouts and retries.
// No database: the client is the unit. Nothing here asserts how long anything took: timeouts are
// generous (a loaded machine must not trip them) except in the tests of a hang, where they must.

const HANG_TIMEOUTS = { connectTimeoutMs: 300, firstTokenTimeoutMs: 300 };
const LIMITS: ModelClientLimits = {
  connectTimeoutMs: 20_000,
  firstTokenTimeoutMs: 20_000,
  idleTimeoutMs: 20_000,
  maxAttempts: 3,
  retryBaseMs: 1,
  retryMaxMs: 5,
};

let stub: LlmStub;
beforeAll(async () => {
  stub = await startLlmStub({ tokens: [] });
});
afterAll(async () => {
  await stub?.close();
});

async function ask(limits: Partial<ModelClientLimits> = {}) {
  const model = createOpenAiCompatibleModel(
    { baseUrl: stub.url, apiKey: null, model: "stub", limits: { ...LIMITS, ...limits } },
    createOutboundGuard({ allowPrivate: true }),
  );
  const before = stub.requests.length;
  const deltas: string[] = [];
  let error: unknown;
  try {
    const stream = model.answer({
      question: "How much is the tent?",
      history: [],
      passages: [],
      bot: { instructions: "Be brief.", fallbackReply: "Sorry.", temperature: 0, maxAnswerTokens: 50 },
      signal: new AbortController().signal,
    });
    for await (const d of stream.deltas) deltas.push(d);
  } catch (err) {
    error = err;
  }
  return { text: deltas.join(""), deltas, error, requests: stub.requests.length - before };
}

describe("the model client's retries and timeouts", () => {
  it("streams an answer in one request when all is well", async () => {
    stub.behaviour = { tokens: ["12 BHD ", "a day [1]."] };
    const r = await ask();
    expect(r).toMatchObject({ text: "12 BHD a day [1].", error: undefined, requests: 1 });
  });

  it("retries a 500 and a 429 (honouring Retry-After) before the first token, then answers", async () => {
    stub.behaviour = { tokens: ["Recovered."], status: 500, faultTimes: 1 };
    expect(await ask()).toMatchObject({ text: "Recovered.", error: undefined, requests: 2 });
    stub.behaviour = { tokens: ["Later."], status: 429, retryAfter: "0", faultTimes: 2 };
    expect(await ask()).toMatchObject({ text: "Later.", error: undefined, requests: 3 });
  });

  it("gives up after the last try with the model's status", async () => {
    stub.behaviour = { tokens: ["never"], status: 503 };
    const r = await ask();
    expect(r.requests).toBe(LIMITS.maxAttempts);
    expect(r.error).toBeInstanceOf(ModelError);
    expect(r.error).toMatchObject({ code: "MODEL_UNAVAILABLE", message: expect.stringContaining("503") });
  });

  it("does not retry a refusal (4xx other than 429)", async () => {
    stub.behaviour = { tokens: ["never"], status: 401 };
    const r = await ask();
    expect(r.requests).toBe(1);
    expect(r.error).toMatchObject({ code: "MODEL_UNAVAILABLE", message: expect.stringContaining("401") });
  });

  it("times out a model that never answers, tries again, and reports the timeout", async () => {
    const aborted = stub.aborted;
    stub.behaviour = { tokens: ["never"], hang: "headers" };
    const r = await ask({ ...HANG_TIMEOUTS, maxAttempts: 2 });
    expect(r.requests).toBe(2);
    expect(r.error).toMatchObject({
      code: "MODEL_UNAVAILABLE",
      message: expect.stringContaining("did not answer"),
    });
    // Each hung request was really given up: the stub saw its client leave.
    await expect.poll(() => stub.aborted - aborted).toBe(2);
  });

  it("times out a model that answers but never starts the text, and a second try can succeed", async () => {
    stub.behaviour = { tokens: ["Second ", "time."], hang: "first-token", faultTimes: 1 };
    expect(await ask({ firstTokenTimeoutMs: 300 })).toMatchObject({
      text: "Second time.",
      error: undefined,
      requests: 2,
    });
    stub.behaviour = { tokens: ["never"], hang: "first-token" };
    const r = await ask({ ...HANG_TIMEOUTS, maxAttempts: 2 });
    expect(r.error).toMatchObject({ message: expect.stringContaining("did not start answering") });
  });

  it("retries a connection dropped before the first token", async () => {
    stub.behaviour = { tokens: ["Whole ", "answer."], dropAfter: 0, faultTimes: 1 };
    expect(await ask()).toMatchObject({ text: "Whole answer.", error: undefined, requests: 2 });
  });

  it("never retries once tokens were streamed: a drop mid-answer is final", async () => {
    stub.behaviour = { tokens: ["Part ", "one ", "lost"], dropAfter: 2, betweenTokensMs: 5 };
    const r = await ask();
    expect(r.deltas).toEqual(["Part ", "one "]);
    expect(r.requests).toBe(1);
    expect(r.error).toMatchObject({ message: expect.stringContaining("broke off") });
  });

  it("does not retry the model's own error event", async () => {
    stub.behaviour = { tokens: ["a", "b"], errorAfter: 0 };
    const r = await ask();
    expect(r.requests).toBe(1);
    expect(r.error).toMatchObject({ message: expect.stringContaining("upstream connection reset") });
  });
});
