import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { errorBodySchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { Browser } from "./browser";
import { PASSWORD, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, eventually, type TestApp, testDrivers, WEB_URL } from "./harness";

/**
 * Every authentication route the spec lists (§7), called anonymously with an empty body: each
 * must be routed at the host root (basePath "/") — a missing route would answer an empty 404.
 */
const specRoutes: [method: "GET" | "POST", path: string, status: number, code?: string][] = [
  ["POST", "/send-verification-email", 400, "VALIDATION_ERROR"],
  ["GET", "/verify-email", 400, "VALIDATION_ERROR"],
  ["POST", "/sign-in/social", 400, "VALIDATION_ERROR"],
  ["POST", "/sign-in/email", 400, "VALIDATION_ERROR"],
  ["POST", "/sign-up/email", 400, "VALIDATION_ERROR"],
  ["GET", "/callback/microsoft", 302],
  ["POST", "/callback/microsoft", 302],
  ["POST", "/sign-out", 200],
  ["POST", "/request-password-reset", 400, "VALIDATION_ERROR"],
  ["POST", "/forget-password", 400, "VALIDATION_ERROR"],
  ["GET", "/reset-password/abc", 400, "VALIDATION_ERROR"],
  ["POST", "/reset-password", 400, "VALIDATION_ERROR"],
  ["POST", "/change-password", 400, "VALIDATION_ERROR"],
  ["POST", "/delete-user", 401, "UNAUTHORIZED"],
  ["GET", "/delete-user/callback", 400, "VALIDATION_ERROR"],
  ["POST", "/change-email", 400, "VALIDATION_ERROR"],
  // Sends the browser on to our own error page (see below).
  ["GET", "/error", 302],
  ["GET", "/ok", 200],
  ["GET", "/list-accounts", 401, "UNAUTHORIZED"],
  ["POST", "/link-social", 400, "VALIDATION_ERROR"],
  ["POST", "/unlink-account", 400, "VALIDATION_ERROR"],
  ["POST", "/get-access-token", 400, "VALIDATION_ERROR"],
  ["POST", "/refresh-token", 400, "VALIDATION_ERROR"],
  ["POST", "/account-info", 400, "VALIDATION_ERROR"],
  ["GET", "/account-info", 400, "VALIDATION_ERROR"],
  ["GET", "/token", 401, "UNAUTHORIZED"],
  ["GET", "/jwks", 200],
  ["GET", "/get-session", 200],
];

/** The first bytes of an ICO file (reserved 0, type 1 = icon, one image). */
const ICO = Buffer.from([0, 0, 1, 0, 1, 0]);

describe.each(testDrivers("either"))("routes at the auth host root on %s", (driver) => {
  let t: TestApp;
  let uiDir: string;
  beforeAll(async () => {
    uiDir = mkdtempSync(path.join(tmpdir(), "parley-auth-ui-"));
    mkdirSync(path.join(uiDir, "assets"));
    writeFileSync(
      path.join(uiDir, "index.html"),
      '<!doctype html><html><head><title>Parley sign-in</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(uiDir, "assets", "app-3f2a.js"), "console.log('ui')");
    writeFileSync(path.join(uiDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    writeFileSync(path.join(uiDir, "favicon.ico"), ICO);
    t = await createTestApp(driver, { env: { AUTH_UI_DIR: uiDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it.each(specRoutes)("%s %s is routed at the root", async (method, url, status, code) => {
    const res = await t.app.inject({
      method,
      url,
      headers: method === "POST" ? { "content-type": "application/json", origin: AUTH_URL } : {},
      ...(method === "POST" ? { payload: "{}" } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (code) expect(res.json()).toMatchObject({ code });
  });

  it("answers GET /ok with {ok: true} and nothing under the default /api/auth path", async () => {
    expect((await t.app.inject({ method: "GET", url: "/ok" })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: "GET", url: "/api/auth/ok" })).statusCode).toBe(404);
  });

  it("keeps /set-password off HTTP", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/set-password",
      headers: { "content-type": "application/json", origin: AUTH_URL },
      payload: { newPassword: "whatever 123" },
    });
    expect(res.statusCode).toBe(404);
  });

  it("serves the platform registry: parley by default, 404 in the house shape otherwise", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/platforms/parley" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      id: "parley",
      name: "Parley",
      callbackURL: `${WEB_URL}/auth/callback`,
      socialProviders: [],
      passwordPolicy: { minLength: 8, maxLength: 128 },
    });
    const missing = await t.app.inject({
      method: "GET",
      url: "/platforms/other",
      headers: { "x-request-id": "r-1" },
    });
    expect(missing.statusCode).toBe(404);
    expect(errorBodySchema.parse(missing.json()).error).toEqual({
      code: "NOT_FOUND",
      message: "Unknown platform",
      // Issue #32: the message's code, which the apps translate (not the English).
      messageKey: "account.unknownPlatform",
      requestId: "r-1",
    });
  });

  it("serves the built UI at /auth with SPA fallback, assets cached for good", async () => {
    const index = await t.app.inject({ method: "GET", url: "/auth?platform=parley" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toContain("text/html");
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.body).toContain("<title>Parley sign-in</title>");
    expect(index.body).toContain(`<meta name="parley-web-url" content="${WEB_URL}">`);

    for (const route of ["/auth/", "/auth/sign-up", "/auth/reset-password?token=x", "/auth/index.html"]) {
      const page = await t.app.inject({ method: "GET", url: route });
      expect(page.statusCode, route).toBe(200);
      expect(page.body, route).toContain('<div id="root">');
    }

    const asset = await t.app.inject({ method: "GET", url: "/auth/assets/app-3f2a.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toContain("javascript");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.body).toBe("console.log('ui')");
    const icon = await t.app.inject({ method: "GET", url: "/auth/favicon.svg" });
    expect(icon.headers["content-type"]).toContain("image/svg+xml");
  });

  it("serves a favicon at the host root, for pages and answers that are not the UI", async () => {
    const res = await t.app.inject({ method: "GET", url: "/favicon.ico" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/vnd.microsoft.icon");
    expect(res.rawPayload.subarray(0, 4)).toEqual(ICO.subarray(0, 4));
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("shows OAuth errors on our own page, never better-auth's stock one", async () => {
    for (const code of ["state_not_found", "email_doesn't_match", "UNKNOWN"]) {
      const res = await t.app.inject({ method: "GET", url: `/error?error=${encodeURIComponent(code)}` });
      expect(res.statusCode, code).toBe(302);
      const target = new URL(String(res.headers.location));
      expect(`${target.origin}${target.pathname}`).toBe(`${AUTH_URL}/auth/error`);
      expect(target.searchParams.get("error")).toBe(code);
      expect(res.body).not.toContain("better-auth.com");
    }
    // A hostile description stays a query parameter; the page never shows it.
    const res = await t.app.inject({
      method: "GET",
      url: "/error?error=invalid_code&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    });
    expect(new URL(String(res.headers.location)).searchParams.get("error_description")).toBe(
      "<script>alert(1)</script>",
    );
  });

  it("never serves files outside the UI folder", async () => {
    for (const url of [
      "/auth/..%2f..%2f..%2fetc%2fpasswd",
      "/auth/%2e%2e/%2e%2e/package.json",
      "/auth/../package.json",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.body, url).not.toContain("root:");
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it("sends the root of the auth host to the sign-in page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/auth");
  });

  it("answers routes nobody serves in the house error shape", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/sign-in/email" });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).error.code).toBe("NOT_FOUND");
  });
});

describe("auth UI not built", () => {
  it("explains how to build it instead of failing", async () => {
    const t = await createTestApp("pglite", { env: { AUTH_UI_DIR: "/nonexistent/ui" } });
    try {
      const res = await t.app.inject({ method: "GET", url: "/auth" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<code>pnpm build</code>");
      expect((await t.app.inject({ method: "GET", url: "/auth/sign-up" })).body).toContain("pnpm build");
    } finally {
      await t.close();
    }
  });
});

describe("dev mailbox", () => {
  it("keeps mails without SMTP_URL and shows them as HTML and JSON", async () => {
    const t = await createTestApp("pglite");
    try {
      const email = uniqueEmail("mailbox");
      await new Browser(() => t.app).post("/sign-up/email", { email, password: PASSWORD, name: "M" });
      const mails = await eventually(async () => {
        const res = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
        const list = res.json<{ mails: { to: string; subject: string; link: string; text: string }[] }>()
          .mails;
        return list.length ? list : undefined;
      });
      expect(mails[0]).toMatchObject({ to: email, subject: "Verify your e-mail address for Parley" });
      expect(mails[0]?.link.startsWith(`${AUTH_URL}/verify-email?token=`)).toBe(true);
      expect(mails[0]?.text).toContain(mails[0]?.link);

      const html = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
      expect(html.headers["content-type"]).toContain("text/html");
      expect(html.body).toContain(email);
      expect(html.body).toContain(`<a href="${mails[0]?.link.replaceAll("&", "&amp;")}">`);

      // The link in the mailbox works.
      const browser = new Browser(() => t.app);
      expect((await browser.get(mails[0]?.link ?? "")).status).toBe(302);
      expect(browser.sessionToken()).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it("does not exist in production", async () => {
    const t = await createTestApp("pglite", { env: { NODE_ENV: "production" } });
    try {
      expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/dev/mailbox.json" })).statusCode).toBe(404);
      expect(t.app.parley.mailer.mailbox).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe("request logs", () => {
  it("logs compose's /ok healthcheck at debug, never at info; other requests at info", async () => {
    const t = await createTestApp("pglite");
    const lines: { level: number; msg: string; req?: { url?: string }; reqId?: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split("\n")) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    // The same app on the same database, with a real pino logger at debug writing JSON lines.
    const app = await buildApp({
      env: t.env,
      db: t.db,
      logger: { level: "debug", stream },
      outbox: { pollIntervalMs: 60_000 },
    });
    try {
      await app.ready();
      const probe = await app.inject({ method: "GET", url: "/ok", headers: { "x-request-id": "probe-1" } });
      expect(probe.statusCode).toBe(200);
      const other = await app.inject({
        method: "GET",
        url: "/favicon.svg",
        headers: { "x-request-id": "other-1" },
      });
      expect(other.statusCode).toBeGreaterThan(0);
      const of = (id: string) => lines.filter((l) => l.reqId === id);
      // pino levels: 20 debug, 30 info.
      expect(of("probe-1").map((l) => [l.level, l.msg])).toEqual([
        [20, "incoming request"],
        [20, "request completed"],
      ]);
      expect(of("probe-1").filter((l) => l.level >= 30)).toEqual([]);
      expect(of("other-1").map((l) => [l.level, l.msg])).toEqual([
        [30, "incoming request"],
        [30, "request completed"],
      ]);
    } finally {
      await app.close();
      await t.close();
    }
  });

  it("keeps credentials sent in a URL or a header out of every line (issue #35)", async () => {
    const t = await createTestApp("pglite");
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        raw.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({
      env: t.env,
      db: t.db,
      logger: { level: "trace", stream },
      outbox: { pollIntervalMs: 60_000 },
    });
    const secrets = {
      verify: "verifyTokenLOGCHECK0123456789",
      reset: "resetTokenLOGCHECK0123456789",
      apiKey: "prly_apiKeyLOGCHECK0123456789",
      access: "accessTokenLOGCHECK0123456789",
      header: "headerKeyLOGCHECK0123456789",
      cookie: "cookieLOGCHECK0123456789",
    };
    try {
      await app.ready();
      for (const url of [
        `/verify-email?token=${secrets.verify}&callbackURL=%2F`,
        `/reset-password/${secrets.reset}?callbackURL=${encodeURIComponent(WEB_URL)}`,
        `/get-session?api_key=${secrets.apiKey}&access_token=${secrets.access}`,
      ]) {
        const res = await app.inject({
          method: "GET",
          url,
          headers: {
            "x-request-id": "creds-1",
            "x-api-key": secrets.header,
            authorization: `Bearer ${secrets.header}`,
            cookie: `better-auth.session_token=${secrets.cookie}`,
          },
        });
        expect(res.statusCode).toBeGreaterThan(0);
      }
      const logged = raw.join("");
      for (const [what, secret] of Object.entries(secrets))
        expect(logged.includes(secret), `${what} is in the log`).toBe(false);
      // The request lines are still there, naming what was sent.
      const urls = logged
        .split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
        .filter((url): url is string => typeof url === "string");
      expect(urls).toContain("/verify-email?token=[redacted]&callbackURL=%2F");
      expect(urls.some((url) => url.startsWith("/reset-password/[redacted]?callbackURL="))).toBe(true);
      expect(urls).toContain("/get-session?api_key=[redacted]&access_token=[redacted]");
    } finally {
      await app.close();
      await t.close();
    }
  });
});
