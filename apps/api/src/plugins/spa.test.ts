import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";

describe("serving the built SPA", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "parley-spa-"));
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(
      path.join(dist, "index.html"),
      "<!doctype html><html><head><title>Parley</title></head><body></body></html>",
    );
    writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
    t = await createTestApp("pglite", {
      WEB_DIST: dist,
      AUTH_URL: "https://auth.example.com",
      PUBLIC_URL: "https://app.parley.example/",
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves the home page at / (the static plugin must not answer the folder itself)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Parley</title>");
  });

  it("answers client-side routes with index.html carrying the runtime auth URL", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard?x=1" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain('<meta name="parley:auth-url" content="https://auth.example.com">');
    // One auth host unless AUTH_APP_URL names the sign-in pages' own (spec §1: two hosts).
    expect(res.body).toContain('<meta name="parley:auth-app-url" content="https://auth.example.com">');
    // Copyable snippets use the app's real public origin.
    expect(res.body).toContain('<meta name="parley:public-url" content="https://app.parley.example">');
    // The sandbox gateway (the default outside production): billing pages show "test mode".
    expect(res.body).toContain('<meta name="parley:payments-mode" content="sandbox">');
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves fingerprinted assets with a long cache, including files built after boot", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    writeFileSync(path.join(dist, "assets", "later-def456.js"), "console.log(2)");
    expect((await t.app.inject({ method: "GET", url: "/assets/later-def456.js" })).body).toBe(
      "console.log(2)",
    );
  });

  it("answers a missing asset or unknown API route with a real 404, never the app shell", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/gone-000.js" });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain("<!doctype html>");
    const api = await t.app.inject({ method: "GET", url: "/api/unknown" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("NOT_FOUND");
  });
});

describe("serving the built SPA with two authentication hosts", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "parley-spa-"));
    writeFileSync(
      path.join(dist, "index.html"),
      "<!doctype html><html><head><title>Parley</title></head><body></body></html>",
    );
    t = await createTestApp("pglite", {
      WEB_DIST: dist,
      AUTH_URL: "https://auth-api.example.com",
      // A value that tries to leave the attribute is written as text.
      AUTH_APP_URL: 'https://accounts.example.com/"><script>alert(1)</script>',
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("tells the page each host: the server for sessions and tokens, the app for signing in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/settings-xyz" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="parley:auth-url" content="https://auth-api.example.com">');
    expect(res.body).toContain(
      '<meta name="parley:auth-app-url" content="https://accounts.example.com/&quot;>&lt;script>alert(1)&lt;/script>">',
    );
    expect(res.body).not.toContain("<script>alert(1)");
  });
});
