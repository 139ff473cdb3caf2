import { describe, expect, it } from "vitest";
import { DEFAULT_AUTH_URL, resolveAuthUrl, resolvePlatformId } from "./config";

describe("resolveAuthUrl", () => {
  it("prefers the runtime meta tag written by the API over the build-time variable", () => {
    expect(resolveAuthUrl("https://auth.example.com", "http://localhost:4001")).toBe(
      "https://auth.example.com",
    );
  });

  it("falls back to the Vite variable, then to the local default", () => {
    expect(resolveAuthUrl(null, "http://localhost:4001/")).toBe("http://localhost:4001");
    expect(resolveAuthUrl("", undefined)).toBe(DEFAULT_AUTH_URL);
  });

  it("ignores values that are not absolute http(s) URLs", () => {
    expect(resolveAuthUrl("javascript:alert(1)", undefined)).toBe(DEFAULT_AUTH_URL);
    expect(resolveAuthUrl("/auth", "not a url")).toBe(DEFAULT_AUTH_URL);
  });

  it("keeps a base path but drops trailing slashes", () => {
    expect(resolveAuthUrl("https://example.com/identity///", undefined)).toBe("https://example.com/identity");
  });
});

describe("resolvePlatformId", () => {
  it("uses a slug from the meta tag and falls back to parley", () => {
    expect(resolvePlatformId("acme-bots")).toBe("acme-bots");
    expect(resolvePlatformId(null)).toBe("parley");
    expect(resolvePlatformId("../evil?x=1")).toBe("parley");
  });
});
