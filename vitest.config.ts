import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { scaled } from "./scripts/slowness.mjs";
import { slowFirst } from "./scripts/test-order.mjs";

/** Vitest's order, with the files known to be slow first (scripts/test-order.mjs). */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const root = this.ctx.config.root;
    return slowFirst(await super.sort(files), (f) =>
      path.relative(root, f.moduleId).split(path.sep).join("/"),
    );
  }
}

export default defineConfig({
  test: {
    include: [
      "apps/*/src/**/*.test.ts",
      "apps/*/test/**/*.test.ts",
      "apps/auth/ui/**/*.test.ts",
      "packages/*/src/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "e2e/**", "**/*.attack.test.ts"],
    // The compiled services that tests run as processes of their own, built once per run.
    globalSetup: ["scripts/vitest-global-setup.mjs"],
    // Bounds on a hung test, not measures of speed: twice what the slowest took on the slow-day
    // rehearsal (scripts/slow-day.mjs: 43 s for a test, over 60 s for a setup), so a day twice as
    // slow still passes, times how slow the machine is today (PARLEY_TEST_SLOWNESS, measured by
    // `pnpm test`: e2e/slowness.ts). Timed claims ("within 1 s") are assertions of their own.
    testTimeout: scaled(120_000),
    hookTimeout: scaled(180_000),
    pool: "forks",
    maxWorkers: 2,
    // Test files share a worker's module graph instead of re-importing the app for each file: the
    // import was half the run (464 s → 328 s wall on 2 cores, 1557 tests either way). No test mocks
    // modules or mutates process.env; each builds its own app, database and servers.
    isolate: false,
    sequence: { sequencer: SlowFirst },
  },
});
