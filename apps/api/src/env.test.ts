import { spawnSync } from "node:child_process";
import path from "node:path";
import { EnvError } from "@parley/config";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const appDir = path.resolve(import.meta.dirname, "..");

describe("API environment", () => {
  it("has working defaults with no env at all (embedded mode)", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, PAYMENTS_MODE: "sandbox", PLANS_CURRENCY: "BHD" });
    expect(env.DATABASE_URL).toBeUndefined();
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

  it("treats an empty value as unset", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("stops the real server boot with exit code 1 and names the bad variable", () => {
    const result = spawnSync(path.join(appDir, "node_modules/.bin/tsx"), ["src/server.ts"], {
      cwd: appDir,
      env: { ...process.env, DATABASE_URL: "", PORT: "not-a-port", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid environment configuration");
    expect(result.stderr).toContain('PORT: must be a port number (got "not-a-port")');
  });
});
