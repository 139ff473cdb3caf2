import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface CompiledApp {
  /** The folder holding the bundles (one level under the app, as dist/ is). */
  dir: string;
  entry(name: string): string;
  remove(): void;
}

/**
 * Compiles a service with the production build (scripts/build-services.mjs) into a folder of the
 * test's own, so test files running at once never overwrite each other's bundles.
 */
export async function buildCompiled(app: "api" | "auth"): Promise<CompiledApp> {
  const out = `.build-${randomBytes(4).toString("hex")}`;
  await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, "scripts/build-services.mjs"), app, "--out", out],
    { cwd: repoRoot },
  );
  const dir = path.join(repoRoot, "apps", app, out);
  return {
    dir,
    entry: (name) => path.join(dir, `${name}.js`),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface NodeProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it has not gone after `ms`. */
  stop(ms?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a compiled entry point with plain `node` (no loader) and only the given environment. */
export function runNode(entry: string, env: Record<string, string>): NodeProcess {
  let out = "";
  const child = spawn(process.execPath, ["--enable-source-maps", entry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env },
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
  return {
    child,
    output: () => out,
    exited,
    async stop(ms = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), ms);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Polls `url` until it answers 2xx; throws with the process output when it exits or times out. */
export async function waitForOk(url: string, proc: NodeProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void proc.exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the process exited during boot:\n${proc.output()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
