import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import type { Text } from "./errors";
import { invitationFromSearch, invitationParams } from "./invitation";
import {
  parseAuthResult,
  parseErrorBody,
  parsePlatform,
  parseSession,
  parseSocialRedirect,
} from "./responses";
import {
  authCallbacks,
  callbackRedirectUrl,
  isPlausiblePlatformId,
  pageFromPath,
  pageHref,
  platformFromSearch,
  resolveServerBase,
  resolveWebUrl,
} from "./urls";
import { firstErrorField, validateEmail, validateSignIn, validateSignUp } from "./validation";

describe("routing", () => {
  it("maps paths under /auth to pages", () => {
    expect(pageFromPath("/auth")).toBe("sign-in");
    expect(pageFromPath("/auth/")).toBe("sign-in");
    expect(pageFromPath("/auth/sign-up")).toBe("sign-up");
    expect(pageFromPath("/auth/forgot-password/")).toBe("forgot-password");
    expect(pageFromPath("/auth/reset-password")).toBe("reset-password");
    expect(pageFromPath("/auth/verified")).toBe("verified");
    expect(pageFromPath("/auth/error")).toBe("error");
    expect(pageFromPath("/auth/nope")).toBeNull();
    expect(pageFromPath("/authx")).toBeNull();
  });

  it("keeps the platform on every link, defaulting to parley", () => {
    expect(platformFromSearch("")).toBe("parley");
    expect(platformFromSearch("?platform=")).toBe("parley");
    expect(platformFromSearch("?platform=acme")).toBe("acme");
    expect(pageHref("sign-in", "acme")).toBe("/auth?platform=acme");
    expect(pageHref("forgot-password", "acme", { email: "a+b@x.io" })).toBe(
      "/auth/forgot-password?platform=acme&email=a%2Bb%40x.io",
    );
    expect(authCallbacks.verified("parley")).toBe("/auth/verified?platform=parley");
    expect(authCallbacks.resetPassword("parley")).toBe("/auth/reset-password?platform=parley");
  });

  it("keeps an invitation through a password reset, and nothing that is not an invitation id", () => {
    const id = "k3J9aQ2mZx7LpR4sT8vW1yB6nC0dE5fG";
    // From the invitation's sign-in page to the reset e-mail's link, and from there back to sign-in.
    const redirectTo = authCallbacks.resetPassword("parley", invitationFromSearch(`?invitation=${id}`));
    expect(redirectTo).toBe(`/auth/reset-password?platform=parley&invitation=${id}`);
    const landing = `?platform=parley&invitation=${id}&token=abc`;
    expect(pageHref("sign-in", "parley", invitationParams(invitationFromSearch(landing)))).toBe(
      `/auth?platform=parley&invitation=${id}`,
    );
    // A foreign address or a path in the parameter is dropped: the reset stays on this host and
    // the way back is the sign-in page alone.
    for (const hostile of [
      "https://evil.example/x",
      "//evil.example",
      "/../../dashboard",
      "a b",
      `${"a".repeat(129)}`,
      "abc&platform=evil",
    ]) {
      const carried = invitationFromSearch(`?invitation=${encodeURIComponent(hostile)}`);
      expect(carried, hostile).toBeNull();
      expect(authCallbacks.resetPassword("parley", carried)).toBe("/auth/reset-password?platform=parley");
    }
  });

  it("only asks the service about slug-like platform ids", () => {
    expect(isPlausiblePlatformId("parley")).toBe(true);
    expect(isPlausiblePlatformId("acme-app_2")).toBe(true);
    expect(isPlausiblePlatformId("../x")).toBe(false);
    expect(isPlausiblePlatformId("")).toBe(false);
  });
});

describe("callbackRedirectUrl", () => {
  it("adds token and email, keeping existing parameters", () => {
    const url = new URL(
      callbackRedirectUrl("http://localhost:3000/auth/callback?from=auth", {
        token: "t k",
        email: "a+b@x.io",
      }),
    );
    expect(url.origin + url.pathname).toBe("http://localhost:3000/auth/callback");
    expect(url.searchParams.get("from")).toBe("auth");
    expect(url.searchParams.get("token")).toBe("t k");
    expect(url.searchParams.get("email")).toBe("a+b@x.io");
  });
});

describe("resolveWebUrl", () => {
  it("prefers the meta tag, then the Parley callback origin", () => {
    expect(resolveWebUrl("https://app.parley.io", "http://x/auth/callback")).toBe("https://app.parley.io");
    expect(resolveWebUrl("https://example.com/parley/", null)).toBe("https://example.com/parley");
    expect(resolveWebUrl(null, "https://example.com/parley/auth/callback")).toBe(
      "https://example.com/parley",
    );
    expect(resolveWebUrl(null, "https://example.com/oauth/done")).toBe("https://example.com");
    expect(resolveWebUrl("", "http://localhost:3000/auth/callback")).toBe("http://localhost:3000");
    expect(resolveWebUrl("javascript:alert(1)", null)).toBeNull();
  });
});

describe("resolveServerBase (the auth app's pages calling the auth server)", () => {
  it("calls same-origin paths when the auth server serves the page (one host, the default)", () => {
    expect(resolveServerBase("https://auth.example.com", "https://auth.example.com")).toBe("");
    expect(resolveServerBase(null, "https://accounts.example.com")).toBe("");
  });

  it("calls the auth server's origin when the page is served under the auth app's own name", () => {
    expect(resolveServerBase("https://auth-api.example.com/", "https://accounts.example.com")).toBe(
      "https://auth-api.example.com",
    );
  });

  it("ignores a meta value that is not an http(s) URL", () => {
    for (const value of ["javascript:alert(1)", "//evil.example", "/api", "", "data:text/plain,x"]) {
      expect(resolveServerBase(value, "https://accounts.example.com"), value).toBe("");
    }
  });
});

describe("response parsers", () => {
  it("reads a platform and its optional seams", () => {
    expect(
      parsePlatform({ id: "parley", name: "Parley", callbackURL: "http://localhost:3000/auth/callback" }),
    ).toEqual({
      id: "parley",
      name: "Parley",
      callbackURL: "http://localhost:3000/auth/callback",
      socialProviders: [],
    });
    const withSeams = parsePlatform({
      id: "p",
      name: "P",
      callbackURL: "https://p.example/cb",
      socialProviders: ["google", 3, "bad id"],
      passwordPolicy: { minLength: 10, maxLength: 100 },
    });
    expect(withSeams?.socialProviders).toEqual(["google"]);
    expect(withSeams?.passwordPolicy).toEqual({ minLength: 10, maxLength: 100 });
    expect(parsePlatform({ id: "p", name: "P", callbackURL: "javascript:alert(1)" })).toBeNull();
    expect(parsePlatform(null)).toBeNull();
  });

  it("reads the session token from session.token or token", () => {
    expect(parseSession({ session: { token: "abc" }, user: { email: "a@b.co", name: "A" } })).toEqual({
      token: "abc",
      email: "a@b.co",
      name: "A",
    });
    expect(parseSession({ token: "abc", user: { email: "a@b.co" } })?.token).toBe("abc");
    expect(parseSession(null)).toBeNull();
    expect(parseSession({ user: { email: "a@b.co" } })).toBeNull();
  });

  it("reads sign-in and sign-up results", () => {
    expect(parseAuthResult({ redirect: false, token: "t", user: { email: "a@b.co" } })).toEqual({
      token: "t",
      email: "a@b.co",
    });
    expect(parseAuthResult({ token: null, user: { email: "a@b.co" } })).toEqual({
      token: null,
      email: "a@b.co",
    });
    expect(parseAuthResult({ token: "t" })).toBeNull();
  });

  it("accepts only http(s) provider URLs", () => {
    expect(parseSocialRedirect({ url: "https://accounts.google.com/o/oauth2", redirect: true })).toBe(
      "https://accounts.google.com/o/oauth2",
    );
    expect(parseSocialRedirect({ url: "javascript:alert(1)" })).toBeNull();
  });

  it("reads both error shapes", () => {
    expect(parseErrorBody({ code: "INVALID_TOKEN", message: "Invalid token" })).toEqual({
      code: "INVALID_TOKEN",
      message: "Invalid token",
    });
    expect(
      parseErrorBody({ error: { code: "NOT_FOUND", message: "No such platform", requestId: "r" } }),
    ).toEqual({
      code: "NOT_FOUND",
      message: "No such platform",
    });
    expect(parseErrorBody("oops")).toEqual({});
  });
});

// validation.ts returns keys of the `auth` catalog; read here in English, word for word.
const i18n = await createI18n("en");
const en = (text: Text | undefined) =>
  text && i18n.t(text.key as "shell.home", { ns: "auth", ...text.values });

describe("validation", () => {
  it("checks e-mail loosely", () => {
    expect(en(validateEmail(""))).toBe("Enter your email address.");
    expect(en(validateEmail("nope"))).toMatch(/valid email/);
    expect(validateEmail(" a@b.co ")).toBeUndefined();
  });

  it("orders errors as on screen so focus goes to the first", () => {
    const errors = validateSignUp(
      { name: "", email: "x", password: "short", confirmPassword: "other" },
      { minLength: 8, maxLength: 128 },
    );
    expect(Object.keys(errors).sort()).toEqual(["confirmPassword", "email", "name", "password"]);
    expect(firstErrorField(errors)).toBe("name");
    expect(en(errors.password)).toBe("Password is too short. Use at least 8 characters.");
    expect(en(errors.confirmPassword)).toBe("The passwords don't match.");
    expect(firstErrorField(validateSignIn({ email: "a@b.co", password: "" }))).toBe("password");
  });
});
