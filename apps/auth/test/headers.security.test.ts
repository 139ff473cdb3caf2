import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness";

const directive = (csp: unknown, name: string) =>
  String(csp ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));

/** What every page of the auth host must carry: the sign-in pages are a clickjacking target. */
function expectProtected(headers: Record<string, unknown>) {
  const csp = headers["content-security-policy"];
  expect(directive(csp, "script-src")).toBe("script-src 'self'");
  expect(String(csp)).not.toContain("unsafe-eval");
  expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

describe("security headers of the auth host", () => {
  let t: TestApp;
  let ui: string;
  beforeAll(async () => {
    ui = mkdtempSync(path.join(tmpdir(), "parley-auth-ui-"));
    mkdirSync(path.join(ui, "assets"));
    writeFileSync(
      path.join(ui, "index.html"),
      "<!doctype html><html><head></head><body>sign in</body></html>",
    );
    writeFileSync(path.join(ui, "assets", "index-abc.js"), "/* ui */");
    t = await createTestApp("pglite", { env: { AUTH_UI_DIR: ui } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(ui, { recursive: true, force: true });
  });

  it.each(["/auth", "/auth/sign-up", "/auth/reset-password?token=x", "/auth/assets/index-abc.js"])(
    "%s: strict CSP, never framed",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expectProtected(res.headers);
      expect(directive(res.headers["content-security-policy"], "style-src")).toBe("style-src 'self'");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    },
  );

  it("protects better-auth's own answers too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/get-session" });
    expectProtected(res.headers);
    const jwks = await t.app.inject({ method: "GET", url: "/jwks" });
    expectProtected(jwks.headers);
  });

  it("lets the dev mailbox style itself with a one-time nonce, and nothing inline else", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(res.statusCode).toBe(200);
    expectProtected(res.headers);
    const style = directive(res.headers["content-security-policy"], "style-src") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(style)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<style nonce="${nonce}">`);
    const again = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(directive(again.headers["content-security-policy"], "style-src")).not.toBe(style);
  });

  it("keeps the 'not built' page styled under the policy", async () => {
    const bare = await createTestApp("pglite", { env: { AUTH_UI_DIR: "/nonexistent" } });
    try {
      const res = await bare.app.inject({ method: "GET", url: "/auth" });
      expect(res.statusCode).toBe(503);
      expectProtected(res.headers);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
      expect(res.body).toContain(`<style nonce="${nonce}">`);
    } finally {
      await bare.close();
    }
  });

  it("adds HSTS in production", async () => {
    const prod = await createTestApp("pglite", { env: { NODE_ENV: "production", AUTH_UI_DIR: ui } });
    try {
      const res = await prod.app.inject({ method: "GET", url: "/auth" });
      expectProtected(res.headers);
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await prod.close();
    }
  });
});
