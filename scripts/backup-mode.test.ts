import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// A backup holds customer data and password hashes: its owner alone may read it, whatever the
// umask and whatever file it replaces. (apps/api/test/ops/backup.test.ts backs up and restores
// real installs; this checks only the file's mode, on a stand-in PGlite folder.)
describe("pnpm backup's file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-backup-mode-"));
  const dataDir = path.join(dir, "data");
  for (const s of ["api", "auth"]) {
    mkdirSync(path.join(dataDir, s), { recursive: true });
    writeFileSync(path.join(dataDir, s, "PG_VERSION"), "16\n");
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A `tar` first on the PATH that notes the output file's mode as tar is about to write it, then
  // runs the real one: the file must already be the owner's alone (no window while it fills).
  const shim = path.join(dir, "bin");
  const seen = path.join(dir, "mode-seen");
  mkdirSync(shim);
  const realTar = (process.env.PATH ?? "")
    .split(path.delimiter)
    .map((d) => path.join(d, "tar"))
    .find((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
  writeFileSync(
    path.join(shim, "tar"),
    `#!/bin/sh\nif [ "$1" = "-czf" ]; then stat -c %a "$2" > "${seen}" 2>/dev/null || echo absent > "${seen}"; fi\nexec "${realTar}" "$@"\n`,
    { mode: 0o755 },
  );
  /** `pnpm backup <file>` in a process of its own, under umask 000, with the tar shim first on the PATH. */
  const backup = (file: string) =>
    execFileSync(
      "/bin/sh",
      [
        "-c",
        'umask 000 && exec "$0" "$@"',
        process.execPath,
        path.join(import.meta.dirname, "backup.mjs"),
        "backup",
        file,
      ],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          PATH: `${shim}${path.delimiter}${process.env.PATH ?? ""}`,
        },
        stdio: "pipe",
      },
    );

  it("is 0600 before tar writes a byte, with a permissive umask and when it replaces a world-readable file", () => {
    const fresh = path.join(dir, "fresh.tar.gz");
    backup(fresh);
    expect(readFileSync(seen, "utf8").trim()).toBe("600");
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
    const old = path.join(dir, "old.tar.gz");
    writeFileSync(old, "older backup");
    chmodSync(old, 0o644);
    backup(old);
    expect(readFileSync(seen, "utf8").trim()).toBe("600");
    expect(statSync(old).mode & 0o777).toBe(0o600);
    expect(statSync(old).size).toBeGreaterThan(20);
  });
});
