import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorBodySchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, freePort, type TestApp } from "../../test/harness";
import { startTokenIssuer, type TokenIssuer } from "../../test/token-issuer";

const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64url");

/** A compact JWS with any header, signed (or not) however the attacker likes. */
function forge(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  sign?: (input: string) => string,
) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign ? sign(input) : b64("not-a-signature")}`;
}

const hs256 = (secret: string | Buffer) => (input: string) =>
  createHmac("sha256", secret).update(input).digest("base64url");

describe("access tokens the API cannot verify", () => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp("pglite", { AUTH_URL: issuer.url });
    const now = Math.floor(Date.now() / 1000);
    claims = {
      sub: "auth_mallory",
      email: "mallory@example.com",
      aud: "parley-api",
      iss: issuer.url,
      iat: now,
      exp: now + 600,
    };
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const me = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/user/me", headers: { authorization: `Bearer ${token}` } });

  it.each([
    ["alg none with a signature segment", () => forge({ alg: "none", typ: "JWT" }, claims)],
    ["alg none naming the trusted key", () => forge({ alg: "none", kid: "trusted-1" }, claims)],
    ["HS256 with a guessed secret", () => forge({ alg: "HS256", typ: "JWT" }, claims, hs256("secret"))],
    [
      "HS256 keyed with the trusted key id (key confusion)",
      () => forge({ alg: "HS256", kid: "trusted-1" }, claims, hs256("trusted-1")),
    ],
    ["an algorithm nobody knows", () => forge({ alg: "XS512" }, claims)],
    ["RS256 for a key set that has no RSA key", () => forge({ alg: "RS256", kid: "trusted-1" }, claims)],
    ["a header that is not JSON", () => `${b64("{not json")}.${b64(claims)}.${b64("sig")}`],
    ["a header without alg", () => forge({ typ: "JWT" }, claims)],
    [
      "a critical header the API does not understand",
      () => forge({ alg: "EdDSA", crit: ["x"], x: 1 }, claims),
    ],
  ])("answers %s with 401, not 'sign-in service unreachable'", async (_name, make) => {
    const res = await me(make());
    expect(res.statusCode).toBe(401);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe("UNAUTHORIZED");
    expect(body.error.message).toBe("Invalid access token");
  });

  it("still accepts the real issuer's token", async () => {
    expect((await me(await issuer.sign({ sub: "auth_alice", email: "alice@example.com" }))).statusCode).toBe(
      200,
    );
  });
});

describe("when the sign-in service's key set cannot be fetched", () => {
  let issuer: TokenIssuer;
  let broken: Server;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    issuer = await startTokenIssuer();
    broken = createServer((_req, res) => res.writeHead(502).end("bad gateway"));
    await new Promise<void>((r) => broken.listen(0, "127.0.0.1", r));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await issuer?.close();
    await new Promise<void>((r) => broken.close(() => r()));
  });

  const meWith = async (authInternalUrl: string) => {
    const t = await createTestApp("pglite", { AUTH_URL: issuer.url, AUTH_INTERNAL_URL: authInternalUrl });
    apps.push(t);
    const token = await issuer.sign({ sub: "auth_alice", email: "alice@example.com" });
    return t.app.inject({
      method: "GET",
      url: "/api/user/me",
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it("answers 503 when nothing listens at the JWKS address", async () => {
    const res = await meWith(`http://127.0.0.1:${await freePort()}`);
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json()).error.message).toBe(
      "The sign-in service could not be reached. Please try again.",
    );
  });

  it("answers 503 when the JWKS endpoint fails", async () => {
    const res = await meWith(`http://127.0.0.1:${(broken.address() as AddressInfo).port}`);
    expect(res.statusCode).toBe(503);
  });
});
