import { defineConfig } from "vitest/config";

// `pnpm test:attack`: hostile inputs against a real API process in production mode
// (apps/api/test/attack/prod-api.ts). Part of `pnpm test`; kept out of the unit run.
export default defineConfig({
  test: {
    include: ["apps/*/test/attack/**/*.attack.test.ts"],
    exclude: ["**/node_modules/**"],
    globalSetup: ["scripts/vitest-global-setup.mjs"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
