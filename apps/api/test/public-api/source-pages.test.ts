import { apiSourcePageSchema } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeSources } from "../../src/db/schema";
import type { Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { keysClient, v1 } from "./keys";

const shopA: Owner = { sub: "auth_srcpages_a", email: "a@srcpages.example", name: "Sources A" };
const shopB: Owner = { sub: "auth_srcpages_b", email: "b@srcpages.example", name: "Sources B" };

/** `GET /api/v1/chatbots/:id/sources` is a cursor page like the API's other lists (issue #32). */
describe.each(testDrivers())("GET /api/v1/chatbots/:id/sources in cursor pages on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let keys: ReturnType<typeof keysClient>;
  let call: ReturnType<typeof v1>;
  const bearer = (k: string) => `Bearer ${k}`;
  let keyA = "";
  let keyB = "";
  let botA = "";
  let otherBotA = "";
  let botB = "";
  /** botA's sources, newest first (as the list orders them). */
  const sourcesA: string[] = [];
  let sourceB = "";

  /** Every page of a bot's sources, following `nextCursor`, with the key given. */
  async function allPages(key: string, bot: string, limit: number) {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await call(bearer(key), "GET", `/chatbots/${bot}/sources${query}`);
      expect(res.status, res.text).toBe(200);
      const page = apiSourcePageSchema.parse(res.body);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      pages.push(page.items.map((s) => s._id));
      cursor = page.nextCursor;
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return pages;
  }
  const text = (title: string) => ({ kind: "text", title, content: `${title}: open 9 to 5.` });

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    keys = keysClient(t, issuer);
    call = v1(t);
    await keys.plan(shopA.sub, "business-monthly");
    await keys.plan(shopB.sub, "pro-monthly");
    keyA = (await keys.create(shopA)).key;
    keyB = (await keys.create(shopB)).key;
    botA = (await call(bearer(keyA), "POST", "/chatbots", { name: "A's" })).body._id;
    otherBotA = (await call(bearer(keyA), "POST", "/chatbots", { name: "A's other" })).body._id;
    botB = (await call(bearer(keyB), "POST", "/chatbots", { name: "B's" })).body._id;
    for (const title of ["One", "Two", "Three", "Four", "Five"]) {
      const made = await call(bearer(keyA), "POST", `/chatbots/${botA}/sources`, text(title));
      expect(made.status, made.text).toBe(201);
      sourcesA.unshift(made.body._id);
    }
    const other = await call(bearer(keyA), "POST", `/chatbots/${otherBotA}/sources`, text("Other bot"));
    expect(other.status, other.text).toBe(201);
    const made = await call(bearer(keyB), "POST", `/chatbots/${botB}/sources`, text("B's hours"));
    expect(made.status, made.text).toBe(201);
    sourceB = made.body._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("pages through the bot's sources, newest first, each once; the page shape is the other lists'", async () => {
    const first = await call(bearer(keyA), "GET", `/chatbots/${botA}/sources`);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["items", "nextCursor"]);
    // The default page (25) holds them all: no next page.
    expect(first.body.items.map((s: { _id: string }) => s._id)).toEqual(sourcesA);
    expect(first.body.nextCursor).toBeNull();
    expect(first.body.items[0]).toMatchObject({ title: "Five", kind: "text", chatbotId: botA });

    expect(await allPages(keyA, botA, 2)).toEqual([
      sourcesA.slice(0, 2),
      sourcesA.slice(2, 4),
      sourcesA.slice(4),
    ]);
    // Exactly full: the last page is not followed by an empty one.
    expect(await allPages(keyA, botA, 5)).toEqual([sourcesA]);
    expect(await allPages(keyA, botA, 100)).toEqual([sourcesA]);
    // Another bot of the same workspace: its own source only; B's key: B's bot's.
    expect((await allPages(keyA, otherBotA, 1)).flat()).toHaveLength(1);
    expect(await allPages(keyB, botB, 1)).toEqual([[sourceB]]);
  });

  it("keeps every source once when sources share a creation time (to the microsecond)", async () => {
    const same = new Date("2030-01-01T00:00:00.123456Z");
    await t.db.db
      .update(knowledgeSources)
      .set({ createdAt: same })
      .where(eq(knowledgeSources.chatbotId, botA));
    const pages = await allPages(keyA, botA, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    // Same time: by id, descending.
    expect(pages.flat()).toEqual([...sourcesA].sort().reverse());
  });

  it("refuses a bad cursor, another list's cursor and a limit out of range, with the one error shape", async () => {
    const forged = (text: string) => Buffer.from(text).toString("base64url");
    const botsPage = await call(bearer(keyA), "GET", "/chatbots?limit=1");
    expect(botsPage.body.nextCursor).toEqual(expect.any(String));
    for (const cursor of [
      "not-a-cursor",
      botsPage.body.nextCursor, // the chatbots list's own cursor
      forged(`c|2030-01-01T00:00:00.000000Z|${sourcesA[0]}`),
      forged(`l|2030-01-01T00:00:00.000000Z|${sourcesA[0]}`),
      forged(`s|2030-02-31T00:00:00Z|${sourcesA[0]}`),
      forged("s|2030-01-01T00:00:00Z|"),
      forged(`s|2030-01-01T00:00:00Z|${sourcesA[0]}|extra`),
      forged("s|2030-01-01T00:00:00Z' or 1=1 --|x"),
      forged("s|2030-01-01T00:00:00Z|a\u0000b"),
    ]) {
      const res = await call(
        bearer(keyA),
        "GET",
        `/chatbots/${botA}/sources?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.status, cursor).toBe(400);
      expect(res.body.error).toMatchObject({ code: "BAD_REQUEST", message: "Invalid page cursor" });
    }
    const long = await call(bearer(keyA), "GET", `/chatbots/${botA}/sources?cursor=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("VALIDATION_FAILED");
    // The limits are the other lists' (1–100).
    for (const limit of ["0", "101", "-1", "2.5", "many"]) {
      const res = await call(bearer(keyA), "GET", `/chatbots/${botA}/sources?limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body.error.code, `limit=${limit}`).toBe("VALIDATION_FAILED");
    }
  });

  it("another workspace's bot is 404 (with or without its cursor); no key, a revoked key or one without `read` is refused", async () => {
    const page = await call(bearer(keyA), "GET", `/chatbots/${botA}/sources?limit=1`);
    const cursorA = encodeURIComponent(page.body.nextCursor);
    // B's key on A's bot: not found, whatever the query; nothing of A's in the answer.
    for (const query of ["", "?limit=1", `?cursor=${cursorA}`]) {
      const res = await call(bearer(keyB), "GET", `/chatbots/${botA}/sources${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
      for (const id of sourcesA) expect(res.text).not.toContain(id);
    }
    // A's cursor on B's own bot: B's sources only, never A's.
    const fromA = await call(bearer(keyB), "GET", `/chatbots/${botB}/sources?cursor=${cursorA}`);
    expect(fromA.status).toBe(200);
    for (const s of fromA.body.items as { _id: string }[]) expect(sourcesA).not.toContain(s._id);
    // A bot that does not exist is 404 too.
    expect((await call(bearer(keyA), "GET", "/chatbots/cb_nope/sources")).status).toBe(404);

    expect((await call(undefined, "GET", `/chatbots/${botA}/sources`)).status).toBe(401);
    const chatOnly = await keys.create(shopA, { name: "Chat only", scopes: ["chat"] });
    const refused = await call(bearer(chatOnly.key), "GET", `/chatbots/${botA}/sources?limit=1`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    const revoked = await keys.create(shopA, { name: "Revoked", scopes: ["read"] });
    expect((await call(bearer(revoked.key), "GET", `/chatbots/${botA}/sources?limit=1`)).status).toBe(200);
    expect((await keys.revoke(shopA, revoked.id)).status).toBe(204);
    const after = await call(bearer(revoked.key), "GET", `/chatbots/${botA}/sources?cursor=${cursorA}`);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("UNAUTHORIZED");
  });
});
