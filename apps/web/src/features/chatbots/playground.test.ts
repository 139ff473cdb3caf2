import type { StreamDone } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import {
  type AssistantMessage,
  failureText,
  historyFor,
  initialPlaygroundState,
  isStreaming,
  MAX_HISTORY_TURNS,
  type PlaygroundAction,
  type PlaygroundState,
  playgroundReducer,
} from "./playground";

const done = (answered: boolean): StreamDone => ({
  messageId: null,
  answered,
  citations: answered
    ? [{ sourceId: "src_1", title: "Handbook", kind: "file", url: null, snippet: "3-year warranty" }]
    : [],
  engine: "builtin",
});

const run = (actions: PlaygroundAction[], from: PlaygroundState = initialPlaygroundState) =>
  actions.reduce(playgroundReducer, from);

const assistant = (state: PlaygroundState, id: string) =>
  state.messages.find((m): m is AssistantMessage => m.id === id && m.role === "assistant");

describe("playgroundReducer", () => {
  it("streams an answer, then records its sources", () => {
    const state = run([
      { type: "ask", userId: "u1", assistantId: "a1", text: "Warranty?" },
      { type: "delta", id: "a1", text: "Three " },
      { type: "delta", id: "a1", text: "years [1]" },
    ]);
    expect(isStreaming(state)).toBe(true);
    expect(assistant(state, "a1")?.text).toBe("Three years [1]");
    const finished = run([{ type: "done", id: "a1", done: done(true) }], state);
    expect(isStreaming(finished)).toBe(false);
    expect(assistant(finished, "a1")).toMatchObject({
      status: "done",
      answered: true,
      question: "Warranty?",
    });
    expect(assistant(finished, "a1")?.citations).toHaveLength(1);
  });

  it("records what a follow-up was searched for, and nothing for a plain question", () => {
    const followUp = run([
      { type: "ask", userId: "u1", assistantId: "a1", text: "How much is it?" },
      {
        type: "done",
        id: "a1",
        done: { ...done(true), searchedFor: "Do you rent the tent? How much is it?" },
      },
    ]);
    expect(assistant(followUp, "a1")?.searchedFor).toBe("Do you rent the tent? How much is it?");
    const plain = run([
      { type: "ask", userId: "u1", assistantId: "a1", text: "Warranty?" },
      { type: "done", id: "a1", done: done(true) },
    ]);
    expect(assistant(plain, "a1")?.searchedFor).toBeUndefined();
  });

  it("keeps what arrived before Stop and ignores late events", () => {
    const state = run([
      { type: "ask", userId: "u1", assistantId: "a1", text: "Q" },
      { type: "delta", id: "a1", text: "Partial" },
      { type: "stop", id: "a1" },
      { type: "delta", id: "a1", text: " late" },
      { type: "done", id: "a1", done: done(true) },
    ]);
    expect(assistant(state, "a1")).toMatchObject({ status: "stopped", text: "Partial", citations: [] });
  });

  it("retries a failed answer from scratch", () => {
    const failed = run([
      { type: "ask", userId: "u1", assistantId: "a1", text: "Q" },
      { type: "delta", id: "a1", text: "Half" },
      { type: "error", id: "a1", error: { code: "MODEL_UNAVAILABLE", message: "Down" } },
    ]);
    expect(assistant(failed, "a1")).toMatchObject({ status: "error", error: { code: "MODEL_UNAVAILABLE" } });
    const retried = run([{ type: "retry", id: "a1" }], failed);
    expect(assistant(retried, "a1")).toMatchObject({ status: "streaming", text: "", error: null });
    // A finished answer cannot be "retried" into a new stream.
    const ok = run(
      [
        { type: "done", id: "a1", done: done(false) },
        { type: "retry", id: "a1" },
      ],
      retried,
    );
    expect(assistant(ok, "a1")?.status).toBe("done");
  });

  it("records the built-in engine's confidence (none from an AI model), and forgets it on retry", () => {
    const asked = { type: "ask", userId: "u1", assistantId: "a1", text: "Q" } as const;
    const sure = run([asked, { type: "done", id: "a1", done: { ...done(true), confidence: 0.82 } }]);
    expect(assistant(sure, "a1")).toMatchObject({ answered: true, confidence: 0.82 });
    const heldBack = run([asked, { type: "done", id: "a1", done: { ...done(false), confidence: 0.31 } }]);
    expect(assistant(heldBack, "a1")).toMatchObject({ answered: false, confidence: 0.31 });
    const model = run([
      asked,
      { type: "done", id: "a1", done: { ...done(true), engine: "openai-compatible", confidence: null } },
    ]);
    expect(assistant(model, "a1")?.confidence).toBeNull();
    // An older server sends no confidence at all.
    expect(
      assistant(run([asked, { type: "done", id: "a1", done: done(true) }]), "a1")?.confidence,
    ).toBeNull();
    const stopped = run([asked, { type: "stop", id: "a1" }, { type: "retry", id: "a1" }]);
    expect(assistant(stopped, "a1")?.confidence).toBeNull();
  });

  it("starts over", () => {
    const state = run([{ type: "ask", userId: "u1", assistantId: "a1", text: "Q" }, { type: "reset" }]);
    expect(state.messages).toEqual([]);
  });
});

describe("historyFor", () => {
  it("sends completed exchanges only, oldest first", () => {
    const state = run([
      { type: "ask", userId: "u1", assistantId: "a1", text: "First?" },
      { type: "delta", id: "a1", text: "One." },
      { type: "done", id: "a1", done: done(true) },
      { type: "ask", userId: "u2", assistantId: "a2", text: "Broken?" },
      { type: "delta", id: "a2", text: "Hal" },
      { type: "error", id: "a2", error: { code: "STREAM_INTERRUPTED", message: "cut" } },
      { type: "ask", userId: "u3", assistantId: "a3", text: "Stopped?" },
      { type: "delta", id: "a3", text: "Part" },
      { type: "stop", id: "a3" },
      { type: "ask", userId: "u4", assistantId: "a4", text: "Fallback?" },
      { type: "delta", id: "a4", text: "Sorry." },
      { type: "done", id: "a4", done: done(false) },
    ]);
    expect(historyFor(state.messages)).toEqual([
      { role: "user", content: "First?" },
      { role: "assistant", content: "One." },
      { role: "user", content: "Fallback?" },
      { role: "assistant", content: "Sorry." },
    ]);
    // Retrying the broken answer sends only what came before its question.
    expect(historyFor(state.messages, "u2")).toEqual([
      { role: "user", content: "First?" },
      { role: "assistant", content: "One." },
    ]);
    expect(historyFor(state.messages, "u1")).toEqual([]);
  });

  it("keeps the last 20 turns", () => {
    const actions: PlaygroundAction[] = [];
    for (let i = 0; i < 15; i++) {
      actions.push({ type: "ask", userId: `u${i}`, assistantId: `a${i}`, text: `Q${i}` });
      actions.push({ type: "delta", id: `a${i}`, text: `A${i}` });
      actions.push({ type: "done", id: `a${i}`, done: done(true) });
    }
    const history = historyFor(run(actions).messages);
    expect(history).toHaveLength(MAX_HISTORY_TURNS);
    expect(history[0]).toEqual({ role: "user", content: "Q5" });
    expect(history.at(-1)).toEqual({ role: "assistant", content: "A14" });
  });
});

describe("failureText", () => {
  it("says what happened in plain words, and points at the model settings when a model is used", () => {
    expect(failureText({ code: "NETWORK_ERROR", message: "fetch failed" })).toBe(
      "We couldn't reach Parley. Check your connection.",
    );
    expect(failureText({ code: "STREAM_INTERRUPTED", message: "x" })).toBe(
      "The answer was cut off before it finished.",
    );
    const internal = { code: "INTERNAL", message: "Something went wrong on our side" };
    expect(failureText(internal)).toBe("Something went wrong on our side");
    expect(failureText(internal, "openai-compatible")).toBe(
      "Something went wrong on our side. Check the model's base URL, name and API key under Settings → Answers.",
    );
    expect(failureText({ code: "RATE_LIMITED", message: "Slow down." }, "openai-compatible")).toBe(
      "Slow down.",
    );
  });
});
