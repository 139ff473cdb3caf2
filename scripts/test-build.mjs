// The compiled services the tests run as processes of their own (the attack suite's production
// API, the crash and restart tests, the browser journeys' servers): built once per version of the
// sources and shared, instead of each process loading the TypeScript through tsx. A tsx boot
// transforms every module again and took three times the CPU of the bundle's; on a busy machine
// that was the difference between a 60 s boot deadline met and missed. Production runs these same
// bundles (scripts/build-services.mjs), so the tests also run what ships.
//
// The folder is apps/<app>/.build-test-<hash of the inputs>, one level under the app as dist/ is.
// Several runs may ask at once (the unit tests, the attack suite and the journeys start side by
// side): each builds into a folder of its own and renames it into place; the first rename wins and
// the others use it.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { buildService, serviceInputs, services } from "./build-services.mjs";
import { root } from "./lib.mjs";

/** Paths, sizes and modification times of every input file: a changed source is a new hash. */
function fingerprint(app) {
  const hash = createHash("sha256");
  const walk = (full) => {
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (!stat.isDirectory()) {
      hash.update(`${path.relative(root, full)}\0${stat.size}\0${stat.mtimeMs}\n`);
      return;
    }
    for (const entry of readdirSync(full).sort()) {
      if (entry === "node_modules" || entry === "dist" || entry.startsWith(".build-")) continue;
      walk(path.join(full, entry));
    }
  };
  for (const input of serviceInputs(app)) walk(path.join(root, input));
  walk(path.join(root, "scripts/build-services.mjs"));
  return hash.digest("hex").slice(0, 16);
}

const memo = new Map();

/** The folder of `app`'s compiled entry points for the sources as they are now (not built here). */
export function testBuildDir(app) {
  if (!services[app]) throw new Error(`unknown service ${app}`);
  let dir = memo.get(app);
  if (!dir) {
    dir = path.join(root, "apps", app, `.build-test-${fingerprint(app)}`);
    memo.set(app, dir);
  }
  return dir;
}

/** Builds `app` for the tests unless this version is built already; resolves with its folder. */
export async function ensureTestBuild(app) {
  const dir = testBuildDir(app);
  const complete = () => Object.keys(services[app]).every((name) => existsSync(path.join(dir, `${name}.js`)));
  if (complete()) return dir;
  const temp = `.build-tmp-${randomBytes(4).toString("hex")}`;
  const tempDir = path.join(root, "apps", app, temp);
  try {
    await buildService(app, { out: temp });
    try {
      renameSync(tempDir, dir);
    } catch (err) {
      // Another run put the same version in place first: use it.
      if (!complete()) throw err;
    }
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
  // Builds of older sources a day old or more: nothing still running uses them.
  const appDir = path.join(root, "apps", app);
  for (const entry of readdirSync(appDir)) {
    const full = path.join(appDir, entry);
    if (!entry.startsWith(".build-test-") || full === dir) continue;
    if (Date.now() - statSync(full).mtimeMs > 86_400_000) rmSync(full, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Runs `app`'s compiled server with `env` (and PATH and HOME; nothing else of the parent's) until
 * it exits by itself: for the tests of a boot that must refuse. Waits for the exit, however long
 * a busy machine makes the boot; the test's own timeout bounds it.
 */
export async function runServerToExit(app, env) {
  const entry = path.join(await ensureTestBuild(app), "server.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--enable-source-maps", entry], {
      cwd: path.join(root, "apps", app),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => {
      stdout += c;
    });
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
