import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LiveConnectionState, startLiveConnection } from "./live-connection";
import type { TeamEvent } from "./live-events";

// The connection loop against a real local HTTP server speaking the team stream's framing
// (`id:`, `event:`, `data:`, heartbeat comments): drops, resumes, repeats, refusals.

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
let server: Server;
let base = "";
let handler: Handler = (_req, res) => res.end();
let requests: IncomingMessage[] = [];
const open = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    open.add(res);
    res.on("close", () => open.delete(res));
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
const stops: (() => void)[] = [];
beforeEach(() => {
  requests = [];
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await until(() => open.size === 0);
});

const stream = (res: ServerResponse) => {
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
  res.write("retry: 2000\n\n");
};
const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const status = (id: number, conversationId: string, s = "waiting") =>
  frame(
    "status",
    { type: "status", conversationId, status: s, assignee: null, waitingSince: "2026-03-04T10:00:00.000Z" },
    id,
  );
const message = (id: number, messageId: string) =>
  frame(
    "message",
    {
      type: "message",
      conversationId: "conv_1",
      message: {
        _id: messageId,
        role: "user",
        content: "Can I talk to a person?",
        citations: [],
        answered: null,
        feedback: null,
        author: null,
        createdAt: "2026-03-04T10:00:00.000Z",
      },
    },
    id,
  );

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
};

function connect(extra: { getToken?: () => Promise<string | null>; onEvent?: (e: TeamEvent) => void } = {}) {
  const events: TeamEvent[] = [];
  const states: LiveConnectionState[] = [];
  const waits: number[] = [];
  let gone = 0;
  const stop = startLiveConnection({
    url: `${base}/api/events`,
    getToken: extra.getToken ?? (async () => "token-1"),
    onEvent: (e) => {
      events.push(e);
      extra.onEvent?.(e);
    },
    onGone: () => {
      gone += 1;
    },
    onState: (s) => states.push(s),
    // Time passes at once; the waits are recorded.
    sleep: async (ms) => {
      waits.push(ms);
      await new Promise((r) => setTimeout(r, 1));
    },
    random: () => 0,
  });
  stops.push(stop);
  return { events, states, waits, stop, gone: () => gone };
}

const ids = (events: TeamEvent[]) =>
  events.flatMap((e) => (e.type === "message" || e.type === "status" ? [e.id] : []));

describe("startLiveConnection", () => {
  it("sends the bearer token and reads events as they come, heartbeats ignored", async () => {
    handler = (_req, res) => {
      stream(res);
      res.write(frame("ready", { resumed: false }));
      res.write(": ping\n\n");
      res.write(status(1, "conv_1"));
      res.write(frame("typing", { conversationId: "conv_1", name: null }));
      res.write(frame("activity", { conversationId: "conv_2", chatbotId: "cb_1", kind: "created" }));
    };
    const c = connect();
    await until(() => c.events.length === 4);
    expect(requests[0]?.headers.authorization).toBe("Bearer token-1");
    expect(requests[0]?.headers.accept).toBe("text/event-stream");
    expect(requests[0]?.headers["last-event-id"]).toBeUndefined();
    expect(c.events.map((e) => e.type)).toEqual(["ready", "status", "typing", "activity"]);
    expect(c.states).toEqual(["connecting", "open"]);
    c.stop();
    await until(() => c.states.at(-1) === "stopped");
    expect(requests).toHaveLength(1);
  });

  it("resumes after a drop with Last-Event-ID and applies a replayed event once", async () => {
    handler = (req, res, n) => {
      stream(res);
      if (n === 1) {
        res.write(frame("ready", { resumed: false }));
        res.write(status(41, "conv_1"));
        res.write(message(42, "msg_1"));
        res.end(); // the proxy cut the connection
        return;
      }
      expect(req.headers["last-event-id"]).toBe("42");
      res.write(frame("ready", { resumed: true }));
      res.write(message(42, "msg_1")); // overlaps what arrived before the cut
      res.write(message(43, "msg_2"));
    };
    const c = connect();
    await until(() => ids(c.events).includes(43));
    expect(ids(c.events)).toEqual([41, 42, 43]);
    expect(requests.map((r) => r.headers["last-event-id"])).toEqual([undefined, "42"]);
    expect(c.waits).toEqual([1_000]);
    expect(c.states).toEqual(["connecting", "open", "retrying", "open"]);
    c.stop();
  });

  it("starts afresh when the server could not resume: ids from before no longer count", async () => {
    handler = (_req, res, n) => {
      stream(res);
      if (n === 1) {
        res.write(frame("ready", { resumed: false }));
        res.write(status(900, "conv_1"));
        res.end();
        return;
      }
      // A server that does not know id 900 (a restored database): it starts from its own ids.
      res.write(frame("ready", { resumed: false }));
      res.write(status(5, "conv_1", "claimed"));
    };
    const c = connect();
    await until(() => ids(c.events).includes(5));
    expect(requests[1]?.headers["last-event-id"]).toBe("900");
    expect(c.events.filter((e) => e.type === "ready")).toEqual([
      { type: "ready", resumed: false },
      { type: "ready", resumed: false },
    ]);
    c.stop();
  });

  it("waits longer after each failure (1 s, 2 s, 4 s…) and afresh once connected", async () => {
    handler = (_req, res, n) => {
      if (n <= 3) {
        res.writeHead(503, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "Down", requestId: "req_2" } }),
        );
        return;
      }
      stream(res);
      res.write(frame("ready", { resumed: false }));
      if (n === 4) res.end();
    };
    const c = connect();
    await until(() => requests.length >= 5 && c.states.at(-1) === "open");
    expect(c.waits).toEqual([1_000, 2_000, 4_000, 1_000]);
    c.stop();
  });

  it("stops for good when the member is removed mid-stream (`gone`)", async () => {
    handler = (_req, res) => {
      stream(res);
      res.write(frame("ready", { resumed: false }));
      res.write(frame("gone", { code: "NOT_A_MEMBER" }));
      res.write(status(1, "conv_1")); // nothing after gone is applied
    };
    const c = connect();
    await until(() => c.gone() === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
    expect(c.events.map((e) => e.type)).toEqual(["ready"]);
    expect(c.states.at(-1)).toBe("stopped");
  });

  it("stops for good when the API refuses the stream: not a member of the workspace", async () => {
    handler = (_req, res) => {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: {
            code: "NOT_A_MEMBER",
            message: "You are no longer a member of this workspace. Switch to another workspace to continue.",
            requestId: "req_1",
          },
        }),
      );
    };
    const c = connect();
    await until(() => c.gone() === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
  });

  it("keeps reading past garbage: bad JSON, unknown events, malformed ids", async () => {
    handler = (_req, res) => {
      stream(res);
      res.write(frame("ready", { resumed: false }));
      res.write("event: status\ndata: {not json\n\n");
      res.write(frame("brand-new-event", { anything: true }, 7));
      res.write(frame("status", { type: "status", conversationId: "conv_1" }, 8));
      res.write("id: abc\nevent: message\ndata: 42\n\n");
      res.write(status(9, "conv_1"));
    };
    const c = connect();
    await until(() => ids(c.events).includes(9));
    expect(c.events.map((e) => e.type)).toEqual(["ready", "status"]);
    expect(requests).toHaveLength(1);
    c.stop();
  });

  it("keeps the stream when applying one event fails (no reconnect loop)", async () => {
    handler = (_req, res) => {
      stream(res);
      res.write(frame("ready", { resumed: false }));
      res.write(status(1, "conv_1"));
      res.write(status(2, "conv_2"));
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const c = connect({
        onEvent: (e) => {
          if (e.type === "ready") throw new TypeError("Illegal invocation");
        },
      });
      await until(() => ids(c.events).includes(2));
      expect(requests).toHaveLength(1);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });

  it("retries a stream that is not an event stream (an HTML error page from a proxy)", async () => {
    handler = (_req, res, n) => {
      if (n === 1) {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>Bad gateway</html>");
        return;
      }
      stream(res);
      res.write(frame("ready", { resumed: false }));
    };
    const c = connect();
    await until(() => c.states.at(-1) === "open");
    expect(requests).toHaveLength(2);
    c.stop();
  });

  it("stop() ends an open stream and nothing reconnects", async () => {
    handler = (_req, res) => {
      stream(res);
      res.write(frame("ready", { resumed: false }));
    };
    const c = connect();
    await until(() => c.states.at(-1) === "open");
    c.stop();
    await until(() => c.states.at(-1) === "stopped");
    await until(() => open.size === 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
    expect(c.gone()).toBe(0);
  });
});
