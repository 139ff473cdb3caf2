import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import { createMemoryTokenStore } from "./access-token-cookie";
import { createTokenManager, decodeJwtTimes } from "./token-manager";

// A stand-in for the auth service's `/token`: a real listener on 127.0.0.1 that mints JWT-shaped
// tokens (unsigned: the client never verifies, the API does) on the test's fake clock.

const START = 1_800_000_000_000;
let clock = START;
const now = () => clock;

type Mode = "ok" | "signed-out" | "error" | "garbage";
let mode: Mode = "ok";
let delayMs = 0;
let hits = 0;
let lastCookie: string | undefined;
const TTL_S = 15 * 60;

let server: Server;
let tokenUrl: string;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function mint(serial: number): string {
  const iat = Math.floor(clock / 1000);
  return `${b64url({ alg: "EdDSA", typ: "JWT" })}.${b64url({ sub: "u1", iat, exp: iat + TTL_S, serial })}.sig`;
}

function handle(req: IncomingMessage, res: ServerResponse) {
  hits += 1;
  lastCookie = req.headers.cookie;
  const serial = hits;
  const answer = () => {
    if (mode === "signed-out") {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "UNAUTHORIZED", message: "Unauthorized" }));
    } else if (mode === "error") {
      res.writeHead(503, { "content-type": "text/plain" });
      res.end("down");
    } else if (mode === "garbage") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ token: "not-a-jwt" }));
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ token: mint(serial) }));
    }
  };
  if (delayMs > 0) setTimeout(answer, delayMs);
  else answer();
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  clock = START;
  mode = "ok";
  delayMs = 0;
  hits = 0;
  lastCookie = undefined;
});

function serialOf(token: string | null): unknown {
  if (!token) return null;
  const payload = token.split(".")[1] ?? "";
  return (JSON.parse(Buffer.from(payload, "base64url").toString()) as { serial: unknown }).serial;
}

function setup() {
  const store = createMemoryTokenStore();
  const tokens = createTokenManager({ tokenUrl, store, now });
  return { store, tokens };
}

describe("decodeJwtTimes", () => {
  it("reads exp and iat from the payload and refuses anything that is not a JWT", () => {
    const iat = 1_800_000_000;
    const token = `${b64url({ alg: "none" })}.${b64url({ iat, exp: iat + 60 })}.x`;
    expect(decodeJwtTimes(token)).toEqual({ exp: iat + 60, iat });
    expect(decodeJwtTimes("abc")).toBeNull();
    expect(decodeJwtTimes(`${b64url({})}.${b64url({ exp: "soon" })}.x`)).toBeNull();
    expect(decodeJwtTimes("a.%%%.c")).toBeNull();
  });
});

describe("token manager", () => {
  it("fetches a token from /token, stores it with the token's lifetime, and reuses it", async () => {
    const { store, tokens } = setup();
    const first = await tokens.getToken();
    expect(serialOf(first)).toBe(1);
    expect(store.value).toBe(first);
    expect(store.maxAge).toBe(TTL_S);

    clock += 10_000;
    expect(await tokens.getToken()).toBe(first);
    expect(hits).toBe(1);
  });

  it("after the 30 s cache window re-reads the cookie, so another tab's token is picked up", async () => {
    const { store, tokens } = setup();
    await tokens.getToken();
    clock += 31_000;
    // Another tab refreshed the cookie meanwhile.
    const otherTab = mint(99);
    store.value = otherTab;
    expect(await tokens.getToken()).toBe(otherTab);
    expect(hits).toBe(1);
  });

  it("after the cache window a cleared cookie (sign-out in another tab) means asking /token again", async () => {
    const { store, tokens } = setup();
    await tokens.getToken();
    clock += 29_000;
    store.value = null;
    expect(hits).toBe(1);
    await tokens.getToken();
    expect(hits).toBe(1); // still inside the 30 s window: memory wins
    clock += 2_000;
    expect(serialOf(await tokens.getToken())).toBe(2);
  });

  it("refreshes when less than 5 s remain, and not before", async () => {
    const { tokens } = setup();
    const first = await tokens.getToken();
    // 5.5 s left: still handed out (the cookie is read after the cache window).
    clock = START + TTL_S * 1000 - 5_500;
    expect(await tokens.getToken()).toBe(first);
    expect(hits).toBe(1);
    // 4 s left: refreshed first.
    clock = START + TTL_S * 1000 - 4_000;
    const second = await tokens.getToken();
    expect(serialOf(second)).toBe(2);
    expect(second).not.toBe(first);
  });

  it("shares ONE refresh between concurrent callers", async () => {
    const { tokens } = setup();
    delayMs = 50;
    const results = await Promise.all(Array.from({ length: 10 }, () => tokens.getToken()));
    expect(hits).toBe(1);
    expect(new Set(results).size).toBe(1);

    // A forced refresh (the API said 401) is shared too, with callers arriving meanwhile.
    const forced = await Promise.all([
      tokens.getToken({ forceRefresh: true }),
      tokens.getToken({ forceRefresh: true }),
      tokens.getToken(),
    ]);
    expect(hits).toBe(2);
    expect(forced.map(serialOf)).toEqual([2, 2, 2]);
  });

  it("sends the request with credentials so the auth session cookie goes along", async () => {
    // Node's fetch has no cookie jar; check the request's shape through an injected fetch instead.
    const seen: RequestInit[] = [];
    const tokens = createTokenManager({
      tokenUrl,
      store: createMemoryTokenStore(),
      now,
      fetch: (input, init) => {
        if (init) seen.push(init);
        return fetch(input, {
          ...init,
          headers: { ...init?.headers, cookie: "better-auth.session_token=s" },
        });
      },
    });
    await tokens.getToken();
    expect(seen[0]?.credentials).toBe("include");
    expect(lastCookie).toBe("better-auth.session_token=s");
  });

  it("treats a 401 from /token as signed out: no token, store cleared, listeners told, answer cached 30 s", async () => {
    const { store, tokens } = setup();
    await tokens.getToken();
    let told = 0;
    tokens.onSignedOut(() => {
      told += 1;
    });
    mode = "signed-out";
    expect(await tokens.refresh()).toBeNull();
    expect(store.value).toBeNull();
    expect(told).toBe(1);

    clock += 10_000;
    expect(await tokens.getToken()).toBeNull();
    expect(hits).toBe(2); // the negative answer was reused
    clock += 25_000;
    expect(await tokens.getToken()).toBeNull();
    expect(hits).toBe(3);
  });

  it("turns an unreachable or failing service into an ApiError and recovers on the next call", async () => {
    const { tokens } = setup();
    mode = "error";
    await expect(tokens.getToken()).rejects.toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    mode = "garbage";
    await expect(tokens.getToken()).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
    mode = "ok";
    expect(serialOf(await tokens.getToken())).toBe(3);

    const offline = createTokenManager({
      tokenUrl: "http://127.0.0.1:9/token",
      store: createMemoryTokenStore(),
      now,
    });
    const error = await offline.getToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "NETWORK_ERROR" });
  });

  it("clear() forgets the token, discards a refresh in flight, and does not quietly fetch a new one", async () => {
    const { store, tokens } = setup();
    await tokens.getToken();
    delayMs = 50;
    const pending = tokens.refresh();
    tokens.clear();
    expect(await pending).toBeNull();
    expect(store.value).toBeNull();
    // Signing out: API calls racing the sign-out get no token, and /token is not asked.
    delayMs = 0;
    expect(await tokens.getToken()).toBeNull();
    expect(hits).toBe(2);
    // A new sign-in refreshes explicitly.
    expect(serialOf(await tokens.refresh())).toBe(3);
    expect(serialOf(await tokens.getToken())).toBe(3);
  });
});
