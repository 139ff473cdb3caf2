import { errorBodySchema, platformUserSchema } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../../test/harness";
import { startTokenIssuer, type TokenIssuer } from "../../../test/token-issuer";
import { contactRequests, platformUsers } from "../../db/schema";

describe.each(testDrivers("either"))("access tokens and platform users on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  const alice = { sub: "auth_alice", email: "alice@example.com", name: "Alice" };
  const bob = { sub: "auth_bob", email: "bob@example.com", name: "Bob" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const me = (token?: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/user/me",
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("accepts a valid token and upserts the platform user from its claims", async () => {
    const res = await me(await issuer.sign(alice));
    expect(res.statusCode).toBe(200);
    expect(platformUserSchema.parse(res.json())).toEqual({
      _id: "auth_alice",
      name: "Alice",
      email: "alice@example.com",
    });
  });

  it("follows an e-mail change made on the auth side", async () => {
    await me(await issuer.sign({ ...alice, email: "alice@new.example" }));
    const [row] = await t.db.db.select().from(platformUsers).where(eq(platformUsers.id, "auth_alice"));
    expect(row?.email).toBe("alice@new.example");
    await me(await issuer.sign(alice));
  });

  it("refuses a request without a token", async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).error.code).toBe("UNAUTHORIZED");
  });

  it("refuses a tampered token", async () => {
    const token = await issuer.sign(alice);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p ?? "", "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: "auth_bob" })).toString("base64url");
    expect((await me(`${h}.${forged}.${s}`)).statusCode).toBe(401);
  });

  it("refuses an expired token with a session-expired message", async () => {
    const res = await me(await issuer.sign(alice, { expiresIn: Math.floor(Date.now() / 1000) - 60 }));
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).error.message).toBe("Your session has expired");
  });

  it("refuses a token from another issuer, for another audience, or signed by an unknown key", async () => {
    expect((await me(await issuer.sign(alice, { issuer: "https://evil.example" }))).statusCode).toBe(401);
    expect((await me(await issuer.sign(alice, { audience: "someone-else" }))).statusCode).toBe(401);
    expect((await me(await issuer.sign(alice, { key: "rogue" }))).statusCode).toBe(401);
  });

  it("refuses an opaque session token and an unsigned (alg none) token", async () => {
    expect((await me("kH3v0pQ9sT2uXw8yZa1bC4dE6fG7hJ5k")).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: "auth_alice", email: alice.email, aud: "parley-api", iss: issuer.url }),
    ).toString("base64url")}.`;
    expect((await me(none)).statusCode).toBe(401);
  });

  it("fetches the JWKS once and verifies later tokens locally", async () => {
    const before = issuer.jwksRequests();
    for (let i = 0; i < 5; i++) expect((await me(await issuer.sign(alice))).statusCode).toBe(200);
    expect(issuer.jwksRequests()).toBe(before);
  });

  describe("GET /api/user/by-email", () => {
    const byEmail = async (who: typeof alice, email: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/user/by-email?email=${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${await issuer.sign(who)}` },
      });

    it("returns the caller's own platform user (case-insensitive)", async () => {
      const res = await byEmail(alice, "Alice@Example.com");
      expect(res.statusCode).toBe(200);
      expect(platformUserSchema.parse(res.json())._id).toBe("auth_alice");
    });

    it("refuses another user's address exactly like an unknown one", async () => {
      await me(await issuer.sign(bob));
      const other = await byEmail(alice, "bob@example.com");
      const unknown = await byEmail(alice, "nobody@example.com");
      expect(other.statusCode).toBe(403);
      expect(unknown.statusCode).toBe(403);
      expect(errorBodySchema.parse(other.json()).error.message).toBe(
        errorBodySchema.parse(unknown.json()).error.message,
      );
      expect(other.body).not.toContain("Bob");
    });
  });

  it("clears the accessToken cookie without needing a token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/clear-cookies",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/^accessToken=; Path=\/; Max-Age=0; SameSite=Lax/);
  });

  it("stores a support request with the caller's id and needs a token", async () => {
    const payload = {
      name: "Alice",
      email: "alice@example.com",
      topic: "support",
      message: "My widget does not load.",
    };
    expect((await t.app.inject({ method: "POST", url: "/api/support", payload })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/support",
      payload,
      headers: { authorization: `Bearer ${await issuer.sign(alice)}` },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.db.select().from(contactRequests).where(eq(contactRequests.kind, "support"));
    expect(rows.map((r) => r.userId)).toEqual(["auth_alice"]);
  });
});
