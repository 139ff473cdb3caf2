import { describe, expect, it } from "vitest";
import {
  isPublicPath,
  matchesRoute,
  parsePublicRoutes,
  safeReturnPath,
  saveReturnPath,
  takeReturnPath,
} from "./routes";

describe("isPublicPath", () => {
  it("treats the spec's routes as public", () => {
    for (const path of [
      "/",
      "/auth/callback",
      "/pricing",
      "/services",
      "/contact",
      "/faq",
      "/terms-conditions",
      "/widget",
      "/widget/chat",
      "/widget/chat/cb_123",
      "/pricing/",
    ]) {
      expect(isPublicPath(path, []), path).toBe(true);
    }
  });

  it("treats any path under /widget/ and the dev pages as public", () => {
    expect(isPublicPath("/widget/anything/deep", [])).toBe(true);
    expect(isPublicPath("/_dev/ui", [])).toBe(true);
  });

  it("requires sign-in everywhere else, unknown paths included", () => {
    for (const path of [
      "/dashboard",
      "/account",
      "/support",
      "/billing",
      "/_app",
      "/widgets",
      "/pricing/x",
      "/settings-xyz",
      "/no-such-page",
      "/auth",
      "/auth/callback/x",
      "/_devtools",
    ]) {
      expect(isPublicPath(path, []), path).toBe(false);
    }
  });

  it("adds the configured list", () => {
    const configured = parsePublicRoutes(" /launch, /partners/:slug ,nope,, /docs/*");
    expect(configured).toEqual(["/launch", "/partners/:slug", "/docs/*"]);
    expect(isPublicPath("/launch", configured)).toBe(true);
    expect(isPublicPath("/partners/acme", configured)).toBe(true);
    expect(isPublicPath("/partners", configured)).toBe(false);
    expect(isPublicPath("/docs", configured)).toBe(true);
    expect(isPublicPath("/docs/a/b", configured)).toBe(true);
    expect(isPublicPath("/dashboard", configured)).toBe(false);
  });
});

describe("matchesRoute", () => {
  it("matches parameters to exactly one segment", () => {
    expect(matchesRoute("/widget/chat/:id", "/widget/chat/a")).toBe(true);
    expect(matchesRoute("/widget/chat/:id", "/widget/chat")).toBe(false);
    expect(matchesRoute("/widget/chat/:id", "/widget/chat/a/b")).toBe(false);
  });
});

describe("return path", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeReturnPath("/account?tab=security#password")).toBe("/account?tab=security#password");
  });

  it("refuses anything that could leave the site or loop back to the callback", () => {
    for (const value of [
      "https://evil.example/x",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "dashboard",
      "/auth/callback?token=x",
      "/\u0000x",
      "",
      null,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it("never sends the browser to another host after sign-in, however the path is spelled", () => {
    for (const value of [
      "//evil.com",
      "//evil.com/dashboard",
      "/\\evil.com",
      "/\\/evil.com",
      "\\\\evil.com",
      "https:evil.com",
      "https:/evil.com",
      "http://evil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      "/\r//evil.com",
      " /evil.com",
      "/.//evil.com",
      "/..//evil.com",
      "/a/..//evil.com",
      "/%2e%2e//evil.com",
      "/./\\evil.com",
      "%2F%2Fevil.com",
      "/Auth/Callback?token=x",
      "/auth/%63allback",
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
    // Percent-encoded slashes stay one path segment of this site: the browser never reads a host in them.
    for (const value of ["/%2F%2Fevil.com", "/%5C%5Cevil.com", "/%2f/evil.com"]) {
      const safe = safeReturnPath(value);
      expect(safe, value).not.toBeNull();
      const landed = new URL(safe ?? "", "https://app.parley.test");
      expect(landed.origin, value).toBe("https://app.parley.test");
      expect(landed.pathname.startsWith("//"), value).toBe(false);
    }
  });

  it("keeps an unknown path, so a signed-in user lands on it (and its Page not found)", () => {
    expect(safeReturnPath("/settings-xyz")).toBe("/settings-xyz");
  });

  it("is stored once and read once, defaulting to the dashboard", () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    } as Storage;
    saveReturnPath("/support?topic=billing", storage);
    expect(takeReturnPath(storage)).toBe("/support?topic=billing");
    expect(takeReturnPath(storage)).toBe("/dashboard");
    saveReturnPath("//evil.example", storage);
    expect(takeReturnPath(storage)).toBe("/dashboard");
    // A value planted in storage by other means is checked again when read.
    storage.setItem("parley:returnTo", "/.//evil.example");
    expect(takeReturnPath(storage)).toBe("/dashboard");
  });
});
