import { errorBodySchema, INVALID_UTF8_MESSAGE } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests } from "../../src/db/schema";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Issue #35: a JSON body holding bytes that are not UTF-8 was decoded with U+FFFD in place of each
 * bad byte and stored so. It is refused with a 400 that says so, and nothing is stored; the same
 * text sent as UTF-8 is stored exactly.
 */
const ARABIC = "\u0645\u0631\u062D\u0628\u0627 \u0628\u0643\u0645";

/** `json` as UTF-8, with `bad` (raw bytes) put where `@@` stands. */
const withBytes = (json: string, bad: number[]) => {
  const [head, tail] = json.split("@@");
  return Buffer.concat([Buffer.from(head ?? "", "utf8"), Buffer.from(bad), Buffer.from(tail ?? "", "utf8")]);
};

describe.each(testDrivers())("bodies that are not UTF-8 on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  const owner: Owner = { sub: "auth_utf8_owner", email: "utf8@example.com", name: "Utf" };
  let botId = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    botId = (await builderClient(t, issuer).createBot(owner, { name: "Utf bot" }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const post = (path: string, body: Buffer | string, type = "application/json", headers = {}) =>
    fetch(`${t.url}${path}`, { method: "POST", headers: { "content-type": type, ...headers }, body });
  const contact = (name: string) =>
    JSON.stringify({ name, email: "visitor@example.com", message: "Hello, I have a question about plans." });

  it("stores Arabic sent as UTF-8 exactly", async () => {
    const res = await post("/api/contact", contact(ARABIC));
    expect(res.status, await res.clone().text()).toBe(201);
    const rows = await t.db.db.select({ name: contactRequests.name }).from(contactRequests);
    expect(rows.map((r) => r.name)).toContain(ARABIC);
  });

  it("refuses a JSON body with a byte that is not UTF-8, and stores nothing", async () => {
    const before = (await t.db.db.select().from(contactRequests)).length;
    // A lone 0xFF, a truncated two-byte sequence, an overlong "/" and a UTF-16 surrogate as UTF-8.
    for (const bad of [[0xff], [0xd8], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const res = await post("/api/contact", withBytes(contact("Al@@i"), bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const { error } = errorBodySchema.parse(await res.json());
      expect(error).toMatchObject({ code: "BAD_REQUEST", message: INVALID_UTF8_MESSAGE });
    }
    // Plain text bodies are read the same way.
    const text = await post("/api/contact", withBytes("Al@@i", [0xff]), "text/plain");
    expect(text.status).toBe(400);
    expect(errorBodySchema.parse(await text.json()).error.message).toBe(INVALID_UTF8_MESSAGE);
    expect(await t.db.db.select().from(contactRequests)).toHaveLength(before);
    expect(JSON.stringify(await t.db.db.select().from(contactRequests))).not.toContain("\uFFFD");
  });

  it("refuses a signed-in change with a byte that is not UTF-8 and keeps the bot's name", async () => {
    const token = await issuer.sign(owner);
    const res = await fetch(`${t.url}/api/chatbots/${botId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: withBytes(JSON.stringify({ name: "Shop @@helper" }), [0xfe]),
    });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).error.message).toBe(INVALID_UTF8_MESSAGE);
    const bot = await builderClient(t, issuer).json(owner, "GET", `/api/chatbots/${botId}`);
    expect(bot.body.name).toBe("Utf bot");
  });

  it("still refuses prototype poisoning and malformed JSON as before", async () => {
    const poisoned = await post("/api/contact", '{"__proto__":{"x":1},"name":"A"}');
    expect(poisoned.status).toBe(400);
    const malformed = await post("/api/contact", '{"name":');
    expect(malformed.status).toBe(400);
    expect(errorBodySchema.parse(await malformed.json()).error.code).toBe("BAD_REQUEST");
  });
});
