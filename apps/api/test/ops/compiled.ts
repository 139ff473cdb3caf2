import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scaled } from "../../../../scripts/slowness.mjs";
import { ensureTestBuild } from "../../../../scripts/test-build.mjs";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface CompiledApp {
  /** The folder holding the bundles (one level under the app, as dist/ is). */
  dir: string;
  entry(name: string): string;
}

/**
 * The service compiled with the production build (scripts/build-services.mjs), shared by every
 * test of this version of the sources (scripts/test-build.mjs): built once, only read.
 */
export async function buildCompiled(app: "api" | "auth"): Promise<CompiledApp> {
  const dir = await ensureTestBuild(app);
  return {
    dir,
    entry: (name) => path.join(dir, `${name}.js`),
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
export async function waitForOk(url: string, proc: NodeProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + scaled(timeoutMs);
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
