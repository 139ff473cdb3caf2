import { defineConfig } from "vitest/config";
import { scaled } from "./scripts/slowness.mjs";

// `pnpm test:attack`: hostile inputs against a real API process in production mode
// (apps/api/test/attack/prod-api.ts). Part of `pnpm test`; kept out of the unit run.
export default defineConfig({
  test: {
    include: ["apps/*/test/attack/**/*.attack.test.ts"],
    exclude: ["**/node_modules/**"],
    globalSetup: ["scripts/vitest-global-setup.mjs"],
    // Bounds on a hung test, times how slow the machine is today (scripts/slowness.mjs).
    testTimeout: scaled(120_000),
    hookTimeout: scaled(120_000),
    pool: "forks",
    maxWorkers: 1,
  },
});
