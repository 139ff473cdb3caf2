import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

describe.each(testDrivers("either"))("email and password on %s", (driver) => {
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

  it("signs up without a session and mails a verification link to the auth host root", async () => {
    const email = uniqueEmail("signup");
    const browser = new Browser(() => t.app);
    const since = smtp.mails.length;
    const res = await browser.post("/sign-up/email", { email, password: PASSWORD, name: "Ada" });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ token: null, user: { email, emailVerified: false, name: "Ada" } });
    expect(browser.sessionToken()).toBeUndefined();

    const mail = await smtp.waitFor(email, /^Verify your e-mail address for Parley$/, { since });
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain("This link is valid for 1 hour.");
    expect(mail.html).toContain("<a href=");
    expect(mail.links[0]).toMatch(new RegExp(`^${AUTH_URL}/verify-email\\?token=[^&]+&callbackURL=%2F$`));
  });

  it("refuses sign-in before verification with EMAIL_NOT_VERIFIED", async () => {
    const email = uniqueEmail("unverified");
    const browser = new Browser(() => t.app);
    await browser.post("/sign-up/email", { email, password: PASSWORD, name: "U" });
    const res = await browser.post("/sign-in/email", { email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
  });

  it("verifies through GET /verify-email, signs the user in and redirects to callbackURL", async () => {
    const email = uniqueEmail("verify");
    const browser = new Browser(() => t.app);
    const since = smtp.mails.length;
    await browser.post("/sign-up/email", {
      email,
      password: PASSWORD,
      name: "V",
      callbackURL: "/auth/verified?platform=parley",
    });
    const mail = await smtp.waitFor(email, /Verify your e-mail/, { since });
    const res = await browser.get(mail.links[0] ?? "");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/auth/verified?platform=parley");
    const session = await browser.get("/get-session");
    expect(session.json()).toMatchObject({ user: { email, emailVerified: true } });
  });

  it("answers GET /verify-email without callbackURL with {status, user}, and errors for a bad token", async () => {
    const email = uniqueEmail("verify-json");
    const browser = new Browser(() => t.app);
    const since = smtp.mails.length;
    await browser.post("/sign-up/email", { email, password: PASSWORD, name: "J" });
    const link = new URL((await smtp.waitFor(email, /Verify/, { since })).links[0] ?? "");
    const token = link.searchParams.get("token") ?? "";
    const ok = await new Browser(() => t.app).get(`/verify-email?token=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ status: true });

    const bad = await browser.get("/verify-email?token=nope&callbackURL=/auth/verified");
    expect(bad.status).toBe(302);
    expect(bad.location).toBe("/auth/verified?error=invalid_token");
  });

  it("reports a verification link of a deleted account as user_not_found", async () => {
    const email = uniqueEmail("gone");
    const browser = new Browser(() => t.app);
    const since = smtp.mails.length;
    const res = await browser.post("/sign-up/email", {
      email,
      password: PASSWORD,
      name: "G",
      callbackURL: "/auth/verified",
    });
    const link = (await smtp.waitFor(email, /Verify/, { since })).links[0] ?? "";
    await t.db.db.delete(user).where(eq(user.id, res.json<{ user: { id: string } }>().user.id));
    const followed = await browser.get(link);
    expect(followed.status).toBe(302);
    expect(followed.location).toBe("/auth/verified?error=user_not_found");
  });

  it("signs in with JSON: {redirect, token, url, user}, remember-me cookie by default", async () => {
    const { email } = await signUpVerified(t, smtp);
    const browser = new Browser(() => t.app);
    const res = await browser.post("/sign-in/email", { email, password: PASSWORD });
    expect(res.status).toBe(200);
    const body = res.json<{ redirect: boolean; token: string; user: { email: string } }>();
    expect(body).toMatchObject({ redirect: false, user: { email } });
    expect(body.token).toBe(browser.sessionToken());
    // rememberMe defaults to true: a persistent cookie, no "don't remember" marker.
    const cookie = [res.headers["set-cookie"]]
      .flat()
      .find((c) => String(c).startsWith("better-auth.session_token="));
    expect(String(cookie)).toMatch(/Max-Age=\d+/);
    expect(String(cookie)).toMatch(/HttpOnly/);
    expect(String(cookie)).toMatch(/SameSite=Lax/);
    expect(browser.cookies.has("better-auth.dont_remember")).toBe(false);

    const shortLived = new Browser(() => t.app);
    await shortLived.post("/sign-in/email", { email, password: PASSWORD, rememberMe: false });
    expect(shortLived.cookies.has("better-auth.dont_remember")).toBe(true);
  });

  it("signs in with a form post (application/x-www-form-urlencoded)", async () => {
    const { email } = await signUpVerified(t, smtp);
    const browser = new Browser(() => t.app);
    const res = await browser.postForm("/sign-in/email", { email, password: PASSWORD });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email } });
    expect(browser.sessionToken()).toBeTruthy();
  });

  it("refuses a wrong password and an invalid e-mail with the spec's messages", async () => {
    const { email } = await signUpVerified(t, smtp);
    const browser = new Browser(() => t.app);
    const wrong = await browser.post("/sign-in/email", { email, password: "wrong password!" });
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
    const invalid = await browser.post("/sign-in/email", { email: "not-an-email", password: PASSWORD });
    expect(invalid.status).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "INVALID_EMAIL", message: "Invalid email" });
  });

  it("enforces the configured password length with clear messages", async () => {
    const browser = new Browser(() => t.app);
    const short = await browser.post("/sign-up/email", {
      email: uniqueEmail(),
      password: "1234567",
      name: "S",
    });
    expect(short.status).toBe(400);
    expect(short.json()).toEqual({
      code: "PASSWORD_TOO_SHORT",
      message: "Password is too short: use at least 8 characters",
    });
    const long = await browser.post("/sign-up/email", {
      email: uniqueEmail(),
      password: "x".repeat(129),
      name: "L",
    });
    expect(long.status).toBe(400);
    expect(long.json()).toEqual({
      code: "PASSWORD_TOO_LONG",
      message: "Password is too long: use at most 128 characters",
    });
    const exact = await browser.post("/sign-up/email", {
      email: uniqueEmail(),
      password: "12345678",
      name: "E",
    });
    expect(exact.status).toBe(200);
  });

  it("signs out: POST /sign-out answers {success} and the session is gone", async () => {
    const { browser } = await signUpVerified(t, smtp);
    const token = browser.sessionToken();
    const res = await browser.post("/sign-out", {});
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(browser.sessionToken()).toBeUndefined();
    const reuse = new Browser(() => t.app);
    reuse.cookies.set("better-auth.session_token", token ?? "");
    expect((await reuse.get("/get-session")).body).toBe("null");
  });

  it("re-sends verification mail: {status}, and the spec's messages for a session user", async () => {
    const email = uniqueEmail("resend");
    const browser = new Browser(() => t.app);
    const signUpMark = smtp.mails.length;
    await browser.post("/sign-up/email", { email, password: PASSWORD, name: "R" });
    // Mail goes out after the response: wait for the sign-up mail before asking for another.
    await smtp.waitFor(email, /Verify/, { since: signUpMark });
    const since = smtp.mails.length;
    const res = await browser.post("/send-verification-email", { email, callbackURL: "/auth/verified" });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const mail = await smtp.waitFor(email, /Verify/, { since });
    expect(mail.links[0]).toContain("callbackURL=%2Fauth%2Fverified");

    const { browser: signedIn, email: verifiedEmail } = await signUpVerified(t, smtp);
    const already = await signedIn.post("/send-verification-email", { email: verifiedEmail });
    expect(already.status).toBe(400);
    expect(already.json()).toEqual({
      code: "EMAIL_ALREADY_VERIFIED",
      message: "You can only send a verification email to an unverified email",
    });
    const other = await signedIn.post("/send-verification-email", { email: uniqueEmail() });
    expect(other.status).toBe(400);
    expect(other.json()).toEqual({
      code: "EMAIL_MISMATCH",
      message: "You can only send a verification email to your own email",
    });
  });

  it("does not reveal an existing address on sign-up (same answer, no second account)", async () => {
    const { email } = await signUpVerified(t, smtp);
    const res = await new Browser(() => t.app).post("/sign-up/email", {
      email,
      password: PASSWORD,
      name: "X",
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ token: null, user: { email } });
  });
});
