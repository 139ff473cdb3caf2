import { apiChatbotPageSchema } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatbots } from "../../src/db/schema";
import type { Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { keysClient, v1 } from "./keys";

const shopA: Owner = { sub: "auth_pages_a", email: "a@pages.example", name: "Pages A" };
const shopB: Owner = { sub: "auth_pages_b", email: "b@pages.example", name: "Pages B" };

/** `GET /api/v1/chatbots` is a cursor page like the API's other lists (issue #32). */
describe.each(testDrivers())("GET /api/v1/chatbots in cursor pages on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let keys: ReturnType<typeof keysClient>;
  let call: ReturnType<typeof v1>;
  const bearer = (k: string) => `Bearer ${k}`;
  let keyA = "";
  let keyB = "";
  /** A's bots, newest first (as the list orders them). */
  const botsA: string[] = [];
  let botB = "";

  /** Every page of the list, following `nextCursor`, with the key given. */
  async function allPages(key: string, limit: number) {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await call(bearer(key), "GET", `/chatbots${query}`);
      expect(res.status, res.text).toBe(200);
      const page = apiChatbotPageSchema.parse(res.body);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      pages.push(page.items.map((b) => b._id));
      cursor = page.nextCursor;
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return pages;
  }

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    keys = keysClient(t, issuer);
    call = v1(t);
    await keys.plan(shopA.sub, "business-monthly");
    await keys.plan(shopB.sub, "pro-monthly");
    keyA = (await keys.create(shopA)).key;
    keyB = (await keys.create(shopB)).key;
    for (const name of ["One", "Two", "Three", "Four", "Five"]) {
      const made = await call(bearer(keyA), "POST", "/chatbots", { name });
      expect(made.status, made.text).toBe(201);
      botsA.unshift(made.body._id);
    }
    botB = (await call(bearer(keyB), "POST", "/chatbots", { name: "B's" })).body._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("pages through the workspace's bots, newest first, each once; the page shape is the other lists'", async () => {
    const first = await call(bearer(keyA), "GET", "/chatbots");
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["items", "nextCursor"]);
    // The default page (25) holds them all: no next page.
    expect(first.body.items.map((b: { _id: string }) => b._id)).toEqual(botsA);
    expect(first.body.nextCursor).toBeNull();
    expect(first.body.items[0]).toMatchObject({ name: "Five", sourceCount: 0, readySourceCount: 0 });

    const pages = await allPages(keyA, 2);
    expect(pages).toEqual([botsA.slice(0, 2), botsA.slice(2, 4), botsA.slice(4)]);
    // Exactly full: the last page is not followed by an empty one.
    expect(await allPages(keyA, 5)).toEqual([botsA]);
    expect(await allPages(keyA, 100)).toEqual([botsA]);
    // The other workspace's key lists its own bot only.
    expect(await allPages(keyB, 1)).toEqual([[botB]]);
  });

  it("keeps every bot once when bots share a creation time (to the microsecond)", async () => {
    const same = new Date("2030-01-01T00:00:00.123456Z");
    await t.db.db.update(chatbots).set({ createdAt: same }).where(eq(chatbots.workspaceId, shopA.sub));
    const pages = await allPages(keyA, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().sort()).toEqual([...botsA].sort());
    // Same time: by id, descending.
    expect(pages.flat()).toEqual([...botsA].sort().reverse());
  });

  it("refuses a bad cursor, another list's cursor and a limit out of range, with the one error shape", async () => {
    const leadsCursor = Buffer.from(`l|2030-01-01T00:00:00.000000Z|${botsA[0]}`).toString("base64url");
    const convCursor = Buffer.from(`m|2030-01-01T00:00:00.000000Z|${botsA[0]}`).toString("base64url");
    const forged = (text: string) => Buffer.from(text).toString("base64url");
    for (const cursor of [
      "not-a-cursor",
      leadsCursor,
      convCursor,
      forged(`c|2030-02-31T00:00:00Z|${botsA[0]}`),
      forged("c|2030-01-01T00:00:00Z|"),
      forged(`c|2030-01-01T00:00:00Z|${botsA[0]}|extra`),
      forged("c|2030-01-01T00:00:00Z' or 1=1 --|x"),
      forged("c|2030-01-01T00:00:00Z|a\u0000b"),
    ]) {
      const res = await call(bearer(keyA), "GET", `/chatbots?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.error).toMatchObject({ code: "BAD_REQUEST", message: "Invalid page cursor" });
    }
    const long = await call(bearer(keyA), "GET", `/chatbots?cursor=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("VALIDATION_FAILED");
    // The limits are the other lists' (1–100): the same answer for the same query.
    for (const limit of ["0", "101", "-1", "2.5", "many"]) {
      for (const list of ["/chatbots", "/leads", "/conversations"]) {
        const res = await call(bearer(keyA), "GET", `${list}?limit=${limit}`);
        expect(res.status, `${list} limit=${limit}`).toBe(400);
        expect(res.body.error.code, `${list} limit=${limit}`).toBe("VALIDATION_FAILED");
      }
    }
  });

  it("another workspace's cursor shows nothing of it; no key, a revoked key or one without `read` is refused", async () => {
    // A's cursor (after A's newest bot) used with B's key: B's own bots only, never A's.
    const page = await call(bearer(keyA), "GET", "/chatbots?limit=1");
    const fromA = await call(
      bearer(keyB),
      "GET",
      `/chatbots?cursor=${encodeURIComponent(page.body.nextCursor)}`,
    );
    expect(fromA.status).toBe(200);
    for (const b of fromA.body.items as { _id: string }[]) expect(botsA).not.toContain(b._id);

    expect((await call(undefined, "GET", "/chatbots")).status).toBe(401);
    const chatOnly = await keys.create(shopA, { name: "Chat only", scopes: ["chat"] });
    const refused = await call(bearer(chatOnly.key), "GET", "/chatbots?limit=1");
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    const revoked = await keys.create(shopA, { name: "Revoked", scopes: ["read"] });
    expect((await call(bearer(revoked.key), "GET", "/chatbots?limit=1")).status).toBe(200);
    expect((await keys.revoke(shopA, revoked.id)).status).toBe(204);
    const after = await call(
      bearer(revoked.key),
      "GET",
      `/chatbots?cursor=${encodeURIComponent(page.body.nextCursor)}`,
    );
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("UNAUTHORIZED");
  });
});
