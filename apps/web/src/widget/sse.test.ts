import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSse, type SseEvent } from "../lib/sse";
import { createWidgetApi, customerHeader, WidgetApiError } from "./api";

// A real local server, writing a stream in deliberately awkward pieces: inside field names,
// between the \r and \n of a CRLF, and through the middle of multi-byte UTF-8 characters.

const STREAM = [
  ": a comment the client must ignore\r\n",
  "event: start\r\n",
  'data: {"messageId":"msg_user"}\r\n',
  "\r\n",
  "event: delta\n",
  'data: {"text":"Héllo — "}\n',
  "\n",
  "event: delta\r",
  'data: {"text":"wörld 🎉"}\r',
  "\r",
  "data: first line\n",
  "data:second line\n",
  "data\n",
  "\n",
  "event: done\n",
  'data: {"messageId":"msg_bot","answered":true,"citations":[{"sourceId":"src_1","title":"Returns","kind":"website","url":"https://shop.example/returns","snippet":"30 days"}],"engine":"builtin"}\n',
  "\n",
  "event: unterminated\n",
  "data: dropped at end of stream",
].join("");

const EXPECTED: SseEvent[] = [
  { event: "start", data: '{"messageId":"msg_user"}' },
  { event: "delta", data: '{"text":"Héllo — "}' },
  { event: "delta", data: '{"text":"wörld 🎉"}' },
  { event: "message", data: "first line\nsecond line\n" },
  {
    event: "done",
    data: '{"messageId":"msg_bot","answered":true,"citations":[{"sourceId":"src_1","title":"Returns","kind":"website","url":"https://shop.example/returns","snippet":"30 days"}],"engine":"builtin"}',
  },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `bytes` in chunks of the given sizes (cycled), flushing each one separately. */
async function writeInPieces(res: ServerResponse, bytes: Buffer, sizes: number[]) {
  let at = 0;
  let i = 0;
  while (at < bytes.length) {
    const size = sizes[i++ % sizes.length] ?? 1;
    res.write(bytes.subarray(at, at + size));
    at += size;
    await sleep(1);
  }
  res.end();
}

let server: Server;
let base = "";
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void | Promise<void>>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(`${req.method} ${req.url?.split("?")[0]}`);
    if (!handler) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "NOT_FOUND", message: "Not found", requestId: "r1" } }));
      return;
    }
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const bytes = Buffer.from(STREAM, "utf8");
const SPLITS = [[1], [2], [3], [5], [7, 1, 13], [64], [bytes.length]];

describe("readSse against a real stream", () => {
  it.each(SPLITS)("parses events written in chunks of %j bytes", async (...sizes) => {
    routes.set("GET /stream", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      void writeInPieces(res, bytes, sizes);
    });
    const res = await fetch(`${base}/stream`);
    const events: SseEvent[] = [];
    const stopped = await readSse(res.body as ReadableStream<Uint8Array>, (e) => {
      events.push(e);
    });
    expect(stopped).toBe(false);
    expect(events).toEqual(EXPECTED);
  });

  it("stops at the event the handler asks to stop on and cancels the rest", async () => {
    routes.set("GET /stream", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      void writeInPieces(res, bytes, [64]);
    });
    const res = await fetch(`${base}/stream`);
    const events: SseEvent[] = [];
    const stopped = await readSse(res.body as ReadableStream<Uint8Array>, (e) => {
      events.push(e);
      return e.event === "delta";
    });
    expect(stopped).toBe(true);
    expect(events).toEqual(EXPECTED.slice(0, 2));
  });

  it("rethrows a handler's error after cancelling the body", async () => {
    routes.set("GET /stream", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      void writeInPieces(res, bytes, [64]);
    });
    const res = await fetch(`${base}/stream`);
    await expect(
      readSse(res.body as ReadableStream<Uint8Array>, () => {
        throw new Error("bad event");
      }),
    ).rejects.toThrow("bad event");
  });
});

describe("createWidgetApi.ask over a real stream", () => {
  // The page calls a relative /api path; here the client is pointed at the local server.
  const client = () =>
    createWidgetApi("cb_test", { visitorId: "visitor_visitor_visitor", customer: null }, base);

  it("streams deltas and resolves with the done event, sending the visitor header", async () => {
    let seenVisitor = "";
    let seenBody = "";
    routes.set("POST /api/widget/cb_test/conversations/conv_1/messages", async (req, res) => {
      seenVisitor = String(req.headers["x-parley-visitor"]);
      for await (const chunk of req) seenBody += chunk;
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
      await writeInPieces(res, bytes, [3, 11]);
    });
    const deltas: string[] = [];
    let started: string | null = null;
    const done = await client().ask("conv_1", "Where is my order?", {
      onStart: (id) => {
        started = id;
      },
      onDelta: (t) => deltas.push(t),
    });
    expect(seenVisitor).toBe("visitor_visitor_visitor");
    expect(JSON.parse(seenBody)).toEqual({ content: "Where is my order?", language: "en" });
    expect(started).toBe("msg_user");
    expect(deltas.join("")).toBe("Héllo — wörld 🎉");
    expect(done.messageId).toBe("msg_bot");
    expect(done.citations[0]?.url).toBe("https://shop.example/returns");
  });

  it("rejects with the stream's error event", async () => {
    routes.set("POST /api/widget/cb_test/conversations/conv_2/messages", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('event: start\ndata: {"messageId":"m"}\n\nevent: delta\ndata: {"text":"Hal"}\n\n');
      res.end('event: error\ndata: {"code":"MODEL_ERROR","message":"Sorry, something went wrong."}\n\n');
    });
    const error = await client()
      .ask("conv_2", "hi", { onDelta: () => {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WidgetApiError);
    expect(error).toMatchObject({ code: "MODEL_ERROR", message: "Sorry, something went wrong." });
  });

  it("treats a stream cut before done as a network failure", async () => {
    routes.set("POST /api/widget/cb_test/conversations/conv_3/messages", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end('event: delta\ndata: {"text":"partial"}\n\n');
    });
    await expect(client().ask("conv_3", "hi", { onDelta: () => {} })).rejects.toMatchObject({
      code: "NETWORK",
    });
  });

  it("keeps the server's message for a 429", async () => {
    routes.set("POST /api/widget/cb_test/conversations/conv_4/messages", (_req, res) => {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "30" });
      res.end(
        JSON.stringify({
          error: { code: "RATE_LIMITED", message: "You're sending messages too quickly.", requestId: "r" },
        }),
      );
    });
    await expect(client().ask("conv_4", "hi", { onDelta: () => {} })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      message: "You're sending messages too quickly.",
    });
  });

  it("sends a signed customer as base64url JSON, whatever the characters", async () => {
    let seen = "";
    routes.set("POST /api/widget/cb_test/session", (req, res) => {
      seen = String(req.headers["x-parley-customer"]);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ identity: { status: "verified", message: null }, conversation: null }));
    });
    const customer = { userId: "josé+42@shop", userHash: "ab".repeat(32), name: "José Ñandú 🎉" };
    const api = createWidgetApi("cb_test", { visitorId: "visitor_visitor_visitor", customer }, base);
    expect(await api.session()).toEqual({
      identity: { status: "verified", message: null },
      conversation: null,
    });
    expect(seen).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(seen, "base64url").toString("utf8"))).toEqual(customer);
    expect(customerHeader(customer)).toBe(seen);
  });

  it("reports an unreachable server as a network error", async () => {
    const offline = createWidgetApi(
      "cb_test",
      { visitorId: "visitor_visitor_visitor", customer: null },
      "http://127.0.0.1:9",
    );
    await expect(offline.config()).rejects.toMatchObject({ code: "NETWORK" });
  });

  it("refuses a config that does not match the contract", async () => {
    routes.set("GET /api/widget/cb_test/config", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ _id: "cb_test", name: "Shop" }));
    });
    await expect(client().config()).rejects.toMatchObject({ code: "BAD_RESPONSE" });
  });
});
