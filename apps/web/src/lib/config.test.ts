import { describe, expect, it } from "vitest";
import {
  DEFAULT_AUTH_URL,
  resolveAuthAppUrl,
  resolveAuthUrl,
  resolvePaymentsMode,
  resolvePlatformId,
  resolvePublicUrl,
  signInUrlOf,
  signUpUrlOf,
} from "./config";

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

describe("resolveAuthAppUrl (spec §1: an auth app beside the auth server)", () => {
  const server = "https://auth-api.example.com";

  it("defaults to the auth server, which serves the sign-in pages", () => {
    expect(resolveAuthAppUrl(null, undefined, server)).toBe(server);
    expect(resolveAuthAppUrl("", "", server)).toBe(server);
  });

  it("takes its own host from the page, then from the Vite variable", () => {
    expect(resolveAuthAppUrl("https://accounts.example.com/", "http://localhost:4002", server)).toBe(
      "https://accounts.example.com",
    );
    expect(resolveAuthAppUrl(null, "http://localhost:4002", server)).toBe("http://localhost:4002");
  });

  it("never sends a visitor to a value that is not an absolute http(s) URL", () => {
    for (const value of [
      "javascript:alert(1)",
      "//evil.example",
      "/auth",
      "accounts.example.com",
      "data:text/html,x",
    ]) {
      expect(resolveAuthAppUrl(value, undefined, server), value).toBe(server);
    }
  });

  it("builds the sign-in page of the auth app with the platform parameter", () => {
    expect(signInUrlOf("https://accounts.example.com", "parley")).toBe(
      "https://accounts.example.com/auth?platform=parley",
    );
    expect(signInUrlOf("https://accounts.example.com", "a&b=c")).toBe(
      "https://accounts.example.com/auth?platform=a%26b%3Dc",
    );
  });

  it("builds the sign-up page of the auth app, where Start free goes", () => {
    expect(signUpUrlOf("https://accounts.example.com", "parley")).toBe(
      "https://accounts.example.com/auth/sign-up?platform=parley",
    );
    expect(signUpUrlOf("https://accounts.example.com", "a&b=c")).toBe(
      "https://accounts.example.com/auth/sign-up?platform=a%26b%3Dc",
    );
  });
});

describe("resolvePlatformId", () => {
  it("uses a slug from the meta tag and falls back to parley", () => {
    expect(resolvePlatformId("acme-bots")).toBe("acme-bots");
    expect(resolvePlatformId(null)).toBe("parley");
    expect(resolvePlatformId("../evil?x=1")).toBe("parley");
  });
});

describe("resolvePublicUrl", () => {
  it("takes the deployment's public origin from the page, else the page's own origin", () => {
    expect(resolvePublicUrl("https://app.parley.example/", "http://localhost:5173")).toBe(
      "https://app.parley.example",
    );
    expect(resolvePublicUrl("https://app.parley.example/base/", "http://localhost:5173")).toBe(
      "https://app.parley.example",
    );
    expect(resolvePublicUrl(null, "http://localhost:5173")).toBe("http://localhost:5173");
    expect(resolvePublicUrl("javascript:alert(1)", "http://localhost:5173")).toBe("http://localhost:5173");
    expect(resolvePublicUrl("", "http://localhost:5173")).toBe("http://localhost:5173");
  });
});

describe("resolvePaymentsMode", () => {
  it("reads sandbox or live from the meta tag, and claims nothing otherwise", () => {
    expect(resolvePaymentsMode("sandbox")).toBe("sandbox");
    expect(resolvePaymentsMode(" live ")).toBe("live");
    expect(resolvePaymentsMode(null)).toBeNull();
    expect(resolvePaymentsMode("free")).toBeNull();
  });
});
