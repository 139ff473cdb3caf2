// What Playwright tests against, all on 127.0.0.1 with a fresh, throw-away data directory:
//   - an SMTP capture server (in this process) and its mailbox at http://127.0.0.1:3102/messages
//   - the auth service on :3101 (better-auth + the hosted sign-in UI), sending mail to that SMTP server
//   - the API on :3100, serving the built SPA and trusting the auth service's tokens
// Builds the web app and the auth UI first when they are missing or older than their sources, and
// runs the services compiled (scripts/test-build.mjs).
// The API starts last, once the auth service answers /ok, so Playwright's wait for /api/health
// means everything is up.
//   E2E_BUILD=1   rebuild even if the builds look current
//   E2E_PORT, E2E_AUTH_PORT, E2E_MAIL_PORT   ports (default 3100, then the next two)
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isStale, root, run, service, waitFor } from "./lib.mjs";
import { startMailCapture } from "./mail-capture.mjs";
import { ensureTestBuild } from "./test-build.mjs";

const port = process.env.E2E_PORT ?? "3100";
const authPort = process.env.E2E_AUTH_PORT ?? String(Number(port) + 1);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? Number(port) + 2);
const webUrl = `http://127.0.0.1:${port}`;
const authUrl = `http://127.0.0.1:${authPort}`;
const forceBuild = process.env.E2E_BUILD === "1";
// Bundles built elsewhere (a run beside another in the same tree): used as they are, never rebuilt
// here, and handed to the services (WEB_DIST to the API, AUTH_UI_DIR to the auth service).
const webDist = process.env.WEB_DIST;
const authUiDir = process.env.AUTH_UI_DIR;

/** Missing, or older than any input folder or file. */
function buildIsStale(output, inputDirs, inputFiles) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return isStale(output, inputDirs) || inputFiles.some((f) => existsSync(f) && statSync(f).mtimeMs > built);
}

const fromRoot = (...paths) => paths.map((p) => path.join(root, p));

// A stale bundle would test yesterday's code.
if (
  !webDist &&
  (forceBuild ||
    buildIsStale(
      path.join(root, "apps/web/dist/index.html"),
      fromRoot(
        "apps/web/src",
        "apps/web/public",
        "apps/web/embed",
        "packages/contracts/src",
        "packages/ui/src",
      ),
      fromRoot(
        "apps/web/index.html",
        "apps/web/widget.html",
        "apps/web/vite.config.ts",
        "apps/web/vite.embed.config.ts",
      ),
    ))
) {
  console.log("[e2e] building the web app…");
  const code = await run("pnpm", ["--filter", "@parley/web", "build"]);
  if (code !== 0) process.exit(code);
}
if (
  !authUiDir &&
  (forceBuild ||
    buildIsStale(
      path.join(root, "apps/auth/dist/ui/index.html"),
      fromRoot("apps/auth/ui", "packages/ui/src", "packages/contracts/src"),
      fromRoot("apps/auth/vite.config.ts"),
    ))
) {
  console.log("[e2e] building the auth UI…");
  const code = await run("pnpm", ["--filter", "@parley/auth", "build:ui"]);
  if (code !== 0) process.exit(code);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "parley-e2e-"));
const children = [];
let mail;
let shuttingDown = false;

const running = (child) => child.exitCode === null && child.signalCode === null;

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  // Ctrl+C and Playwright's graceful shutdown signal the whole process group, so the services
  // usually got the signal themselves; forward it to any still running, and force them down if
  // they hang.
  const deadline = Date.now() + 10_000;
  let forwarded = false;
  while (children.some(running) && Date.now() < deadline) {
    if (!forwarded && Date.now() > deadline - 9_000) {
      for (const child of children.filter(running)) child.kill("SIGTERM");
      forwarded = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const child of children.filter(running)) child.kill("SIGKILL");
  await mail?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void shutdown(0));
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a service's compiled server (built once per version of the sources, as production runs it). */
async function start(name, app, env) {
  const entry = path.join(await ensureTestBuild(app), "server.js");
  const child = service(name, process.execPath, ["--enable-source-maps", entry], env);
  children.push(child);
  child.on("exit", (code, signal) => {
    if (shuttingDown) return;
    console.error(`[e2e] the ${name} stopped (${signal ?? `exit code ${code}`})`);
    void shutdown(code || 1);
  });
  child.on("error", (err) => {
    console.error(`[e2e] could not start the ${name}: ${err.message}`);
    void shutdown(1);
  });
  return child;
}

try {
  mail = await startMailCapture({
    root,
    httpPort: mailPort,
    log: (line) => console.log(`[mail] ${line}`),
  });
} catch (err) {
  console.error(`[e2e] could not start the SMTP capture server: ${err.message}`);
  await shutdown(1);
}
console.log(`[e2e] SMTP capture on ${mail.smtpUrl}, mailbox at ${mail.messagesUrl}`);

// Each run starts empty; a DATABASE_URL from the shell (CI's Postgres) is not inherited on
// purpose so browser tests never touch the unit tests' database. E2E_DATABASE_URL opts in.
const shared = {
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
};

const auth = await start("auth", "auth", {
  ...shared,
  PORT: authPort,
  AUTH_URL: authUrl,
  WEB_URL: webUrl,
  API_URL: webUrl,
  SMTP_URL: mail.smtpUrl,
  // Many sign-ups from one address in a run must not trip the limiter.
  RATE_LIMIT_ENABLED: "false",
  // The operator's console journeys sign in as this platform admin (e2e/console-helpers.ts).
  PLATFORM_ADMIN_EMAILS: process.env.E2E_OPERATOR_EMAIL ?? "console.operator@example.com",
  ...(authUiDir ? { AUTH_UI_DIR: authUiDir } : {}),
});

if (!(await waitFor(`${authUrl}/ok`, { timeoutMs: 90_000, isAlive: () => running(auth) }))) {
  console.error("[e2e] the auth service did not answer /ok in time");
  await shutdown(1);
}

const api = await start("api", "api", {
  ...shared,
  PORT: port,
  PUBLIC_URL: webUrl,
  AUTH_URL: authUrl,
  // POST /api/internal/test-clock: the billing journey moves time to a period end.
  TEST_CLOCK: "true",
  // As behind a proxy: a test may speak for its own client address (X-Forwarded-For), so it can
  // spend a per-address limit for real without starving the other tests (all from 127.0.0.1).
  TRUST_PROXY: "127.0.0.1",
  ...(webDist ? { WEB_DIST: webDist } : {}),
});

if (!(await waitFor(`${webUrl}/api/health`, { timeoutMs: 90_000, isAlive: () => running(api) }))) {
  console.error("[e2e] the API did not answer /api/health in time");
  await shutdown(1);
}
console.log(`[e2e] ready: web and API ${webUrl}, auth ${authUrl}`);
