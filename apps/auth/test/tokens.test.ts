import { ACCESS_TOKEN_AUDIENCE, accessTokenClaimsSchema } from "@parley/contracts";
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statements } from "../src/auth/access";
import { makeAdmin } from "../src/cli/make-admin";
import { jwks } from "../src/db/schema";
import { Browser } from "./browser";
import { signUpVerified } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

describe.each(testDrivers("either"))("access tokens and admin on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(driver, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function verifyAccessToken(token: string) {
    const keys = (await new Browser(() => t.app).get("/jwks")).json<JSONWebKeySet>();
    return jwtVerify(token, createLocalJWKSet(keys), { issuer: AUTH_URL, audience: ACCESS_TOKEN_AUDIENCE });
  }

  it("GET /token issues a 15-minute EdDSA JWT that verifies against GET /jwks with our issuer and audience", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const res = await browser.get("/token");
    expect(res.status).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(decodeProtectedHeader(token).alg).toBe("EdDSA");

    const { payload } = await verifyAccessToken(token);
    expect(payload.iss).toBe(AUTH_URL);
    expect(payload.aud).toBe("parley-api");
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(15 * 60);
    const claims = accessTokenClaimsSchema.parse(payload);
    // When this session signed in (the console's step-up reads it): just now.
    expect(Math.abs((claims.authTime ?? 0) - Math.floor(Date.now() / 1000))).toBeLessThan(60);
    delete claims.authTime;
    // A new account is in its personal workspace (id = the user's id) as its owner.
    expect(claims).toEqual({
      sub: userId,
      email,
      name: "Test User",
      emailVerified: true,
      role: "user",
      workspaceId: userId,
      workspaceRole: "owner",
    });
    // Only the contract's claims, not the whole user row.
    expect(Object.keys(payload).sort()).toEqual(
      [
        "aud",
        "authTime",
        "email",
        "emailVerified",
        "exp",
        "iat",
        "iss",
        "name",
        "role",
        "sub",
        "workspaceId",
        "workspaceRole",
      ].sort(),
    );

    await expect(
      jwtVerify(token, createLocalJWKSet((await browser.get("/jwks")).json<JSONWebKeySet>()), {
        issuer: AUTH_URL,
        audience: AUTH_URL,
      }),
    ).rejects.toThrow();
  });

  it("refuses /token without a session", async () => {
    const res = await new Browser(() => t.app).get("/token");
    expect(res.status).toBe(401);
  });

  it("exposes a fresh access token on /get-session as set-auth-jwt (for CORS clients)", async () => {
    const { browser, userId } = await signUpVerified(t, smtp);
    const res = await browser.get("/get-session", { origin: "http://app.parley.test" });
    const jwt = res.headers["set-auth-jwt"];
    expect(typeof jwt).toBe("string");
    expect(String(res.headers["access-control-expose-headers"])).toContain("set-auth-jwt");
    expect(res.headers["access-control-allow-origin"]).toBe("http://app.parley.test");
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    const { payload } = await verifyAccessToken(String(jwt));
    expect(payload.sub).toBe(userId);
  });

  it("creates the signing key at boot, so a burst of first /token calls cannot create several", async () => {
    const fresh = await createTestApp(driver, { env: { SMTP_URL: smtp.url } });
    try {
      // Before any request: the warm-up in buildApp has created exactly one key.
      expect(await fresh.db.db.select().from(jwks)).toHaveLength(1);
      const users = await Promise.all([signUpVerified(fresh, smtp), signUpVerified(fresh, smtp)]);
      const answers = await Promise.all(
        users.flatMap((u) => [u.browser.get("/token"), u.browser.get("/token")]),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(await fresh.db.db.select().from(jwks)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("has exactly the spec's permission set: admin all of it, user none", async () => {
    expect(statements).toEqual({
      user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
      session: ["list", "revoke", "delete"],
    });
    const api = t.app.parley.auth.api;
    for (const action of statements.user) {
      const admin = await api.userHasPermission({ body: { role: "admin", permissions: { user: [action] } } });
      expect(admin.success, `admin user:${action}`).toBe(true);
      const user = await api.userHasPermission({ body: { role: "user", permissions: { user: [action] } } });
      expect(user.success, `user user:${action}`).toBe(false);
    }
    for (const action of statements.session) {
      expect(
        (await api.userHasPermission({ body: { role: "admin", permissions: { session: [action] } } }))
          .success,
      ).toBe(true);
      expect(
        (await api.userHasPermission({ body: { role: "user", permissions: { session: [action] } } })).success,
      ).toBe(false);
    }
  });

  it("makes an admin with the CLI function; the role reaches the token and the admin routes", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const denied = await browser.get("/admin/list-users");
    expect(denied.status).toBe(403);

    expect(await makeAdmin(t.app.parley.auth, t.env, { email })).toEqual({ outcome: "promoted", userId });
    expect(await makeAdmin(t.app.parley.auth, t.env, { email: email.toUpperCase() })).toEqual({
      outcome: "already-admin",
      userId,
    });

    const { token } = (await browser.get("/token")).json<{ token: string }>();
    expect((await verifyAccessToken(token)).payload.role).toBe("admin");
    const list = await browser.get("/admin/list-users");
    expect(list.status).toBe(200);
    expect(list.json<{ users: { email: string }[] }>().users.map((u) => u.email)).toContain(email);
  });

  it("creates a verified admin with the CLI function when the address is new", async () => {
    const email = `boss-${Date.now()}@example.com`;
    await expect(makeAdmin(t.app.parley.auth, t.env, { email })).rejects.toThrow(/No account uses/);
    await expect(makeAdmin(t.app.parley.auth, t.env, { email, password: "short" })).rejects.toThrow(
      /at least 8/,
    );
    const created = await makeAdmin(t.app.parley.auth, t.env, {
      email,
      password: "admin password 1",
      name: "Boss",
    });
    expect(created.outcome).toBe("created");
    const browser = new Browser(() => t.app);
    const signIn = await browser.post("/sign-in/email", { email, password: "admin password 1" });
    expect(signIn.status).toBe(200);
    expect(signIn.json()).toMatchObject({ user: { role: "admin", emailVerified: true, name: "Boss" } });
  });
});
