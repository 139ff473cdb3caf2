import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWidgetApi } from "./api";
import { createSeen, type LiveEvent, liveEvent, liveStream, reconnectDelayMs, withTeam } from "./live";

const agentMessage = (id: string, content: string) => ({
  _id: id,
  role: "agent",
  content,
  citations: [],
  answered: null,
  feedback: null,
  author: { name: "Sara" },
  createdAt: "2026-01-01T00:00:00.000Z",
});
const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe("reconnecting", () => {
  it("waits 1, 2, 4 … up to 30 s, each halved at random", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => reconnectDelayMs(n, 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect([1, 2, 6].map((n) => reconnectDelayMs(n, 0))).toEqual([500, 1000, 15000]);
    for (let i = 0; i < 100; i++) {
      const d = reconnectDelayMs(3);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
    expect(reconnectDelayMs(0, 1)).toBe(1000);
  });
});

describe("live events", () => {
  it("reads the four the chat uses", () => {
    expect(liveEvent("ready", '{"resumed":true}')).toEqual({ type: "ready", resumed: true });
    expect(liveEvent("ready", "{}")).toEqual({ type: "ready", resumed: false });
    const message = agentMessage("msg_1", "Hello, I'm Sara");
    expect(liveEvent("message", JSON.stringify({ type: "message", conversationId: "c", message }))).toEqual({
      type: "message",
      message,
    });
    expect(
      liveEvent(
        "status",
        JSON.stringify({ type: "status", status: "claimed", assignee: { name: "Sara" }, waitingSince: null }),
      ),
    ).toEqual({ type: "status", status: "claimed", agent: "Sara" });
    expect(liveEvent("status", '{"status":"waiting","assignee":null}')).toEqual({
      type: "status",
      status: "waiting",
      agent: null,
    });
    expect(liveEvent("typing", '{"conversationId":"c","name":"Sara"}')).toEqual({
      type: "typing",
      name: "Sara",
    });
  });

  it("ignores what it does not know, and anything malformed or forged", () => {
    expect(liveEvent("activity", '{"kind":"created"}')).toBeNull();
    expect(liveEvent("message", "not json")).toBeNull();
    expect(liveEvent("message", "null")).toBeNull();
    expect(liveEvent("message", '"text"')).toBeNull();
    // A role the chat does not draw, a message without its fields, an author that is not a name.
    expect(
      liveEvent("message", JSON.stringify({ message: { ...agentMessage("m", "x"), role: "system" } })),
    ).toBeNull();
    expect(liveEvent("message", JSON.stringify({ message: { _id: "m", content: "x" } }))).toBeNull();
    expect(
      liveEvent("message", JSON.stringify({ message: { ...agentMessage("m", "x"), author: { name: 5 } } })),
    ).toBeNull();
    expect(liveEvent("status", '{"status":"hacked","assignee":null}')).toBeNull();
    expect(liveEvent("status", '{"status":"claimed","assignee":{"name":["x"]}}')).toEqual({
      type: "status",
      status: "claimed",
      agent: null,
    });
    // The team's own typing signal (name null) is not a person typing to the visitor.
    expect(liveEvent("typing", '{"conversationId":"c","name":null}')).toBeNull();
  });

  it("the bot is silent while the team has the conversation", () => {
    expect(["bot", "waiting", "claimed", "closed"].map((s) => withTeam(s as "bot"))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("each message is shown once", () => {
  const user = (id: string, content: string) => ({ _id: id, role: "user" as const, content });

  it("the visitor's own message: numbered by the POST first, then the stream brings it", () => {
    const seen = createSeen();
    seen.sending("Where is my order?");
    seen.sent("Where is my order?", "msg_1");
    expect(seen.fresh(user("msg_1", "Where is my order?"))).toBe(false);
  });

  it("the stream first (before the POST says its id), then the POST", () => {
    const seen = createSeen();
    seen.sending("  Where is my order?\u202e ");
    // The server stored it trimmed and without direction controls.
    expect(seen.fresh(user("msg_1", "Where is my order?"))).toBe(false);
    seen.sent("  Where is my order?\u202e ", "msg_1");
    expect(seen.fresh(user("msg_1", "Where is my order?"))).toBe(false);
    // The same words sent again later are a new message.
    expect(seen.fresh(user("msg_2", "Where is my order?"))).toBe(true);
  });

  it("a message from the visitor's other tab is new; a failed send leaves nothing waiting", () => {
    const seen = createSeen();
    seen.sending("hello");
    seen.sent("hello", null);
    expect(seen.fresh(user("msg_9", "hello"))).toBe(true);
    expect(seen.fresh(user("msg_9", "hello"))).toBe(false);
  });

  it("replies by id: history, the handoff answer, and the stream's replay after a reconnect", () => {
    const seen = createSeen();
    seen.add("msg_bot");
    expect(seen.has("msg_bot")).toBe(true);
    expect(seen.fresh({ _id: "msg_bot", role: "assistant", content: "x" })).toBe(false);
    expect(seen.fresh(agentMessage("msg_a", "Hi") as never)).toBe(true);
    expect(seen.fresh(agentMessage("msg_a", "Hi") as never)).toBe(false);
    // An agent's words equal to a pending visitor message are still the agent's.
    seen.sending("ok");
    expect(seen.fresh({ _id: "msg_b", role: "agent", content: "ok" })).toBe(true);
    expect(seen.fresh(user("msg_c", "ok"))).toBe(false);
  });
});

// The stream against a real local server that drops it, stalls it, and refuses it.
describe("the event stream", () => {
  type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
  let handler: Handler = () => {};
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res, requests.length);
  });
  let base = "";
  const open = (res: ServerResponse) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("retry: 2000\n\n");
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const start = (lastId: string, opts: { idleMs?: number } = {}) => {
    requests.length = 0;
    const events: LiveEvent[] = [];
    const api = createWidgetApi("cb_1", { visitorId: "v".repeat(22), customer: null }, base);
    const stream = liveStream({
      open: (last, signal) => api.events("conv_1", last, signal),
      lastId,
      onEvent: (e) => events.push(e),
      delayMs: () => 20,
      ...opts,
    });
    return { events, stream };
  };
  const until = async (check: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("resumes after a drop from the last id seen: nothing lost, nothing twice", async () => {
    handler = (req, res, n) => {
      open(res);
      const after = Number(req.headers["last-event-id"]);
      res.write(frame("ready", { resumed: true }));
      if (n === 1) {
        // Two events, a heartbeat, a typing signal (no id), then the connection dies.
        res.write(frame("status", { status: "claimed", assignee: { name: "Sara" } }, after + 1));
        res.write(": ping\n\n");
        res.write(frame("typing", { name: "Sara" }));
        res.write(frame("message", { message: agentMessage("m2", "Hello") }, after + 2));
        setTimeout(() => res.destroy(), 20);
      } else {
        res.write(frame("message", { message: agentMessage(`m${after + 1}`, "Still here") }, after + 1));
      }
    };
    const { events, stream } = start("7");
    await until(() => requests.length >= 2 && events.length >= 6);
    stream.close();
    expect(requests.map((r) => r.headers["last-event-id"])).toEqual(["7", "9"]);
    // The visitor header, as every widget call sends it.
    expect(requests[0]?.headers["x-parley-visitor"]).toBe("v".repeat(22));
    expect(requests[0]?.url).toBe("/api/widget/cb_1/conversations/conv_1/events");
    expect(events.map((e) => (e.type === "message" ? `message ${e.message._id}` : e.type))).toEqual([
      "ready",
      "status",
      "typing",
      "message m2",
      "ready",
      "message m10",
    ]);
    expect(stream.lastId()).toBe("10");
  });

  it("a connection that goes silent (no heartbeat) is dropped and opened again", async () => {
    handler = (_req, res, n) => {
      open(res);
      if (n > 1) res.write(frame("ready", { resumed: true }));
    };
    const { events, stream } = start("3", { idleMs: 150 });
    await until(() => events.length >= 1);
    stream.close();
    expect(requests.length).toBe(2);
    expect(requests[1]?.headers["last-event-id"]).toBe("3");
  });

  it("server errors are retried; a conversation that is gone ends it", async () => {
    handler = (_req, res, n) => {
      const status = n === 1 ? 500 : n === 2 ? 429 : 404;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "X", message: "no" } }));
    };
    const { events, stream } = start("0");
    await until(() => requests.length >= 3);
    await new Promise((r) => setTimeout(r, 150));
    expect(requests.length).toBe(3);
    expect(events).toEqual([]);
    stream.close();
  });

  it("paused (a hidden page) it holds no connection, and catches up when resumed", async () => {
    let live: ServerResponse | null = null;
    handler = (req, res) => {
      open(res);
      live = res;
      res.write(frame("ready", { resumed: true }));
      const after = Number(req.headers["last-event-id"]);
      res.write(frame("message", { message: agentMessage(`m${after + 1}`, "Hi") }, after + 1));
    };
    const { events, stream } = start("0");
    await until(() => events.length >= 2);
    const first = live as ServerResponse | null;
    stream.pause();
    await until(() => first?.destroyed === true || first?.writableEnded === true || first?.closed === true);
    await new Promise((r) => setTimeout(r, 100));
    expect(requests.length).toBe(1);
    stream.resume();
    await until(() => events.length >= 4);
    stream.close();
    expect(requests.map((r) => r.headers["last-event-id"])).toEqual(["0", "1"]);
    // A newer starting point from a reload moves it forward, never back.
    stream.skipTo(0);
    expect(stream.lastId()).toBe("2");
    stream.skipTo(40);
    expect(stream.lastId()).toBe("40");
  });
});
