import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWithToken, sendWithToken, type TokenProvider } from "./with-token";

// A real server that accepts only the token "fresh" and records what each request carried.
let server: Server;
let url = "";
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.writeHead(req.headers.authorization === "Bearer fresh" ? 200 : 401, { "content-type": "text/plain" });
    res.end(req.headers.authorization === "Bearer fresh" ? "ok" : "expired");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A provider handing out `first`, then `refreshed` when asked to refresh; records the asks. */
function provider(first: string | null, refreshed: string | null) {
  const asks: (boolean | undefined)[] = [];
  const get: TokenProvider = async (options) => {
    asks.push(options?.forceRefresh);
    return options?.forceRefresh ? refreshed : first;
  };
  return { get, asks };
}

describe("fetchWithToken", () => {
  it("refreshes once after a 401 and sends again with the fresh token", async () => {
    seen.length = 0;
    const p = provider("stale", "fresh");
    const res = await fetchWithToken(p.get, url, { headers: { accept: "text/plain" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(p.asks).toEqual([undefined, true]);
    expect(seen).toEqual(["Bearer stale", "Bearer fresh"]);
  });

  it("takes a second 401 as the answer: no loop of refreshes", async () => {
    seen.length = 0;
    const p = provider("stale", "also-stale");
    const res = await fetchWithToken(p.get, url, {});
    expect(res.status).toBe(401);
    expect(p.asks).toEqual([undefined, true]);
    expect(seen).toEqual(["Bearer stale", "Bearer also-stale"]);
  });

  it("does not retry when the refresh brings the same token or none, or when no token was sent", async () => {
    for (const [first, refreshed] of [
      ["stale", "stale"],
      ["stale", null],
      [null, "fresh"],
    ] as const) {
      seen.length = 0;
      const p = provider(first, refreshed);
      expect((await fetchWithToken(p.get, url, {})).status).toBe(401);
      expect(seen).toEqual([first ? `Bearer ${first}` : undefined]);
    }
  });

  it("sends no Authorization without a provider", async () => {
    seen.length = 0;
    expect((await fetchWithToken(undefined, url, {})).status).toBe(401);
    expect(seen).toEqual([undefined]);
  });
});

describe("sendWithToken", () => {
  it("works with any transport that reports a status (uploads use XMLHttpRequest)", async () => {
    const p = provider("stale", "fresh");
    const sent: (string | null)[] = [];
    const res = await sendWithToken(p.get, async (token) => {
      sent.push(token);
      return { status: token === "fresh" ? 201 : 401 };
    });
    expect(res.status).toBe(201);
    expect(sent).toEqual(["stale", "fresh"]);
  });
});
