import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, WEB_URL } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

/**
 * Spec §1: "Two authentication hosts are configured (an auth app and an auth server)". AUTH_URL is
 * the auth server (API, tokens, the session cookie's host); AUTH_APP_URL the origin people see the
 * sign-in pages on. Unset, both are one host (every other suite); here they differ.
 */
const AUTH_APP_URL = "http://accounts.parley.test";

function uiDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-auth-ui-"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><title>Parley sign-in</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const connectSrc = (csp: unknown) =>
  String(csp)
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("connect-src"));

describe("an auth app on its own origin beside the auth server", () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let dir: string;
  beforeAll(async () => {
    dir = uiDir();
    smtp = await startSmtpCatcher();
    t = await createTestApp("pglite", { env: { SMTP_URL: smtp.url, AUTH_APP_URL, AUTH_UI_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the sign-in pages naming the auth server they call, which their CSP allows", async () => {
    const page = await t.app.inject({ method: "GET", url: "/auth?platform=parley" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta name="parley-auth-server" content="${AUTH_URL}">`);
    expect(connectSrc(page.headers["content-security-policy"])).toBe(`connect-src 'self' ${AUTH_URL}`);
  });

  it("answers the auth app's CORS preflight with credentials, and nobody else's", async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: "OPTIONS",
        url: "/sign-in/email",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
    const ok = await preflight(AUTH_APP_URL);
    expect(ok.headers["access-control-allow-origin"]).toBe(AUTH_APP_URL);
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    expect(
      (await preflight("http://accounts.parley.test.evil.example")).headers["access-control-allow-origin"],
    ).toBeUndefined();
  });

  it("signs in from the auth app's pages; a look-alike origin is refused", async () => {
    const { email } = await signUpVerified(t, smtp);
    const fromApp = new Browser(() => t.app, AUTH_APP_URL);
    const res = await fromApp.post("/sign-in/email", { email, password: PASSWORD });
    expect(res.status, res.body).toBe(200);
    expect(fromApp.sessionToken()).toBeTruthy();

    const lookAlike = new Browser(() => t.app, "http://accounts.parley.test.evil.example");
    // A cookie-bearing POST (a session from before) from an untrusted origin.
    for (const [name, value] of fromApp.cookies) lookAlike.cookies.set(name, value);
    const refused = await lookAlike.post("/sign-out", {});
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: "INVALID_ORIGIN" });
  });

  it("sends failed social sign-ins to the error page of the auth app", async () => {
    const res = await t.app.inject({ method: "GET", url: "/error?error=invalid_code" });
    expect(res.statusCode).toBe(302);
    const target = new URL(String(res.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(`${AUTH_APP_URL}/auth/error`);
  });
});

describe("one authentication host (the default)", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = uiDir();
    t = await createTestApp("pglite", { env: { AUTH_UI_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the pages' calls same-origin and the CSP at 'self'", async () => {
    expect(t.env.AUTH_APP_URL).toBe(AUTH_URL);
    const page = await t.app.inject({ method: "GET", url: "/auth" });
    expect(page.body).toContain(`<meta name="parley-auth-server" content="${AUTH_URL}">`);
    expect(connectSrc(page.headers["content-security-policy"])).toBe("connect-src 'self'");
    const res = await t.app.inject({ method: "GET", url: "/error?error=invalid_code" });
    expect(String(res.headers.location).startsWith(`${AUTH_URL}/auth/error?`)).toBe(true);
    // The web app stays the only other origin with CORS.
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/token",
      headers: { origin: WEB_URL, "access-control-request-method": "GET" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBe(WEB_URL);
  });
});
