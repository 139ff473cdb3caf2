import { EnvError } from "@parley/config";
import { describe, expect, it } from "vitest";
import { runServerToExit } from "../../../scripts/test-build.mjs";
import { DEV_AUTH_EVENTS_SECRET, DEV_PAYMENTS_SANDBOX_SECRET, loadEnv } from "./env";

describe("API environment", () => {
  it("has working defaults with no env at all (embedded mode)", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, PAYMENTS_MODE: "sandbox", PLANS_CURRENCY: "BHD" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  describe("the two authentication hosts (spec §1: an auth app and an auth server)", () => {
    it("default to the same origin", () => {
      const env = loadEnv({});
      expect(env.AUTH_URL).toBe("http://localhost:3001");
      expect(env.AUTH_APP_URL).toBe(env.AUTH_URL);
    });

    it("follow AUTH_URL when only the auth server is set", () => {
      const env = loadEnv({ AUTH_URL: "https://auth.example.com" });
      expect(env).toMatchObject({
        AUTH_URL: "https://auth.example.com",
        AUTH_APP_URL: "https://auth.example.com",
      });
    });

    it("keep each when both are set", () => {
      const env = loadEnv({
        AUTH_URL: "https://auth-api.example.com",
        AUTH_APP_URL: "https://accounts.example.com",
      });
      expect(env).toMatchObject({
        AUTH_URL: "https://auth-api.example.com",
        AUTH_APP_URL: "https://accounts.example.com",
      });
    });

    it("treat an empty AUTH_APP_URL as unset (the server's origin)", () => {
      expect(loadEnv({ AUTH_URL: "https://auth.example.com", AUTH_APP_URL: "" }).AUTH_APP_URL).toBe(
        "https://auth.example.com",
      );
    });

    it("take the auth app alone, the server keeping its default", () => {
      const env = loadEnv({ AUTH_APP_URL: "https://accounts.example.com" });
      expect(env).toMatchObject({
        AUTH_URL: "http://localhost:3001",
        AUTH_APP_URL: "https://accounts.example.com",
      });
    });

    it.each([
      ["accounts.example.com"],
      ["javascript:alert(1)"],
      ["ftp://accounts.example.com"],
      ["//accounts.example.com"],
    ])("refuse AUTH_APP_URL=%j, naming the variable", (value) => {
      expect(() => loadEnv({ AUTH_APP_URL: value })).toThrow(EnvError);
      expect(() => loadEnv({ AUTH_APP_URL: value })).toThrow(/AUTH_APP_URL: /);
    });
  });

  it.each([
    ["PORT", "abc", /PORT: must be a port number/],
    ["PORT", "70000", /PORT: must be a port from 1 to 65535/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres/],
    ["PUBLIC_URL", "localhost:3000", /PUBLIC_URL: must be an absolute http\(s\) URL/],
    ["PAYMENTS_MODE", "free-money", /PAYMENTS_MODE: must be sandbox or live/],
    ["PLANS_CURRENCY", "bhd", /PLANS_CURRENCY: must be a three-letter ISO 4217 code/],
  ])("refuses %s=%s with a message naming the variable", (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  describe("in production", () => {
    const strong = (c: string) => `${c}9f4e1b7a2c8d3e6f0a5b9c1d7e2f4a8b3c6d0e5f`;
    const live = {
      PAYMENTS_MODE: "live",
      BENEFIT_TRANPORTAL_ID: "123456",
      BENEFIT_TRANPORTAL_PASSWORD: "tp-pass-77",
      BENEFIT_RESOURCE_KEY: "0123456789abcdef0123456789abcdef",
      MPGS_BASE_URL: "https://ap-gateway.mastercard.com",
      MPGS_MERCHANT_ID: "TEST123",
      MPGS_API_PASSWORD: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
      MPGS_WEBHOOK_SECRET: "f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1",
    };
    const prod = (extra: Record<string, string> = {}) =>
      loadEnv({
        NODE_ENV: "production",
        AUTH_EVENTS_SECRET: strong("a"),
        MODEL_KEYS_SECRET: strong("m"),
        ...extra,
      });

    it("boots with live payments and real secrets, trusting no proxy by default", () => {
      const env = prod(live);
      expect(env).toMatchObject({ PAYMENTS_MODE: "live", TRUST_PROXY: false, warnings: [] });
    });

    it("requires PAYMENTS_MODE to be named instead of silently running the sandbox", () => {
      expect(() => prod()).toThrow(/PAYMENTS_MODE: is required in production/);
    });

    it("refuses the sandbox gateway unless a staging site asks for it, then warns", () => {
      expect(() => prod({ PAYMENTS_MODE: "sandbox", PAYMENTS_SANDBOX_SECRET: strong("s") })).toThrow(
        /PAYMENTS_MODE: must not be sandbox in production/,
      );
      expect(() => prod({ PAYMENTS_MODE: "sandbox", PAYMENTS_SANDBOX_IN_PRODUCTION: "true" })).toThrow(
        /PAYMENTS_SANDBOX_SECRET: is required when the sandbox gateway runs in production/,
      );
      const staging = prod({
        PAYMENTS_MODE: "sandbox",
        PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
        PAYMENTS_SANDBOX_SECRET: strong("s"),
      });
      expect(staging.PAYMENTS_MODE).toBe("sandbox");
      expect(staging.warnings.join(" ")).toMatch(/sandbox in production.*staging/);
    });

    it.each([
      ["AUTH_EVENTS_SECRET", DEV_AUTH_EVENTS_SECRET],
      ["AUTH_EVENTS_SECRET", "change-me-to-another-long-random-secret-0123"],
      ["AUTH_EVENTS_SECRET", "replace-me-with-a-long-random-value-please-0000"],
      ["AUTH_EVENTS_SECRET", "short-but-random-9f4e"],
      ["AUTH_EVENTS_SECRET", "a".repeat(40)],
      ["PAYMENTS_SANDBOX_SECRET", DEV_PAYMENTS_SANDBOX_SECRET],
      ["PAYMENTS_SANDBOX_SECRET", "change-me-sandbox-secret-0123456789abcdef"],
      ["MPGS_WEBHOOK_SECRET", "changeme"],
      ["MPGS_API_PASSWORD", "<your api password>"],
      ["BENEFIT_TRANPORTAL_PASSWORD", "your-password"],
      ["MODEL_KEYS_SECRET", "change-me-to-another-long-random-secret-0123"],
    ])("refuses %s=%s (a default, placeholder or weak secret)", (name, value) => {
      const sandbox = name === "PAYMENTS_SANDBOX_SECRET";
      const env: Record<string, string> = sandbox
        ? { PAYMENTS_MODE: "sandbox", PAYMENTS_SANDBOX_IN_PRODUCTION: "true", [name]: value }
        : { ...live, [name]: value };
      expect(() => prod(env)).toThrow(new RegExp(`${name}: `));
      // The message never prints the secret itself.
      try {
        prod(env);
      } catch (err) {
        expect(String(err)).not.toContain(value);
      }
    });

    it("refuses TRUST_PROXY=true (every client's X-Forwarded-For) and parses addresses and hops", () => {
      expect(() => prod({ ...live, TRUST_PROXY: "true" })).toThrow(
        /TRUST_PROXY: must not be true in production/,
      );
      expect(prod({ ...live, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toEqual([
        "10.0.0.0/8",
        "127.0.0.1",
      ]);
      expect(prod({ ...live, TRUST_PROXY: "uniquelocal" }).TRUST_PROXY).toEqual(["uniquelocal"]);
      expect(prod({ ...live, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
      expect(prod({ ...live, TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
      for (const bad of ["10.0.0.0/33", "proxy.internal", "300.1.1.1", "::1/129", "yes"])
        expect(() => prod({ ...live, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be/);
    });

    it("requires its own MODEL_KEYS_SECRET, which encrypts the bots' model API keys", () => {
      expect(() => prod({ ...live, MODEL_KEYS_SECRET: "" })).toThrow(
        /MODEL_KEYS_SECRET: is required in production/,
      );
      expect(() => prod({ ...live, MODEL_KEYS_SECRET: strong("a") })).toThrow(
        /MODEL_KEYS_SECRET: must differ from AUTH_EVENTS_SECRET/,
      );
      expect(prod(live).MODEL_KEYS_SECRET).toBe(strong("m"));
    });

    it("takes earlier MODEL_KEYS_SECRET values for a rotation, each a real secret", () => {
      expect(prod(live).MODEL_KEYS_SECRET_PREVIOUS).toEqual([]);
      expect(
        prod({ ...live, MODEL_KEYS_SECRET_PREVIOUS: ` ${strong("o")} , ${strong("p")}` })
          .MODEL_KEYS_SECRET_PREVIOUS,
      ).toEqual([strong("o"), strong("p")]);
      expect(() => prod({ ...live, MODEL_KEYS_SECRET_PREVIOUS: `${strong("o")},short` })).toThrow(
        /MODEL_KEYS_SECRET_PREVIOUS: each secret must be at least 32 characters/,
      );
    });

    it("refuses the database password compose used to ship", () => {
      expect(() =>
        prod({ ...live, DATABASE_URL: "postgres://parley:parley@postgres:5432/parley_api" }),
      ).toThrow(/DATABASE_URL: password is a placeholder/);
      expect(() => prod({ ...live, DATABASE_URL: "postgres://app@db:5432/parley" })).not.toThrow();
    });

    it("never prints a password inside a connection URL", () => {
      expect(() => prod({ ...live, REDIS_URL: "http://user:hunter2-secret@redis:6379" })).toThrow(
        /REDIS_URL: .*got "http:\/\/user:\*\*\*@redis:6379"/,
      );
    });
  });

  it("reads SHUTDOWN_GRACE_SECONDS (default 10) and refuses negative, fractional, huge or non-numeric values", () => {
    expect(loadEnv({}).SHUTDOWN_GRACE_SECONDS).toBe(10);
    expect(loadEnv({ SHUTDOWN_GRACE_SECONDS: "0" }).SHUTDOWN_GRACE_SECONDS).toBe(0);
    expect(loadEnv({ SHUTDOWN_GRACE_SECONDS: "30" }).SHUTDOWN_GRACE_SECONDS).toBe(30);
    for (const bad of ["-1", "2.5", "601", "ten", "1e9", "10\u0000"])
      expect(() => loadEnv({ SHUTDOWN_GRACE_SECONDS: bad }), bad).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it("treats an empty value as unset", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("stops the real server boot with exit code 1 and names the bad variable", async () => {
    // The compiled server, as production runs it (scripts/test-build.mjs).
    const result = await runServerToExit("api", {
      DATABASE_URL: "",
      PORT: "not-a-port",
      LOG_LEVEL: "silent",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Invalid environment configuration");
    expect(result.stderr).toContain('PORT: must be a port number (got "not-a-port")');
  });
});
