import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSse } from "../../test/sse-client";
import { DELTA_COALESCE_MS, openEventStream } from "./sse";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A route streaming `tokens` `gapMs` apart, then `done` or `error`, through openEventStream. */
describe("answer streams (openEventStream)", () => {
  const app = Fastify();
  let url = "";
  let plan: { tokens: string[]; gapMs: number; last: "done" | "error" } = {
    tokens: [],
    gapMs: 0,
    last: "done",
  };
  /** What the last stream asked of its response: writes (and what each carried), header flushes. */
  let calls: { writes: string[]; flushes: number } = { writes: [], flushes: 0 };
  beforeAll(async () => {
    app.post("/stream", async (request, reply) => {
      calls = { writes: [], flushes: 0 };
      const raw = reply.raw;
      const { write, end, flushHeaders } = raw;
      raw.write = ((chunk: string) => {
        calls.writes.push(String(chunk));
        return write.call(raw, chunk, "utf8");
      }) as typeof raw.write;
      raw.end = ((chunk?: string) => {
        calls.writes.push(`${chunk ?? ""}<end>`);
        return end.call(raw, chunk ?? "", "utf8");
      }) as typeof raw.end;
      raw.flushHeaders = () => {
        calls.flushes++;
        flushHeaders.call(raw);
      };
      const stream = openEventStream(request, reply);
      stream.send("start", { messageId: "m1" });
      for (const token of plan.tokens) {
        if (plan.gapMs) await pause(plan.gapMs);
        stream.send("delta", { text: token });
      }
      stream.send(plan.last, plan.last === "done" ? { answered: true } : { code: "MODEL_ERROR" });
      stream.end();
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  const ask = async () => readSse(await fetch(`${url}/stream`, { method: "POST" }));
  const deltas = (events: Awaited<ReturnType<typeof ask>>) =>
    events.filter((e) => e.event === "delta").map((e) => (e.data as { text: string }).text);

  it("sends the first delta at once and the tokens right behind it together, text intact", async () => {
    plan = { tokens: Array.from({ length: 30 }, (_, i) => `w${i} `), gapMs: 0, last: "done" };
    const events = await ask();
    const texts = deltas(events);
    expect(texts[0]).toBe("w0 ");
    expect(texts.join("")).toBe(plan.tokens.join(""));
    // 30 tokens written back to back: the first alone, the other 29 in one write.
    expect(texts).toHaveLength(2);
    expect(events.map((e) => e.event)).toEqual(["start", "delta", "delta", "done"]);
  });

  it("sends what a handler sends together in one write: the headers with start, the last text with done and the end", async () => {
    plan = { tokens: ["a ", "b ", "c "], gapMs: 0, last: "done" };
    const events = await ask();
    expect(events.map((e) => e.event)).toEqual(["start", "delta", "delta", "done"]);
    expect(calls.flushes).toBe(0);
    expect(calls.writes.map((w) => [...w.matchAll(/event: (\w+)|<end>/g)].map((m) => m[1] ?? "end"))).toEqual(
      [
        ["start", "delta"],
        ["delta", "done", "end"],
      ],
    );
  });

  it("keeps tokens that come slower than the window as events of their own", async () => {
    plan = { tokens: ["a ", "b ", "c ", "d "], gapMs: DELTA_COALESCE_MS * 3, last: "done" };
    expect(deltas(await ask())).toEqual(["a ", "b ", "c ", "d "]);
  });

  it("sends the text held back before an error, in order", async () => {
    plan = { tokens: ["Part ", "one ", "two "], gapMs: 2, last: "error" };
    const events = await ask();
    expect(deltas(events).join("")).toBe("Part one two ");
    expect(events.at(-1)).toMatchObject({ event: "error", data: { code: "MODEL_ERROR" } });
    expect(events.findIndex((e) => e.event === "error")).toBe(events.length - 1);
  });
});

describe("an answer stream that waits before its first event", () => {
  it("shows the browser that the stream started at once", async () => {
    const app = Fastify();
    let release = () => {};
    app.get("/wait", async (request, reply) => {
      const stream = openEventStream(request, reply);
      await new Promise<void>((r) => {
        release = r;
      });
      stream.send("done", {});
      stream.end();
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      // The response's headers arrive while the handler still waits: nothing was sent yet.
      const res = await fetch(`http://127.0.0.1:${port}/wait`);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      release();
      expect((await readSse(res)).map((e) => e.event)).toEqual(["done"]);
    } finally {
      await app.close();
    }
  });
});
