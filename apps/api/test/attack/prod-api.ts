import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { widgetConversationSchema } from "@parley/contracts";
import type { DbDriver } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { scaled } from "../../../../scripts/slowness.mjs";
import { ensureTestBuild } from "../../../../scripts/test-build.mjs";
import { freePort } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The compiled server, as production runs it (built once per version of the sources). */
const compiledServer = async () => path.join(await ensureTestBuild("api"), "server.js");

/**
 * What a careful operator of a test site sets in production mode: random, long secrets (never a
 * development default), and payments named explicitly — the sandbox gateway, allowed for this
 * staging-like site with PAYMENTS_SANDBOX_IN_PRODUCTION, so payment paths run without a real bank.
 * TRUST_PROXY stays unset (trust no forwarding header): these tests talk to the API directly.
 */
/**
 * The database a hostile test runs its production API on: Postgres when the run has one (what
 * production runs), else PGlite. Refusals at boot, rate limits, hostile uploads and crawls and the
 * identity keys do not depend on the driver, and the API tests run on both; a test about what
 * survives a kill (stream-kill) runs on both drivers itself.
 */
export function productionDrivers(): DbDriver[] {
  return process.env.DATABASE_URL ? ["postgres"] : ["pglite"];
}

export function productionSecrets(): Record<string, string> {
  return {
    AUTH_EVENTS_SECRET: randomBytes(32).toString("hex"),
    MODEL_KEYS_SECRET: randomBytes(32).toString("hex"),
    PAYMENTS_MODE: "sandbox",
    PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
    PAYMENTS_SANDBOX_SECRET: randomBytes(32).toString("hex"),
  };
}

export interface ProdApi {
  url: string;
  issuer: TokenIssuer;
  /** Everything the process printed so far (stdout and stderr, in order, across restarts). */
  output(): string;
  /** True while the process has not exited. */
  alive(): boolean;
  /** The process's peak resident memory so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** The exit code or signal once it has exited. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** A signed access token for a user of this API. */
  token(sub: string, email?: string): Promise<string>;
  fetch(pathname: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** Sends a signal without waiting (SIGTERM: a graceful shutdown); see `exited`. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the current process has exited. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The Postgres database (undefined on PGlite) and data folder the process uses. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Kills the process at once (default SIGKILL: no shutdown hooks), and waits for it to go. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Boots the API again on the same database, data folder, port and settings. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

interface Spawned {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a compiled server.js with plain node, as production does. */
function spawnApi(env: Record<string, string>, entry: string, nodeOptions = ""): Spawned {
  let out = "";
  const child = spawn(process.execPath, ["--enable-source-maps", entry], {
    cwd: repoRoot,
    // Only what the test passes: the parent's env would leak DATABASE_URL, NODE_ENV and the like.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c) => {
    out += c;
  });
  child.stderr?.on("data", (c) => {
    out += c;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/**
 * Boots the API exactly as production does (`NODE_ENV=production`, its own process, real HTTP on
 * 127.0.0.1) on a fresh database of the driver, with a token issuer standing in for the auth
 * service. `env` adds or overrides settings; the defaults are what a careful operator sets.
 */
export async function startProdApi(
  driver: DbDriver,
  env: Record<string, string> = {},
  opts: { heapMb?: number; bootTimeoutMs?: number; entry?: string } = {},
): Promise<ProdApi> {
  const entry = opts.entry ?? (await compiledServer());
  const issuer = await startTokenIssuer();
  const scratch: ScratchDatabase = await createScratchDatabase(driver, "parley_attack");
  const dataDir = mkdtempSync(path.join(tmpdir(), "parley-attack-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const settings = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    AUTH_URL: issuer.url,
    DATA_DIR: dataDir,
    WEB_DIST: "/nonexistent",
    LOG_LEVEL: "warn",
    JOBS_INTERVAL_MS: "1000",
    ...productionSecrets(),
    ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  };
  let earlierOutput = "";
  let spawned: Spawned;
  let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const cleanup = async () => {
    await issuer.close();
    await scratch.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  const boot = async () => {
    exitInfo = undefined;
    spawned = spawnApi(settings, entry, opts.heapMb ? `--max-old-space-size=${opts.heapMb}` : "");
    const current = spawned;
    void current.exited.then((e) => {
      if (spawned === current) exitInfo = e;
    });
    // Only a bound on a hung boot (a compiled boot takes about a second on a quiet machine).
    const deadline = Date.now() + scaled(opts.bootTimeoutMs ?? 120_000);
    for (;;) {
      if (exitInfo) {
        throw new Error(`the API exited during boot (${JSON.stringify(exitInfo)}):\n${current.output()}`);
      }
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        current.child.kill("SIGKILL");
        throw new Error(`the API did not answer /api/health in time:\n${current.output()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    await boot();
  } catch (err) {
    await cleanup();
    throw err;
  }
  const kill = async (signal: NodeJS.Signals = "SIGKILL") => {
    if (exitInfo) return;
    spawned.child.kill(signal);
    await spawned.exited;
  };
  const token = (sub: string, email = `${sub}@example.com`) => issuer.sign({ sub, email });
  return {
    url,
    issuer,
    output: () => earlierOutput + spawned.output(),
    alive: () => exitInfo === undefined,
    peakRssMb: () => {
      const status = readFileSync(`/proc/${spawned.child.pid}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    signal: (signal) => {
      spawned.child.kill(signal);
    },
    exited: () => spawned.exited,
    databaseUrl: scratch.url,
    dataDir,
    exit: () => exitInfo,
    token,
    async fetch(pathname, init = {}) {
      const { token: bearer, headers, ...rest } = init;
      const h = new Headers(headers);
      if (bearer) h.set("authorization", `Bearer ${bearer}`);
      return fetch(`${url}${pathname}`, { ...rest, headers: h });
    },
    kill,
    async restart() {
      await kill();
      earlierOutput += spawned.output();
      await boot();
    },
    async stop() {
      if (!exitInfo) {
        spawned.child.kill("SIGTERM");
        const timer = setTimeout(() => spawned.child.kill("SIGKILL"), 10_000);
        await spawned.exited;
        clearTimeout(timer);
      }
      await cleanup();
    },
  };
}

/**
 * Boots the API in production mode with `env` and expects it to refuse: resolves with the exit
 * code and what it printed. A boot that comes up instead is killed and reported with code null.
 */
export async function expectBootRefused(
  env: Record<string, string>,
  // Only a bound on a hung boot: a refusal or a boot that comes up ends the wait at once.
  timeoutMs = 120_000,
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "parley-attack-"));
  const entry = await compiledServer();
  const spawned = spawnApi(
    {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_URL: "http://127.0.0.1:9",
      DATA_DIR: dataDir,
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "warn",
      ...env,
    },
    entry,
  );
  const timer = setTimeout(() => spawned.child.kill("SIGKILL"), scaled(timeoutMs));
  // A boot that should have been refused but came up: stop it at once instead of waiting.
  let done = false;
  void spawned.exited.then(() => {
    done = true;
  });
  while (!done) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      spawned.child.kill("SIGKILL");
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const { code } = await spawned.exited;
  clearTimeout(timer);
  rmSync(dataDir, { recursive: true, force: true });
  return { code, output: spawned.output() };
}

/** A visitor starts a widget conversation with the bot and asks one question: the answer's response. */
export async function askWidget(
  api: Pick<ProdApi, "fetch">,
  botId: string,
  visitor: string,
  content: string,
) {
  const started = await api.fetch(`/api/widget/${botId}/conversations`, {
    method: "POST",
    headers: { "x-parley-visitor": visitor },
  });
  const conv = widgetConversationSchema.parse(await started.json())._id;
  const res = await api.fetch(`/api/widget/${botId}/conversations/${conv}/messages`, {
    method: "POST",
    headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
    body: JSON.stringify({ content }),
  });
  return { conv, res };
}
