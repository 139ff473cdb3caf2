// The server Playwright tests against: builds the web app when needed, then runs the API (which
// serves the built SPA) on 127.0.0.1 with a fresh, throw-away data directory.
//   E2E_BUILD=1   rebuild the web app even if apps/web/dist looks current
//   E2E_PORT      port to listen on (default 3100)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bin, isStale, root, run } from "./lib.mjs";

const port = process.env.E2E_PORT ?? "3100";
const distIndex = path.join(root, "apps/web/dist/index.html");
// isStale() walks folders; the single-file inputs are compared separately.
const webInputDirs = ["apps/web/src", "apps/web/public", "packages/contracts/src"].map((p) =>
  path.join(root, p),
);
const webInputFiles = ["apps/web/index.html", "apps/web/vite.config.ts"].map((p) => path.join(root, p));

function webBuildIsStale() {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return (
    isStale(distIndex, webInputDirs) ||
    webInputFiles.some((f) => existsSync(f) && statSync(f).mtimeMs > built)
  );
}

// Missing, forced, or older than its sources: a stale bundle would test yesterday's code.
if (process.env.E2E_BUILD === "1" || webBuildIsStale()) {
  console.log("[e2e] building the web app…");
  const code = await run("pnpm", ["--filter", "@parley/web", "build"]);
  if (code !== 0) process.exit(code);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "parley-e2e-"));
let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

// Each run starts empty; a DATABASE_URL from the shell (CI's Postgres) is not inherited on
// purpose so browser tests never touch the unit tests' database. E2E_DATABASE_URL opts in.
const env = {
  ...process.env,
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
};

const api = spawn(bin("tsx"), ["apps/api/src/server.ts"], { cwd: root, env, stdio: "inherit" });

const apiRunning = () => api.exitCode === null && api.signalCode === null;

// Ctrl+C and Playwright's graceful shutdown signal the whole process group, so the API usually
// gets the signal itself; forward it only if it is still running a moment later (a signal sent
// to this process alone), and force it down if it hangs.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (!apiRunning()) {
      cleanup();
      process.exit(0);
    }
    setTimeout(() => apiRunning() && api.kill(signal), 1000).unref();
    setTimeout(() => apiRunning() && api.kill("SIGKILL"), 10_000).unref();
  });
}

api.on("exit", (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
api.on("error", (err) => {
  console.error(`[e2e] could not start the API: ${err.message}`);
  cleanup();
  process.exit(1);
});
process.on("exit", cleanup);
