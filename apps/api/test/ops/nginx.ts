import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "./compiled";

/** Debian's nginx; NGINX_BIN names another. */
export const nginxBin = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

export interface LocalUpstreams {
  /** Where the proxy listens on 127.0.0.1 for the web app + API (compose: :3000) and for sign-in (:3001). */
  listenApi: number;
  listenAuth: number;
  /** The API replicas' ports on 127.0.0.1 (compose: `api:3000 resolve`, one per replica). */
  api: number[];
  auth: number;
  /** Temp files, logs and pid go here instead of /tmp. */
  dir: string;
}

/** One line of the access log: which replica(s) nginx tried for a request, and what came back. */
export interface ProxiedRequest {
  method: string;
  uri: string;
  status: number;
  /** Every upstream nginx tried, in order (more than one when it moved on to the next replica). */
  upstreams: string[];
  upstreamStatuses: string[];
}

/**
 * deploy/nginx.conf with local upstreams, and nothing else changed: the same location rules,
 * buffering, headers and retry policy. Compose's `server api:3000 resolve` needs Docker's DNS and
 * nginx 1.27.3 (Debian has 1.22), so each replica is named by its address instead; the
 * listeners move to 127.0.0.1 ports, and pid, temp files and the access log (with the upstream
 * each request went to) move into `dir`. Every substitution must find its line, so a change to
 * deploy/nginx.conf that this does not know about fails loudly instead of testing something else.
 */
export function nginxTestConfig(source: string, u: LocalUpstreams): string {
  const rules: [RegExp, string][] = [
    [/^worker_processes auto;$/m, "worker_processes 1;"],
    [/^pid \/tmp\/nginx\.pid;\n/m, ""],
    [
      /^ {2}access_log \/dev\/stdout;$/m,
      `  log_format upstreams '$request_method $uri $status "$upstream_addr" "$upstream_status"';\n  access_log ${u.dir}/access.log upstreams;`,
    ],
    [/^ {2}error_log \/dev\/stderr warn;$/m, "  error_log stderr warn;"],
    [/\/tmp\/nginx-client-body;/, `${u.dir}/client-body;`],
    [/\/tmp\/nginx-proxy;/, `${u.dir}/proxy;`],
    [/^ {2}resolver .*;\n/m, ""],
    [/^ {4}server api:3000 resolve;$/m, u.api.map((p) => `    server 127.0.0.1:${p};`).join("\n")],
    [/^ {4}server auth:3001 resolve;$/m, `    server 127.0.0.1:${u.auth};`],
    [/^ {4}listen 3000;$/m, `    listen 127.0.0.1:${u.listenApi};`],
    [/^ {4}listen 3001;$/m, `    listen 127.0.0.1:${u.listenAuth};`],
  ];
  let out = source;
  for (const [pattern, replacement] of rules) {
    if (!pattern.test(out))
      throw new Error(`deploy/nginx.conf no longer has ${pattern}: update nginxTestConfig`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

export interface Nginx {
  url: string;
  authUrl: string;
  output(): string;
  /** The access log so far. */
  requests(): ProxiedRequest[];
  stop(): Promise<void>;
}

function parseAccessLog(text: string): ProxiedRequest[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const m = /^(\S+) (\S+) (\d+) "([^"]*)" "([^"]*)"$/.exec(line);
      if (!m) throw new Error(`unexpected access log line: ${line}`);
      const list = (s: string | undefined) => (s && s !== "-" ? s.split(/\s*[,:]\s+/).filter(Boolean) : []);
      return {
        method: m[1] ?? "",
        uri: m[2] ?? "",
        status: Number(m[3]),
        upstreams: list(m[4]),
        upstreamStatuses: list(m[5]),
      };
    });
}

/** Runs nginx in the foreground on the test config of deploy/nginx.conf; resolves once it answers. */
export async function startNginx(u: Omit<LocalUpstreams, "dir">): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-nginx-"));
  // Run as root (this machine's tests), nginx's workers drop to `nobody`: they must reach the folder.
  chmodSync(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    nginxTestConfig(readFileSync(path.join(repoRoot, "deploy/nginx.conf"), "utf8"), { ...u, dir }),
  );
  let out = "";
  const child: ChildProcess = spawn(
    nginxBin,
    ["-e", "stderr", "-p", dir, "-c", conf, "-g", `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (c) => {
    out += c;
  });
  child.stderr?.on("data", (c) => {
    out += c;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${u.listenApi}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (gone) throw new Error(`nginx exited:\n${out}`);
    if (
      await fetch(`${url}/nginx-health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not answer:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const log = path.join(dir, "access.log");
  return {
    url,
    authUrl: `http://127.0.0.1:${u.listenAuth}`,
    output: () => out,
    requests: () => (existsSync(log) ? parseAccessLog(readFileSync(log, "utf8")) : []),
    async stop() {
      if (!gone) {
        // SIGQUIT: nginx's graceful stop (workers finish, then exit).
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
