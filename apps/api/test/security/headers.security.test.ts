import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionSecrets } from "../attack/prod-api";
import { createTestApp, type TestApp } from "../harness";

/** `name value…` of one CSP directive, or undefined. */
function directive(csp: string | undefined, name: string): string | undefined {
  return (csp ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));
}

const header = (h: Record<string, unknown>, name: string) => {
  const v = h[name];
  return typeof v === "string" ? v : undefined;
};

describe("security headers of the web app and API", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "parley-headers-"));
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><head></head><body>app</body></html>");
    writeFileSync(
      path.join(dist, "widget.html"),
      "<!doctype html><html><head></head><body>chat</body></html>",
    );
    writeFileSync(path.join(dist, "embed.js"), "/* loader */");
    writeFileSync(path.join(dist, "assets", "main-abc.js"), "/* app */");
    t = await createTestApp("pglite", { WEB_DIST: dist, AUTH_URL: "https://auth.example.com" });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it.each(["/", "/dashboard", "/billing", "/chatbots/cb_x"])(
    "%s: no inline script or style, never framed, no sniffing, a referrer policy",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const csp = header(res.headers, "content-security-policy");
      expect(directive(csp, "default-src")).toBe("default-src 'self'");
      expect(directive(csp, "script-src")).toBe("script-src 'self'");
      expect(directive(csp, "style-src")).toBe("style-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(directive(csp, "object-src")).toBe("object-src 'none'");
      expect(directive(csp, "base-uri")).toBe("base-uri 'self'");
      // The SPA fetches its access token from the auth host.
      expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://auth.example.com");
      expect(header(res.headers, "x-frame-options")).toBe("DENY");
      expect(header(res.headers, "x-content-type-options")).toBe("nosniff");
      expect(header(res.headers, "referrer-policy")).toBe("strict-origin-when-cross-origin");
      // Not production: no HSTS (see the production case below).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    },
  );

  it("sends the same protections on API answers and errors", async () => {
    for (const url of ["/api/health", "/api/plans", "/api/nope"]) {
      const res = await get(url);
      expect(header(res.headers, "x-content-type-options"), url).toBe("nosniff");
      expect(directive(header(res.headers, "content-security-policy"), "frame-ancestors"), url).toBe(
        "frame-ancestors 'none'",
      );
    }
  });

  it("lets customers' sites load embed.js cross-site, and nothing else", async () => {
    const embed = await get("/embed.js");
    expect(header(embed.headers, "cross-origin-resource-policy")).toBe("cross-origin");
    const asset = await get("/assets/main-abc.js");
    expect(header(asset.headers, "cross-origin-resource-policy")).toBe("same-origin");
  });

  it("lets only the widget chat page be framed, by its bot's rule", async () => {
    const res = await get("/widget/chat/cb_unknown");
    const csp = header(res.headers, "content-security-policy");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'self'");
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
    expect(res.headers["x-frame-options"]).toBeUndefined();
  });

  it("adds HSTS in production, and upgrades mixed content when served over https", async () => {
    const prod = await createTestApp("pglite", {
      NODE_ENV: "production",
      WEB_DIST: dist,
      PUBLIC_URL: "https://app.example.com",
      AUTH_URL: "https://auth.example.com",
      ...productionSecrets(),
    });
    try {
      const res = await prod.app.inject({ method: "GET", url: "/dashboard" });
      expect(header(res.headers, "strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(directive(header(res.headers, "content-security-policy"), "upgrade-insecure-requests")).toBe(
        "upgrade-insecure-requests",
      );
    } finally {
      await prod.close();
    }
  });
});
