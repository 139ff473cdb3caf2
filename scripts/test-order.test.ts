import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { missingSlowFiles, SLOW_FILES, SLOW_SECONDS, slowFirst } from "./test-order.mjs";

const root = path.resolve(import.meta.dirname, "..");

describe("the order test files start in", () => {
  it("puts the known slow files first, longest first, and keeps the others' order", () => {
    const files = [
      "packages/db/src/a.test.ts",
      "apps/api/test/ops/backup.test.ts",
      "apps/web/src/b.test.ts",
      "apps/api/test/eval/eval.test.ts",
      "apps/api/test/ops/production.test.ts",
    ];
    expect(slowFirst(files, (f) => f)).toEqual([
      "apps/api/test/eval/eval.test.ts",
      "apps/api/test/ops/production.test.ts",
      "apps/api/test/ops/backup.test.ts",
      "packages/db/src/a.test.ts",
      "apps/web/src/b.test.ts",
    ]);
    expect(slowFirst([], (f: string) => f)).toEqual([]);
  });

  it("names only files that exist (a renamed file would silently start late)", () => {
    const gone = Object.keys(SLOW_FILES).filter((f) => !existsSync(path.join(root, f)));
    expect(gone).toEqual([]);
  });

  it("names a slow unit file missing from the list, not journeys, attack files or fast ones", () => {
    const times = [
      { name: "apps/api/test/new-slow.test.ts", seconds: SLOW_SECONDS + 5 },
      { name: "apps/api/test/fast.test.ts", seconds: SLOW_SECONDS - 1 },
      { name: "apps/api/test/eval/eval.test.ts", seconds: 200 },
      { name: "e2e/roles.spec.ts", seconds: 150 },
      { name: "apps/api/test/attack/edges-boot.attack.test.ts", seconds: 40 },
    ];
    expect(missingSlowFiles(times).map((f) => f.name)).toEqual(["apps/api/test/new-slow.test.ts"]);
  });

  it("asks more of a file on a slow day, when every file is slower", () => {
    const times = [
      { name: "apps/api/test/slow-today.test.ts", seconds: SLOW_SECONDS * 1.5 },
      { name: "apps/api/test/new-slow.test.ts", seconds: SLOW_SECONDS * 2 + 1 },
    ];
    expect(missingSlowFiles(times, 2).map((f) => f.name)).toEqual(["apps/api/test/new-slow.test.ts"]);
  });
});
