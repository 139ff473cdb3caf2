import { ACCESS_TOKEN_AUDIENCE, accessTokenClaimsSchema } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAdmin } from "../src/cli/make-admin";
import { user as userTable } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

/**
 * Platform staff (issue #33): PLATFORM_ADMIN_EMAILS makes a verified listed address a platform
 * admin at sign-in; the CLI can make `support` (read-only) staff; every token says when its
 * session signed in (`authTime`), which the console's step-up reads.
 */
describe.each(testDrivers("either"))("platform staff on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  const operator = uniqueEmail("operator");
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(driver, {
      env: { SMTP_URL: smtp.url, PLATFORM_ADMIN_EMAILS: ` other@example.com , ${operator.toUpperCase()} ` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function claimsOf(browser: Browser) {
    const res = await browser.get("/token");
    expect(res.status).toBe(200);
    const keys = (await browser.get("/jwks")).json<JSONWebKeySet>();
    const { payload } = await jwtVerify(res.json<{ token: string }>().token, createLocalJWKSet(keys), {
      issuer: AUTH_URL,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    return accessTokenClaimsSchema.parse(payload);
  }
  const storedRole = async (id: string) =>
    (await t.db.db.select({ role: userTable.role }).from(userTable).where(eq(userTable.id, id)))[0]?.role;

  it("parses the list: trimmed, lower-cased, empty entries dropped; a bad entry stops the boot", async () => {
    expect(t.env.PLATFORM_ADMIN_EMAILS).toEqual(["other@example.com", operator.toLowerCase()]);
    const { loadEnv } = await import("../src/env");
    expect(() =>
      loadEnv({ NODE_ENV: "test", PLATFORM_ADMIN_EMAILS: "a@example.com, not-an-address" }),
    ).toThrow(/PLATFORM_ADMIN_EMAILS/);
  });

  it("makes a listed address an admin once it is verified and signs in; the role is stored", async () => {
    const { browser, userId } = await signUpVerified(t, smtp, operator);
    expect((await claimsOf(browser)).role).toBe("admin");
    expect(await storedRole(userId)).toBe("admin");
    // better-auth's own admin routes agree with the token.
    expect((await browser.get("/admin/list-users")).status).toBe(200);
  });

  it("gives nothing to an unlisted address, nor to a listed one before it is verified", async () => {
    const { browser, userId } = await signUpVerified(t, smtp);
    expect((await claimsOf(browser)).role).toBe("user");
    expect(await storedRole(userId)).toBe("user");

    // Someone signs up with the operator's other listed address but cannot open its mail: the
    // unverified account may not even sign in, and holds no role.
    const squatter = new Browser(() => t.app);
    const res = await squatter.post("/sign-up/email", {
      email: "other@example.com",
      password: PASSWORD,
      name: "X",
    });
    expect(res.status).toBe(200);
    const id = res.json<{ user: { id: string } }>().user.id;
    expect(await storedRole(id)).not.toBe("admin");
    const signIn = await squatter.post("/sign-in/email", { email: "other@example.com", password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect((await squatter.get("/token")).status).toBe(401);
  });

  it("makes read-only support staff with the CLI; the token carries the role", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    expect(await makeAdmin(t.app.parley.auth, t.env, { email, role: "support" })).toEqual({
      outcome: "promoted",
      userId,
    });
    expect((await claimsOf(browser)).role).toBe("support");
    // support holds no user-management action on the auth service.
    expect((await browser.get("/admin/list-users")).status).toBe(403);
  });

  it("authTime is when the session signed in: it stays on refresh and moves on a new sign-in", async () => {
    const { browser, email } = await signUpVerified(t, smtp);
    const first = (await claimsOf(browser)).authTime ?? 0;
    expect(first).toBeGreaterThan(0);
    // Backdate this session by 20 minutes: its tokens say so.
    const { session: sessionTable } = await import("../src/db/schema");
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
    const token = browser.sessionToken();
    await t.db.db
      .update(sessionTable)
      .set({ createdAt: twentyMinutesAgo })
      .where(eq(sessionTable.token, String(token).split(".")[0] ?? ""));
    expect((await claimsOf(browser)).authTime).toBe(Math.floor(twentyMinutesAgo.getTime() / 1000));
    // Signing in again (the step-up) starts a session that signed in now.
    const again = new Browser(() => t.app);
    expect((await again.post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect((await claimsOf(again)).authTime ?? 0).toBeGreaterThanOrEqual(first);
  });
});
