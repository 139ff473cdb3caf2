// What the benches share to run the services as processes of their own: a script of this folder,
// the compiled API with production settings, waiting for it and stopping it.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";

const appDir = path.resolve(import.meta.dirname, "..");

/** Stops a child process (SIGTERM) and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** Starts a script of this folder with this process's loader; resolves with its first stdout line. */
export async function startScript(file: string, args: string[]) {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, file), ...args],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0] ?? "");
    });
    child.once("exit", (code) => reject(new Error(`${file} exited (${code})`)));
  });
  return { child, line };
}

/**
 * The compiled API (`entry`) as in production, on 127.0.0.1:`port`, with fresh secrets, sandbox
 * payments, no web app and warnings only; `env` adds or overrides settings. Its log lines go to
 * stderr: a bench's stdout carries only its figure line.
 */
export function startApi(
  entry: string,
  opts: { port: number; authUrl: string; env: Record<string, string>; nodeArgs?: string[] },
): ChildProcess {
  return spawn(process.execPath, [...(opts.nodeArgs ?? []), entry], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      AUTH_URL: opts.authUrl,
      AUTH_EVENTS_SECRET: randomBytes(24).toString("hex"),
      MODEL_KEYS_SECRET: randomBytes(24).toString("hex"),
      PAYMENTS_MODE: "sandbox",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
      PAYMENTS_SANDBOX_SECRET: randomBytes(24).toString("hex"),
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
      ...opts.env,
    },
    stdio: ["ignore", 2, "inherit"],
  });
}

/** Waits until the API at `url` answers `/api/ready` (at most 3 minutes). */
export async function untilReady(url: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (i > 720) throw new Error("the API did not start");
    if (
      await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A JSON call to the API as a signed-in owner (`token`); a failed answer throws with its body. */
export async function apiJson(
  url: string,
  token: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}
