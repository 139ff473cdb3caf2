import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verification } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

const RESET_MESSAGE = "If this email exists in our system, check your email for the reset link";

describe.each(testDrivers("either"))("passwords on %s", (driver) => {
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

  it("answers an unknown address exactly like a known one, and mails nobody", async () => {
    const since = smtp.mails.length;
    const unknown = await new Browser(() => t.app).post("/request-password-reset", {
      email: uniqueEmail("ghost"),
    });
    expect(unknown.status).toBe(200);
    expect(unknown.json()).toEqual({ status: true, message: RESET_MESSAGE });

    const { email } = await signUpVerified(t, smtp);
    const known = await new Browser(() => t.app).post("/request-password-reset", { email });
    expect(known.json()).toEqual({ status: true, message: RESET_MESSAGE });
    await smtp.waitFor(email, /Reset your Parley password/, { since });
    expect(smtp.mails.slice(since).filter((m) => m.to.some((to) => to.startsWith("ghost")))).toHaveLength(0);
  });

  it("mails a 24-character reset token valid for 1 hour; GET /reset-password/:token redirects with it", async () => {
    const { email, userId } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    const before = Date.now();
    const res = await new Browser(() => t.app).post("/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password?platform=parley",
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor(email, /Reset your Parley password/, { since });
    expect(mail.text).toContain("valid for 1 hour");
    const link = new URL(mail.links[0] ?? "");
    expect(link.origin).toBe(AUTH_URL);
    const token = link.pathname.replace("/reset-password/", "");
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);

    const rows = await t.db.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `reset-password:${token}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe(userId);
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(3600_000 - 10_000);
    expect(ttl).toBeLessThanOrEqual(3600_000 + 1_000);

    const redirect = await new Browser(() => t.app).get(`${link.pathname}${link.search}`);
    expect(redirect.status).toBe(302);
    expect(redirect.location).toBe(`${AUTH_URL}/auth/reset-password?platform=parley&token=${token}`);
    const bad = await new Browser(() => t.app).get(
      "/reset-password/not-a-token?callbackURL=/auth/reset-password",
    );
    expect(bad.location).toBe(`${AUTH_URL}/auth/reset-password?error=INVALID_TOKEN`);
  });

  it("resets the password once per token and revokes every session", async () => {
    const { browser, email } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    await new Browser(() => t.app).post("/forget-password", { email });
    const token = new URL((await smtp.waitFor(email, /Reset/, { since })).links[0] ?? "").pathname
      .split("/")
      .pop();

    const tooShort = await new Browser(() => t.app).post("/reset-password", { token, newPassword: "short" });
    expect(tooShort.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT" });

    const res = await new Browser(() => t.app).post("/reset-password", {
      token,
      newPassword: "a brand new password",
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: true });
    // REVOKE_SESSIONS_ON_PASSWORD_RESET defaults to true.
    expect((await browser.get("/get-session")).body).toBe("null");

    const again = await new Browser(() => t.app).post("/reset-password", {
      token,
      newPassword: "yet another password",
    });
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_TOKEN" });

    const old = await new Browser(() => t.app).post("/sign-in/email", { email, password: PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await new Browser(() => t.app).post("/sign-in/email", {
      email,
      password: "a brand new password",
    });
    expect(fresh.status).toBe(200);
  });

  it("accepts the token as a query parameter too (POST /reset-password?token=)", async () => {
    const { email } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    await new Browser(() => t.app).post("/request-password-reset", { email });
    const token = new URL((await smtp.waitFor(email, /Reset/, { since })).links[0] ?? "").pathname
      .split("/")
      .pop();
    const res = await new Browser(() => t.app).post(`/reset-password?token=${token}`, {
      newPassword: "query token password",
    });
    expect(res.status).toBe(200);
  });

  it("a reset asked for from an invitation's sign-in page leads back to it, and never off this host", async () => {
    const { email } = await signUpVerified(t, smtp);
    const invitation = "k3J9aQ2mZx7LpR4sT8vW1yB6nC0dE5fG";
    const since = smtp.mails.length;
    const res = await new Browser(() => t.app).post("/request-password-reset", {
      email,
      // What the sign-in UI sends (authCallbacks.resetPassword with the invitation).
      redirectTo: `/auth/reset-password?platform=parley&invitation=${invitation}`,
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor(email, /Reset your Parley password/, { since });
    const link = new URL(mail.links[0] ?? "");
    const token = link.pathname.replace("/reset-password/", "");
    const redirect = await new Browser(() => t.app).get(`${link.pathname}${link.search}`);
    expect(redirect.status).toBe(302);
    expect(redirect.location).toBe(
      `${AUTH_URL}/auth/reset-password?platform=parley&invitation=${invitation}&token=${token}`,
    );

    // Hostile: a reset that would send the browser (and the token) to another site is refused,
    // whether absolute, protocol-relative or hidden behind the invitation parameter's shape.
    for (const redirectTo of [
      `https://evil.example/auth/reset-password?platform=parley&invitation=${invitation}`,
      `//evil.example/auth/reset-password?invitation=${invitation}`,
    ]) {
      const hostile = await new Browser(() => t.app).post("/request-password-reset", { email, redirectTo });
      expect(hostile.status, redirectTo).toBe(403);
      expect(hostile.json()).toMatchObject({ code: "INVALID_REDIRECT_URL" });
    }
    // A link altered afterwards to point elsewhere is not followed off this host either.
    const altered = await new Browser(() => t.app).get(
      `${link.pathname}?callbackURL=${encodeURIComponent("https://evil.example/steal")}`,
    );
    expect(altered.location ?? "").not.toContain("evil.example");
  });

  it("/forget-password is the same route as /request-password-reset", async () => {
    const { email } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    const res = await new Browser(() => t.app).post("/forget-password", {
      email,
      redirectTo: "/auth/reset-password",
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: true, message: RESET_MESSAGE });
    const mail = await smtp.waitFor(email, /Reset/, { since });
    expect(mail.links[0]).toMatch(/\/reset-password\/[A-Za-z0-9]{24}\?callbackURL=%2Fauth%2Freset-password$/);
    const unknown = await new Browser(() => t.app).post("/forget-password", { email: uniqueEmail("nobody") });
    expect(unknown.json()).toEqual({ status: true, message: RESET_MESSAGE });
    const forbidden = await new Browser(() => t.app).post("/forget-password", {
      email,
      redirectTo: "https://evil.example/x",
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: "INVALID_REDIRECT_URL" });
  });

  it("changes the password with the current one and can revoke the other sessions", async () => {
    const { browser, email } = await signUpVerified(t, smtp);
    const other = new Browser(() => t.app);
    await other.post("/sign-in/email", { email, password: PASSWORD });
    expect((await other.get("/get-session")).json()).toMatchObject({ user: { email } });

    const wrong = await browser.post("/change-password", {
      currentPassword: "nope nope nope",
      newPassword: "next password 1",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "INVALID_PASSWORD" });

    const res = await browser.post("/change-password", {
      currentPassword: PASSWORD,
      newPassword: "next password 1",
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    const body = res.json<{ token: string; user: { email: string } }>();
    expect(body.user.email).toBe(email);
    expect(body.token).toBe(browser.sessionToken());
    expect((await browser.get("/get-session")).json()).toMatchObject({ user: { email } });
    expect((await other.get("/get-session")).body).toBe("null");

    const keep = await browser.post("/change-password", {
      currentPassword: "next password 1",
      newPassword: "next password 2",
    });
    expect(keep.json()).toMatchObject({ token: null });
  });

  it("needs a session for change-password", async () => {
    const res = await new Browser(() => t.app).post("/change-password", {
      currentPassword: PASSWORD,
      newPassword: "whatever 123",
    });
    expect(res.status).toBe(401);
  });

  it("keeps /set-password server-only: not routable over HTTP, callable from the server", async () => {
    const { browser } = await signUpVerified(t, smtp);
    const res = await browser.post("/set-password", { newPassword: "over http 123" });
    expect(res.status).toBe(404);
    // From the server, for a user who already has a password: the spec's message.
    const headers = new Headers({ cookie: browser.cookieHeader() });
    await expect(
      t.app.parley.auth.api.setPassword({ body: { newPassword: "server side 123" }, headers }),
    ).rejects.toMatchObject({
      body: { code: "PASSWORD_ALREADY_SET", message: "user already has a password" },
    });
  });
});
