import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, apiFetch, setTokenProvider } from "./api";

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let base: string;
let handler: Handler = (_req, res) => res.end();

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Test files share a worker's modules (vitest isolate: false): a file that imported the session
// runtime left its token provider installed. These tests start without one.
beforeEach(() => {
  setTokenProvider(undefined);
});
afterEach(() => {
  setTokenProvider(undefined);
});

const itemSchema = z.object({ id: z.string(), count: z.number() });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("apiFetch", () => {
  it("returns the success body parsed by the schema", async () => {
    handler = (_req, res) => json(res, 200, { id: "a", count: 2, extra: "dropped" });
    await expect(apiFetch(`${base}/api/item`, { schema: itemSchema })).resolves.toEqual({
      id: "a",
      count: 2,
    });
  });

  it("sends a JSON body with POST and the right content type", async () => {
    let seen: { method?: string; type?: string; body?: string } = {};
    handler = (req, res, body) => {
      seen = { method: req.method, type: req.headers["content-type"], body };
      json(res, 201, { id: "b", count: 1 });
    };
    await apiFetch(`${base}/api/items`, { method: "POST", body: { name: "x" }, schema: itemSchema });
    expect(seen).toEqual({ method: "POST", type: "application/json", body: '{"name":"x"}' });
  });

  it("turns the server's error body into an ApiError with status, code, message and request id", async () => {
    handler = (_req, res) =>
      json(res, 400, {
        error: {
          code: "VALIDATION_FAILED",
          message: "Invalid request: body.email is invalid",
          requestId: "req-123",
          details: [{ path: "body.email", message: "is invalid" }],
        },
      });
    const error = await rejection(
      apiFetch(`${base}/api/contact`, { method: "POST", body: {}, schema: itemSchema }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Invalid request: body.email is invalid",
      requestId: "req-123",
      details: [{ path: "body.email", message: "is invalid" }],
    });
  });

  it("keeps the message's code and values (issue #32), for the field problems too", async () => {
    handler = (_req, res) =>
      json(res, 403, {
        error: {
          code: "PLAN_LIMIT_REACHED",
          message: "Your Pro plan includes 5 chatbots. Upgrade your plan to add more.",
          messageKey: "plan.planIncludesChatbotsUpgradePlan",
          values: { plan: "Pro", count: 5 },
          requestId: "req-7",
          details: [
            { path: "body.name", message: "Give your chatbot a name", messageKey: "chatbot.giveChatbotName" },
          ],
        },
      });
    const error = await rejection(
      apiFetch(`${base}/api/chatbots`, { method: "POST", body: {}, schema: itemSchema }),
    );
    expect(error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      messageKey: "plan.planIncludesChatbotsUpgradePlan",
      values: { plan: "Pro", count: 5 },
      details: [{ path: "body.name", messageKey: "chatbot.giveChatbotName" }],
    });
  });

  it("maps a status without our error body onto the closed set and keeps the header request id", async () => {
    handler = (_req, res) => {
      res.writeHead(502, { "content-type": "text/html", "x-request-id": "edge-9" });
      res.end("<html>Bad gateway</html>");
    };
    const error = await rejection(apiFetch(`${base}/api/plans`, { schema: itemSchema }));
    expect(error).toMatchObject({ status: 502, code: "SERVICE_UNAVAILABLE", requestId: "edge-9" });
    expect((error as ApiError).message).toContain("502");
  });

  it("prefers a server message even when the body is not in our error shape", async () => {
    handler = (_req, res) => json(res, 403, { message: "Origin not allowed" });
    const error = await rejection(apiFetch(`${base}/api/x`, { schema: itemSchema }));
    expect(error).toMatchObject({ status: 403, code: "FORBIDDEN", message: "Origin not allowed" });
  });

  it("rejects a success body that breaks its contract with status 500", async () => {
    handler = (_req, res) => json(res, 200, { id: 1 }, { "x-request-id": "req-bad" });
    const error = await rejection(apiFetch(`${base}/api/item`, { schema: itemSchema }));
    expect(error).toMatchObject({ status: 500, code: "INVALID_RESPONSE", requestId: "req-bad" });
  });

  it("reports an unreachable server as status 500 NETWORK_ERROR", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await rejection(apiFetch(`http://127.0.0.1:${port}/api/plans`, { schema: itemSchema }));
    expect(error).toMatchObject({ status: 500, code: "NETWORK_ERROR" });
  });

  it("passes an abort through untouched instead of wrapping it", async () => {
    handler = () => {
      // Never answers; the caller aborts.
    };
    const controller = new AbortController();
    const pending = apiFetch(`${base}/api/slow`, { schema: itemSchema, signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("sends a bearer token only when a token provider is set and returns one", async () => {
    const seen: (string | undefined)[] = [];
    handler = (req, res) => {
      // Only count this test's calls (an earlier aborted request may still arrive late).
      if (req.url === "/api/me") seen.push(req.headers.authorization);
      json(res, 200, { id: "a", count: 0 });
    };
    await apiFetch(`${base}/api/me`, { schema: itemSchema });
    setTokenProvider(async () => "tok-1");
    await apiFetch(`${base}/api/me`, { schema: itemSchema });
    setTokenProvider(async () => null);
    await apiFetch(`${base}/api/me`, { schema: itemSchema });
    expect(seen).toEqual([undefined, "Bearer tok-1", undefined]);
  });

  it("on a 401 refreshes the token once and retries once with the new token", async () => {
    const seen: (string | undefined)[] = [];
    handler = (req, res) => {
      if (req.url !== "/api/guarded") return json(res, 404, {});
      seen.push(req.headers.authorization);
      if (req.headers.authorization === "Bearer fresh") return json(res, 200, { id: "ok", count: 1 });
      return json(res, 401, {
        error: { code: "UNAUTHORIZED", message: "Your session has expired", requestId: "r" },
      });
    };
    const calls: (boolean | undefined)[] = [];
    setTokenProvider(async (options) => {
      calls.push(options?.forceRefresh);
      return options?.forceRefresh ? "fresh" : "stale";
    });
    await expect(apiFetch(`${base}/api/guarded`, { schema: itemSchema })).resolves.toEqual({
      id: "ok",
      count: 1,
    });
    expect(seen).toEqual(["Bearer stale", "Bearer fresh"]);
    expect(calls).toEqual([undefined, true]);
  });

  it("gives up after one retry, and does not retry when the refresh yields no new token", async () => {
    let hits = 0;
    handler = (req, res) => {
      if (req.url !== "/api/guarded") return json(res, 404, {});
      hits += 1;
      json(res, 401, { error: { code: "UNAUTHORIZED", message: "Invalid access token", requestId: "r" } });
    };
    let serial = 0;
    setTokenProvider(async () => `token-${++serial}`);
    const error = await rejection(apiFetch(`${base}/api/guarded`, { schema: itemSchema }));
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(hits).toBe(2);

    hits = 0;
    setTokenProvider(async (options) => (options?.forceRefresh ? null : "only"));
    await rejection(apiFetch(`${base}/api/guarded`, { schema: itemSchema }));
    expect(hits).toBe(1);

    // No token sent at all: nothing to refresh.
    hits = 0;
    setTokenProvider(undefined);
    await rejection(apiFetch(`${base}/api/guarded`, { schema: itemSchema }));
    expect(hits).toBe(1);
  });

  it("resolves without parsing when no schema is given (204)", async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(apiFetch(`${base}/api/logout`, { method: "POST" })).resolves.toBeUndefined();
  });
});
