import { EnvError } from "@parley/config";
import { DEV_AUTH_EVENTS_SECRET } from "@parley/contracts/server";
import { describe, expect, it } from "vitest";
import { runServerToExit } from "../../../scripts/test-build.mjs";
import { DEV_BETTER_AUTH_SECRET, loadEnv } from "./env";
import { SOCIAL_PROVIDER_IDS } from "./social-providers";

const secrets = {
  BETTER_AUTH_SECRET: "a-production-secret-that-is-long-enough-123",
  AUTH_EVENTS_SECRET: "another-production-secret-long-enough-456",
};

describe("auth environment", () => {
  it("has working defaults with no env at all (embedded mode), warning about the dev secrets", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: 3001,
      AUTH_URL: "http://localhost:3001",
      WEB_URL: "http://localhost:3000",
      API_URL: "http://localhost:3000",
      PASSWORD_MIN_LENGTH: 8,
      PASSWORD_MAX_LENGTH: 128,
      REVOKE_SESSIONS_ON_PASSWORD_RESET: true,
      RATE_LIMIT_ENABLED: false,
      TRUST_PROXY: false,
      TRUSTED_ORIGINS: [],
      socialProviders: {},
      BETTER_AUTH_SECRET: DEV_BETTER_AUTH_SECRET,
      // The API falls back to the same value, so `pnpm start` with no env delivers events.
      AUTH_EVENTS_SECRET: DEV_AUTH_EVENTS_SECRET,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR.endsWith(".data")).toBe(true);
    expect(env.platforms).toEqual([
      { id: "parley", name: "Parley", callbackURL: "http://localhost:3000/auth/callback" },
    ]);
    expect(env.warnings.join("\n")).toMatch(/BETTER_AUTH_SECRET is unset/);
  });

  it("turns rate limiting on by default in production and requires real secrets there", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(
      /BETTER_AUTH_SECRET: is required in production/,
    );
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(
      /AUTH_EVENTS_SECRET: is required in production/,
    );
    const env = loadEnv({ NODE_ENV: "production", ...secrets });
    expect(env.RATE_LIMIT_ENABLED).toBe(true);
    expect(env.warnings.join("\n")).toMatch(/SMTP_URL is unset/);
    expect(
      loadEnv({ NODE_ENV: "production", ...secrets, RATE_LIMIT_ENABLED: "false" }).RATE_LIMIT_ENABLED,
    ).toBe(false);
  });

  describe("the two authentication hosts (spec §1: an auth app and an auth server)", () => {
    it("default to the same origin", () => {
      const env = loadEnv({});
      expect(env).toMatchObject({ AUTH_URL: "http://localhost:3001", AUTH_APP_URL: "http://localhost:3001" });
    });

    it("follow AUTH_URL when only the auth server is set", () => {
      expect(loadEnv({ AUTH_URL: "https://auth.example.com" }).AUTH_APP_URL).toBe("https://auth.example.com");
      // An empty value counts as unset.
      expect(loadEnv({ AUTH_URL: "https://auth.example.com", AUTH_APP_URL: "" }).AUTH_APP_URL).toBe(
        "https://auth.example.com",
      );
    });

    it("keep each when both are set, the auth app's origin trusted as well", () => {
      const env = loadEnv({
        AUTH_URL: "https://auth-api.example.com",
        AUTH_APP_URL: "https://accounts.example.com/",
      });
      expect(env).toMatchObject({
        AUTH_URL: "https://auth-api.example.com",
        AUTH_APP_URL: "https://accounts.example.com",
      });
    });

    it("warns when the auth app is served over http:// in production", () => {
      const env = loadEnv({
        NODE_ENV: "production",
        ...secrets,
        AUTH_APP_URL: "http://accounts.example.com",
      });
      expect(env.warnings.join("\n")).toMatch(/AUTH_APP_URL is http:\/\/ in production/);
    });

    it.each([
      ["accounts.example.com", /AUTH_APP_URL: must be an absolute http\(s\) URL/],
      ["javascript:alert(1)", /AUTH_APP_URL: must be an absolute http\(s\) URL/],
      ["//accounts.example.com", /AUTH_APP_URL: must be an absolute http\(s\) URL/],
      ["https://accounts.example.com/auth", /AUTH_APP_URL: must be an origin without a path/],
    ])("refuse AUTH_APP_URL=%s, naming the variable", (value, message) => {
      expect(() => loadEnv({ AUTH_APP_URL: value })).toThrow(EnvError);
      expect(() => loadEnv({ AUTH_APP_URL: value })).toThrow(message);
    });
  });

  it.each([
    ["PORT", "abc", /PORT: must be a port number/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres/],
    ["AUTH_URL", "auth.example.com", /AUTH_URL: must be an absolute http\(s\) URL/],
    ["AUTH_URL", "https://example.com/auth", /AUTH_URL: must be an origin without a path/],
    ["WEB_URL", "ftp://x", /WEB_URL: must be an absolute http\(s\) URL/],
    ["BETTER_AUTH_SECRET", "short", /BETTER_AUTH_SECRET: must be at least 32 characters/],
    ["SMTP_URL", "http://mail", /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["PASSWORD_MIN_LENGTH", "4", /PASSWORD_MIN_LENGTH: must be at least 6/],
    ["PASSWORD_MIN_LENGTH", "200", /PASSWORD_MIN_LENGTH: must not be greater than PASSWORD_MAX_LENGTH/],
    ["REVOKE_SESSIONS_ON_PASSWORD_RESET", "yes", /REVOKE_SESSIONS_ON_PASSWORD_RESET: must be true or false/],
    ["TRUSTED_ORIGINS", "https://a.example/path", /TRUSTED_ORIGINS: must be a comma-separated list/],
    ["TRUST_PROXY", "sometimes", /TRUST_PROXY: must be true, false/],
    ["PLATFORMS", "not json", /PLATFORMS: must be JSON/],
    ["PLATFORMS", '[{"id":"x","name":"X","callbackURL":"nope"}]', /PLATFORMS: must be JSON .*callbackURL/],
    ["GITHUB_CLIENT_ID", "abc", /GITHUB_CLIENT_SECRET: is required when GITHUB_CLIENT_ID is set/],
    ["GOOGLE_CLIENT_SECRET", "abc", /GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set/],
    ["MICROSOFT_AUTHORITY", "login.example", /MICROSOFT_AUTHORITY: must be an absolute http\(s\) URL/],
  ])("refuses %s=%s with a message naming the variable", (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  it.each([
    ["BETTER_AUTH_SECRET", DEV_BETTER_AUTH_SECRET],
    ["BETTER_AUTH_SECRET", "change-me-to-a-long-random-secret-0123456789"],
    ["AUTH_EVENTS_SECRET", DEV_AUTH_EVENTS_SECRET],
    ["AUTH_EVENTS_SECRET", "change-me-to-another-long-random-secret-0123"],
    ["AUTH_EVENTS_SECRET", "0".repeat(48)],
    ["SMTP_URL", "smtp://mailer:change-me@smtp.example.com:587"],
    ["GITHUB_CLIENT_SECRET", "your-client-secret"],
    ["DATABASE_URL", "postgres://parley:parley@postgres:5432/parley_auth"],
  ])("refuses %s=%s in production (a development default or placeholder)", (name, value) => {
    const extra = name === "GITHUB_CLIENT_SECRET" ? { GITHUB_CLIENT_ID: "Iv1.abc" } : {};
    const load = () => loadEnv({ NODE_ENV: "production", ...secrets, ...extra, [name]: value });
    expect(load).toThrow(new RegExp(`${name}: `));
    expect(load).not.toThrow(/change-me@/);
    // The same values stay usable for local development.
    expect(() => loadEnv({ ...secrets, ...extra, [name]: value })).not.toThrow();
  });

  it("refuses TRUST_PROXY=true in production: every client could choose its address", () => {
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: must not be true in production/,
    );
    expect(loadEnv({ NODE_ENV: "production", ...secrets, TRUST_PROXY: "10.0.0.5" }).TRUST_PROXY).toEqual([
      "10.0.0.5",
    ]);
  });

  it("parses TRUST_PROXY, TRUSTED_ORIGINS and PLATFORMS", () => {
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
    ]);
    expect(loadEnv({ TRUSTED_ORIGINS: "https://a.example, https://*.b.example/" }).TRUSTED_ORIGINS).toEqual([
      "https://a.example",
      "https://*.b.example",
    ]);
    const env = loadEnv({
      WEB_URL: "https://app.example",
      PLATFORMS: '[{"id":"shop","name":"Shop","callbackURL":"https://shop.example/auth/callback"}]',
    });
    expect(env.platforms.map((p) => p.id)).toEqual(["parley", "shop"]);
    expect(env.platforms[0]?.callbackURL).toBe("https://app.example/auth/callback");
  });

  it("enables a provider only when both its id and secret are set, with its extras", () => {
    expect(Object.keys(loadEnv({}).socialProviders)).toEqual([]);
    const env = loadEnv({
      GITHUB_CLIENT_ID: "gh-id",
      GITHUB_CLIENT_SECRET: "gh-secret",
      MICROSOFT_CLIENT_ID: "ms-id",
      MICROSOFT_CLIENT_SECRET: "ms-secret",
      MICROSOFT_TENANT_ID: "contoso",
    });
    expect(env.socialProviders).toEqual({
      github: { clientId: "gh-id", clientSecret: "gh-secret" },
      microsoft: { clientId: "ms-id", clientSecret: "ms-secret", tenantId: "contoso" },
    });
    expect(() => loadEnv({ COGNITO_CLIENT_ID: "c", COGNITO_CLIENT_SECRET: "s" })).toThrow(
      /COGNITO_DOMAIN: is required when COGNITO_CLIENT_ID is set/,
    );
  });

  it("knows all 30 providers the spec names", () => {
    expect(SOCIAL_PROVIDER_IDS).toHaveLength(30);
    const all = Object.fromEntries(
      SOCIAL_PROVIDER_IDS.flatMap((id) => [
        [`${id.toUpperCase()}_CLIENT_ID`, `${id}-id`],
        [`${id.toUpperCase()}_CLIENT_SECRET`, `${id}-secret`],
      ]),
    );
    const env = loadEnv({
      ...all,
      COGNITO_DOMAIN: "x.auth.eu-west-1.amazoncognito.com",
      COGNITO_REGION: "eu-west-1",
      COGNITO_USER_POOL_ID: "pool",
    });
    expect(Object.keys(env.socialProviders).sort()).toEqual([...SOCIAL_PROVIDER_IDS].sort());
  });

  it("treats an empty value as unset", () => {
    expect(loadEnv({ DATABASE_URL: "", GITHUB_CLIENT_ID: "", SMTP_URL: "" })).toMatchObject({
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      socialProviders: {},
    });
  });

  it("stops the real server boot with exit code 1 and names the bad variable", async () => {
    // The compiled server, as production runs it (scripts/test-build.mjs); no BETTER_AUTH_SECRET.
    const result = await runServerToExit("auth", {
      DATABASE_URL: "",
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Invalid environment configuration");
    expect(result.stderr).toContain("BETTER_AUTH_SECRET: is required in production (unset)");
  });
});
