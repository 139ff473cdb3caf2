import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers, WEB_URL } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

describe.each(testDrivers("either"))("redirect, origin and CSRF checks on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(driver, {
      env: { SMTP_URL: smtp.url, TRUSTED_ORIGINS: "https://partner.example, https://*.tenant.example" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const evil = [
    "https://evil.example/x",
    "http://app.parley.test.evil.io/x",
    "//evil.example/x",
    "javascript:alert(1)",
  ];

  it.each(evil)(
    "refuses callbackURL %s with 403 'Invalid callbackURL' (NODE_ENV=test keeps the check on)",
    async (url) => {
      const { email } = await signUpVerified(t, smtp);
      const res = await new Browser(() => t.app).post("/sign-in/email", {
        email,
        password: PASSWORD,
        callbackURL: url,
      });
      expect(res.status).toBe(403);
      expect(res.json()).toEqual({ code: "INVALID_CALLBACK_URL", message: "Invalid callbackURL" });
    },
  );

  it("refuses untrusted errorCallbackURL, newUserCallbackURL and redirectTo with their own messages", async () => {
    const browser = new Browser(() => t.app);
    const error = await browser.post("/sign-in/social", { provider: "github", errorCallbackURL: evil[0] });
    expect(error.status).toBe(403);
    expect(error.json()).toEqual({ code: "INVALID_ERROR_CALLBACK_URL", message: "Invalid errorCallbackURL" });
    const newUser = await browser.post("/sign-in/social", {
      provider: "github",
      newUserCallbackURL: evil[0],
    });
    expect(newUser.status).toBe(403);
    expect(newUser.json()).toEqual({
      code: "INVALID_NEW_USER_CALLBACK_URL",
      message: "Invalid newUserCallbackURL",
    });
    const redirect = await browser.post("/request-password-reset", {
      email: uniqueEmail(),
      redirectTo: evil[0],
    });
    expect(redirect.status).toBe(403);
    expect(redirect.json()).toEqual({ code: "INVALID_REDIRECT_URL", message: "Invalid redirectURL" });
    const signUp = await browser.post("/sign-up/email", {
      email: uniqueEmail(),
      password: PASSWORD,
      name: "X",
      callbackURL: evil[0],
    });
    expect(signUp.status).toBe(403);
  });

  it("refuses untrusted callbackURLs on the GET links too (verify-email, reset-password)", async () => {
    const browser = new Browser(() => t.app);
    const verify = await browser.get(
      `/verify-email?token=x&callbackURL=${encodeURIComponent(evil[0] ?? "")}`,
    );
    expect(verify.status).toBe(403);
    expect(verify.json()).toMatchObject({ message: "Invalid callbackURL" });
    const reset = await browser.get(`/reset-password/abc?callbackURL=${encodeURIComponent(evil[0] ?? "")}`);
    expect(reset.status).toBe(403);
  });

  it("accepts relative paths, the web app, registered platforms and TRUSTED_ORIGINS (incl. wildcards)", async () => {
    const { email } = await signUpVerified(t, smtp);
    for (const url of [
      "/auth/verified",
      `${WEB_URL}/auth/callback`,
      "https://partner.example/done",
      "https://shop.tenant.example/done",
    ]) {
      const res = await new Browser(() => t.app).post("/sign-in/email", {
        email,
        password: PASSWORD,
        callbackURL: url,
      });
      expect(res.status, url).toBe(200);
      expect(res.json()).toMatchObject({ redirect: true, url });
    }
  });

  it("refuses a cookie-bearing POST from an untrusted or missing origin", async () => {
    const { browser } = await signUpVerified(t, smtp);
    const foreign = await browser.post("/sign-out", {}, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toEqual({ code: "INVALID_ORIGIN", message: "Invalid origin" });
    const missing = await browser.post("/sign-out", {}, { origin: "" });
    expect(missing.status).toBe(403);
    expect(missing.json()).toMatchObject({ code: "MISSING_OR_NULL_ORIGIN" });
    const fromWeb = await browser.post("/sign-out", {}, { origin: WEB_URL });
    expect(fromWeb.status).toBe(200);
  });

  it("blocks a cross-site form navigation that tries to sign a victim in (login CSRF)", async () => {
    const { email } = await signUpVerified(t, smtp);
    const res = await new Browser(() => t.app).postForm(
      "/sign-in/email",
      { email, password: PASSWORD },
      {
        origin: "",
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      },
    );
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED" });
  });

  it("answers CORS only for trusted origins, with credentials", async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: "OPTIONS",
        url: "/token",
        headers: {
          origin,
          "access-control-request-method": "GET",
          "access-control-request-headers": "content-type",
        },
      });
    const ok = await preflight(WEB_URL);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers["access-control-allow-origin"]).toBe(WEB_URL);
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    expect((await preflight("https://x.tenant.example")).headers["access-control-allow-origin"]).toBe(
      "https://x.tenant.example",
    );
    expect((await preflight("https://evil.example")).headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("builds links from AUTH_URL, never from Host or X-Forwarded-* headers", async () => {
    const { email } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    await new Browser(() => t.app).post(
      "/request-password-reset",
      { email },
      {
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
    );
    const mail = await smtp.waitFor(email, /Reset/, { since });
    expect(mail.links[0]?.startsWith(`${AUTH_URL}/reset-password/`)).toBe(true);
  });
});

describe.each(testDrivers("either"))("rate limits, client IPs and cookies on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(driver, {
      env: { SMTP_URL: smtp.url, RATE_LIMIT_ENABLED: "true", TRUST_PROXY: "true" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const signIn = (ip: string, email: string, remoteAddress = "10.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/sign-in/email",
      remoteAddress,
      headers: { "content-type": "application/json", origin: AUTH_URL, "x-forwarded-for": ip },
      payload: { email, password: "wrong password" },
    });

  it("limits sign-in to 3 per 10 s per client IP (taken from the trusted proxy's X-Forwarded-For)", async () => {
    const email = uniqueEmail("limited");
    const ip = `203.0.113.${driver === "pglite" ? 10 : 20}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(ip, email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await signIn(ip, email);
    expect(Number(limited.headers["x-retry-after"])).toBeGreaterThan(0);
    // Another client behind the same proxy has its own bucket.
    expect((await signIn(`203.0.113.${driver === "pglite" ? 11 : 21}`, email)).statusCode).toBe(401);
  });

  it("limits /forget-password like /request-password-reset (3 per minute)", async () => {
    const ip = `198.51.100.${driver === "pglite" ? 10 : 20}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/forget-password",
        headers: { "content-type": "application/json", origin: AUTH_URL, "x-forwarded-for": ip },
        payload: { email: uniqueEmail() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("records the client IP on the session", async () => {
    const { email } = await signUpVerified(t, smtp);
    const res = await t.app.inject({
      method: "POST",
      url: "/sign-in/email",
      remoteAddress: "10.0.0.1",
      headers: { "content-type": "application/json", origin: AUTH_URL, "x-forwarded-for": "192.0.2.77" },
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ token: string }>().token;
    const [row] = await t.db.db.select().from(session).where(eq(session.token, token));
    expect(row?.ipAddress).toBe("192.0.2.77");
  });
});

describe("client IP without a trusted proxy", () => {
  it("ignores a spoofed X-Forwarded-For and limits by the socket address", async () => {
    const t = await createTestApp("pglite", { env: { RATE_LIMIT_ENABLED: "true" } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/sign-in/email",
          remoteAddress: "192.0.2.200",
          headers: {
            "content-type": "application/json",
            origin: AUTH_URL,
            "x-forwarded-for": `198.18.0.${i}`,
          },
          payload: { email: "nobody@example.com", password: "wrong password" },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

describe("cookies on an https auth host", () => {
  it("marks the session cookie Secure with the __Secure- prefix", async () => {
    const smtp = await startSmtpCatcher();
    const t = await createTestApp("pglite", {
      env: { SMTP_URL: smtp.url, AUTH_URL: "https://auth.parley.test", WEB_URL: "https://app.parley.test" },
    });
    try {
      const email = uniqueEmail("secure");
      await t.app.inject({
        method: "POST",
        url: "/sign-up/email",
        headers: { "content-type": "application/json", origin: "https://auth.parley.test" },
        payload: { email, password: PASSWORD, name: "S" },
      });
      const link = new URL((await smtp.waitFor(email, /Verify/)).links[0] ?? "");
      expect(link.origin).toBe("https://auth.parley.test");
      const res = await t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
      const cookies = [res.headers["set-cookie"]].flat().map(String);
      const sessionCookie = cookies.find((c) => c.startsWith("__Secure-better-auth.session_token="));
      expect(sessionCookie).toMatch(/; Secure/);
      expect(sessionCookie).toMatch(/; HttpOnly/);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
