import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { StreamDone } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../../scripts/slowness.mjs";
import { type StreamFailure, streamEvents } from "./stream";

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const done: StreamDone = {
  messageId: null,
  answered: true,
  citations: [
    {
      sourceId: "src_1",
      title: "Kettle handbook",
      kind: "file",
      url: null,
      snippet: "Every Acme kettle comes with a 3-year warranty.",
    },
  ],
  engine: "builtin",
};

// Multi-byte text on purpose: a chunk boundary inside "é" or "☕" must not garble it.
const answerParts = ["Every Acme kettle ", "comes with a ", "3-year warranty ☕ — café [1]"];
const fullBody =
  sse("start", { messageId: null }) +
  ": a comment line the client must skip\n\n" +
  answerParts.map((text) => sse("delta", { text })).join("") +
  sse("done", done);

/** Cuts a buffer into pieces of 1, 2, 3… 7 bytes, cycling: boundaries land everywhere. */
function oddChunks(buffer: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let size = 1;
  for (let i = 0; i < buffer.length; i += size, size = (size % 7) + 1) {
    out.push(buffer.subarray(i, i + size));
  }
  return out;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seen {
  authorization: string | undefined;
  body: unknown;
}

let server: Server;
let base = "";
const seen: Seen[] = [];
let closedEarly = 0;

async function writeSlowly(res: ServerResponse, chunks: Buffer[], gapMs = 1) {
  for (const chunk of chunks) {
    if (res.destroyed) return;
    res.write(chunk);
    // A gap per write keeps the pieces in separate TCP segments most of the time.
    await pause(gapMs);
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString("utf8");
  return text ? JSON.parse(text) : undefined;
}

function streamHead(res: ServerResponse) {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    "x-request-id": "req-test",
  });
  res.flushHeaders();
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ authorization: req.headers.authorization, body });
    const path = req.url ?? "/";
    if (path === "/odd") {
      streamHead(res);
      await writeSlowly(res, oddChunks(Buffer.from(fullBody, "utf8")));
      res.end();
    } else if (path === "/bytewise") {
      // One byte per write: every multi-byte character arrives split.
      streamHead(res);
      await writeSlowly(
        res,
        [...Buffer.from(sse("delta", { text: "☕ café" }) + sse("done", done))].map((b) => Buffer.from([b])),
      );
      res.end();
    } else if (path === "/crlf") {
      streamHead(res);
      const crlf = fullBody.replace(/\n/g, "\r\n");
      await writeSlowly(res, oddChunks(Buffer.from(crlf, "utf8")));
      res.end();
    } else if (path === "/auth") {
      if (req.headers.authorization !== "Bearer fresh") {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ error: { code: "UNAUTHORIZED", message: "Token expired", requestId: "r1" } }),
        );
        return;
      }
      streamHead(res);
      res.end(sse("start", { messageId: null }) + sse("delta", { text: "ok" }) + sse("done", done));
    } else if (path === "/limit") {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: { code: "PLAN_LIMIT_REACHED", message: "You've used all your messages", requestId: "r2" },
        }),
      );
    } else if (path === "/model-error") {
      streamHead(res);
      await writeSlowly(
        res,
        oddChunks(
          Buffer.from(
            sse("start", { messageId: null }) +
              sse("delta", { text: "Partial " }) +
              sse("error", { code: "MODEL_UNAVAILABLE", message: "The AI model didn't answer in time." }),
          ),
        ),
      );
      res.end();
    } else if (path === "/cut") {
      streamHead(res);
      // The connection drops mid-answer: no done, no error event.
      res.write(sse("start", { messageId: null }) + sse("delta", { text: "Half an ans" }));
      await pause(20);
      res.destroy();
    } else if (path === "/endless") {
      streamHead(res);
      res.on("close", () => {
        if (!res.writableEnded) closedEarly++;
      });
      res.write(sse("start", { messageId: null }));
      for (let i = 0; i < 500 && !res.destroyed; i++) {
        res.write(sse("delta", { text: `word${i} ` }));
        await pause(10);
      }
      res.end(sse("done", done));
    } else if (path === "/html") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><p>Not a stream</p>");
    } else if (path === "/garbled") {
      streamHead(res);
      res.end(`${sse("start", { messageId: null })}event: delta\ndata: {not json\n\n`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function recorder() {
  const log: string[] = [];
  let text = "";
  let doneEvent: StreamDone | undefined;
  let failure: StreamFailure | undefined;
  return {
    log,
    handlers: {
      onStart: () => log.push("start"),
      onDelta: (delta: string) => {
        log.push("delta");
        text += delta;
      },
      onDone: (event: StreamDone) => {
        log.push("done");
        doneEvent = event;
      },
      onError: (error: StreamFailure) => {
        log.push("error");
        failure = error;
      },
    },
    get text() {
      return text;
    },
    get done() {
      return doneEvent;
    },
    get failure() {
      return failure;
    },
  };
}

describe("streamEvents against a local server", () => {
  it("streams start, deltas and done over odd chunk boundaries, sending the Bearer token and body", async () => {
    const r = recorder();
    const outcome = await streamEvents({
      url: `${base}/odd`,
      body: { content: "How long is the warranty?", history: [{ role: "user", content: "Hi" }] },
      getToken: async () => "tok-1",
      ...r.handlers,
    });
    expect(outcome).toBe("done");
    expect(r.text).toBe(answerParts.join(""));
    expect(r.log).toEqual(["start", "delta", "delta", "delta", "done"]);
    expect(r.done).toEqual(done);
    const last = seen.at(-1);
    expect(last?.authorization).toBe("Bearer tok-1");
    expect(last?.body).toEqual({
      content: "How long is the warranty?",
      history: [{ role: "user", content: "Hi" }],
    });
  });

  it("decodes multi-byte characters split across chunks", async () => {
    const r = recorder();
    expect(await streamEvents({ url: `${base}/bytewise`, body: { content: "x" }, ...r.handlers })).toBe(
      "done",
    );
    expect(r.text).toBe("☕ café");
  });

  it("handles CRLF line endings split between \\r and \\n", async () => {
    const r = recorder();
    expect(await streamEvents({ url: `${base}/crlf`, body: { content: "x" }, ...r.handlers })).toBe("done");
    expect(r.text).toBe(answerParts.join(""));
  });

  it("refreshes the token once after a 401 and retries", async () => {
    const calls: (boolean | undefined)[] = [];
    const r = recorder();
    const outcome = await streamEvents({
      url: `${base}/auth`,
      body: { content: "x" },
      getToken: async (options) => {
        calls.push(options?.forceRefresh);
        return options?.forceRefresh ? "fresh" : "stale";
      },
      ...r.handlers,
    });
    expect(outcome).toBe("done");
    expect(calls).toEqual([undefined, true]);
    expect(r.text).toBe("ok");
  });

  it("reports the server's error body for a refused request", async () => {
    const r = recorder();
    expect(await streamEvents({ url: `${base}/limit`, body: { content: "x" }, ...r.handlers })).toBe("error");
    expect(r.failure).toEqual({
      code: "PLAN_LIMIT_REACHED",
      message: "You've used all your messages",
      requestId: "r2",
    });
    expect(r.log).toEqual(["error"]);
  });

  it("reports an error event after partial text", async () => {
    const r = recorder();
    expect(await streamEvents({ url: `${base}/model-error`, body: { content: "x" }, ...r.handlers })).toBe(
      "error",
    );
    expect(r.text).toBe("Partial ");
    expect(r.failure).toMatchObject({
      code: "MODEL_UNAVAILABLE",
      message: "The AI model didn't answer in time.",
    });
    expect(r.log).toEqual(["start", "delta", "error"]);
  });

  it("says the answer was cut off when the stream ends without done", async () => {
    const r = recorder();
    expect(await streamEvents({ url: `${base}/cut`, body: { content: "x" }, ...r.handlers })).toBe("error");
    expect(r.text).toBe("Half an ans");
    expect(r.failure?.code).toBe("STREAM_INTERRUPTED");
  });

  it("refuses a response that is not an event stream, and an event that is not JSON", async () => {
    const html = recorder();
    expect(await streamEvents({ url: `${base}/html`, body: {}, ...html.handlers })).toBe("error");
    expect(html.failure?.code).toBe("INVALID_RESPONSE");
    const garbled = recorder();
    expect(await streamEvents({ url: `${base}/garbled`, body: {}, ...garbled.handlers })).toBe("error");
    expect(garbled.failure?.code).toBe("INVALID_RESPONSE");
    expect(garbled.log).toEqual(["start", "error"]);
  });

  it("reports a network error when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = recorder();
    expect(await streamEvents({ url: `http://127.0.0.1:${port}/`, body: {}, ...r.handlers })).toBe("error");
    expect(r.failure?.code).toBe("NETWORK_ERROR");
  });

  it("stops on abort: the connection closes, no further handler fires", async () => {
    const controller = new AbortController();
    const r = recorder();
    let deltas = 0;
    const before = closedEarly;
    const outcome = await streamEvents({
      url: `${base}/endless`,
      body: { content: "x" },
      signal: controller.signal,
      ...r.handlers,
      onDelta: (text) => {
        r.handlers.onDelta(text);
        deltas++;
        if (deltas === 3) controller.abort();
      },
    });
    expect(outcome).toBe("aborted");
    expect(deltas).toBe(3);
    expect(r.log).toEqual(["start", "delta", "delta", "delta"]);
    // The server sees the client go away long before its 500 words are written.
    await expect.poll(() => closedEarly, { timeout: scaled(2000) }).toBe(before + 1);
  });
});
