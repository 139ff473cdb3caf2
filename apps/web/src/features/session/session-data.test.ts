import { describe, expect, it } from "vitest";
import { parseAuthSession, parseCallbackParams } from "./session-data";

describe("parseCallbackParams", () => {
  it("reads the token and e-mail the auth app puts in the query", () => {
    expect(parseCallbackParams("?token=abc123&email=Ada%40Example.com")).toEqual({
      ok: true,
      token: "abc123",
      email: "ada@example.com",
    });
  });

  it("reads data.session.token and data.user.email, which win over the plain parameters", () => {
    const data = JSON.stringify({ session: { token: "from-data" }, user: { email: "data@example.com" } });
    expect(
      parseCallbackParams(`?data=${encodeURIComponent(data)}&token=plain&email=plain@example.com`),
    ).toEqual({ ok: true, token: "from-data", email: "data@example.com" });
  });

  it("accepts a token given directly inside data, and falls back to the query e-mail", () => {
    const data = JSON.stringify({ token: "direct" });
    expect(parseCallbackParams(`?data=${encodeURIComponent(data)}&email=q@example.com`)).toEqual({
      ok: true,
      token: "direct",
      email: "q@example.com",
    });
  });

  it("works without an e-mail", () => {
    expect(parseCallbackParams("token=t")).toEqual({ ok: true, token: "t", email: null });
  });

  it("refuses a missing or blank token, and ignores unreadable data", () => {
    expect(parseCallbackParams("")).toEqual({ ok: false, reason: "missing-token" });
    expect(parseCallbackParams("?token=%20%20&email=a@b.c")).toEqual({ ok: false, reason: "missing-token" });
    expect(parseCallbackParams("?data=%7Bnot-json")).toEqual({ ok: false, reason: "missing-token" });
    expect(parseCallbackParams(`?data=${encodeURIComponent("[1,2]")}&token=t`)).toMatchObject({
      ok: true,
      token: "t",
    });
  });

  it("reports an error the auth app sent back", () => {
    expect(parseCallbackParams("?error=state_not_found&token=t")).toEqual({
      ok: false,
      reason: "auth-error",
      error: "state_not_found",
    });
  });
});

describe("parseAuthSession", () => {
  const user = { id: "u1", name: " Ada ", email: "Ada@Example.com", emailVerified: true };

  it("reads better-auth's {session, user}", () => {
    expect(parseAuthSession({ session: { token: "s1", userId: "u1" }, user })).toEqual({
      token: "s1",
      user: { id: "u1", name: "Ada", email: "ada@example.com", emailVerified: true, image: null },
    });
  });

  it("accepts the token directly and the user id from the session", () => {
    expect(
      parseAuthSession({ token: "s2", session: { userId: "u9" }, user: { email: "x@y.z" } }),
    ).toMatchObject({
      token: "s2",
      user: { id: "u9", email: "x@y.z", name: "", emailVerified: false },
    });
  });

  it("is invalid without a session token or without a user id", () => {
    expect(parseAuthSession(null)).toBeNull();
    expect(parseAuthSession({ session: { userId: "u1" }, user })).toBeNull();
    expect(parseAuthSession({ session: { token: "s1" }, user: { email: "a@b.c" } })).toBeNull();
    expect(parseAuthSession({ session: { token: "" }, user })).toBeNull();
  });
});

describe("parseAuthSession: the saved language", () => {
  const base = { session: { token: "s1", userId: "u1" } };

  it("reads user.locale when it is en or ar, and leaves it out otherwise", () => {
    expect(parseAuthSession({ ...base, user: { id: "u1", locale: "ar" } })?.user.locale).toBe("ar");
    expect(parseAuthSession({ ...base, user: { id: "u1", locale: "en" } })?.user.locale).toBe("en");
    for (const locale of [null, undefined, "", "fr", "AR", "ar-BH", 1, ["ar"]]) {
      const user = parseAuthSession({ ...base, user: { id: "u1", locale } })?.user;
      expect(user).toBeDefined();
      expect(user && "locale" in user).toBe(false);
    }
  });
});
