import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase, type ScratchDatabase, testDrivers } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { freePort } from "../harness";
import { buildCompiled, type CompiledApp, type NodeProcess, repoRoot, runNode, waitForOk } from "./compiled";

// Production runs compiled JavaScript with plain `node`: the images and `pnpm start` alike. This
// file reads the Dockerfiles (there is no Docker engine here) and runs the compiled entry points.
const root = repoRoot;
const SERVICES = { api: "apps/api/Dockerfile", auth: "apps/auth/Dockerfile" } as const;
/** The images' Node: the LTS every production dependency supports (some declare >= 22). */
const IMAGE_NODE_MAJOR = 22;
/** What `pnpm start` needs outside Docker (root package.json `engines`). */
const START_NODE = ">=20.19";

/** Package folders of an app's production dependencies, transitively, as pnpm laid them out. */
function productionClosure(appDir: string): Map<string, { dir: string; engines?: { node?: string } }> {
  const seen = new Map<string, { dir: string; engines?: { node?: string } }>();
  const visit = (fromDir: string, deps: Record<string, string> | undefined) => {
    for (const name of Object.keys(deps ?? {})) {
      let dir = fromDir;
      let found: string | undefined;
      for (;;) {
        const candidate = path.join(dir, "node_modules", name, "package.json");
        if (existsSync(candidate)) {
          found = realpathSync(path.dirname(candidate));
          break;
        }
        const up = path.dirname(dir);
        if (up === dir) break;
        dir = up;
      }
      if (!found) continue; // an optional dependency not installed on this platform
      const manifest = JSON.parse(readFileSync(path.join(found, "package.json"), "utf8"));
      const key = `${manifest.name}@${manifest.version}`;
      if (seen.has(key)) continue;
      seen.set(key, { dir: found, engines: manifest.engines });
      visit(found, { ...manifest.dependencies, ...manifest.optionalDependencies });
    }
  };
  const manifest = JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8"));
  visit(appDir, manifest.dependencies);
  return seen;
}

/** The lowest Node major a `>=x` / `^x` / `x.y` engines range lets in (undefined: no lower bound stated). */
function minimumMajor(range: string): number | undefined {
  const majors = [...range.matchAll(/(?:>=|\^|~|>)?\s*v?(\d+)(?:\.\d+)*/g)].map((m) => Number(m[1]));
  return majors.length ? Math.min(...majors) : undefined;
}

interface Stage {
  from: string;
  name: string | undefined;
  lines: string[];
}
function stages(dockerfile: string): Stage[] {
  const out: Stage[] = [];
  for (const raw of dockerfile.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ from: from[1] ?? "", name: from[2], lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

for (const [app, file] of Object.entries(SERVICES)) {
  describe(`${file}`, () => {
    const text = readFileSync(path.join(root, file), "utf8");
    const all = stages(text);
    const runtime = all.at(-1) as Stage;

    it("builds in one stage and runs from a slim stage of its own", () => {
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(runtime.from).toMatch(new RegExp(`^node:${IMAGE_NODE_MAJOR}(\\.\\d+)*-\\S*slim$`));
      // The build stage compiles and installs on the same Node as the runtime.
      for (const stage of all) expect(stage.from).toMatch(new RegExp(`^node:${IMAGE_NODE_MAJOR}\\b`));
      // The runtime stage starts from a base image, not from the build stage with its toolchain.
      expect(all.map((s) => s.name)).not.toContain(runtime.from);
    });

    it("compiles the service and deploys only its production dependencies", () => {
      const build = all.slice(0, -1).flatMap((s) => s.lines);
      expect(build.join("\n")).toContain(`pnpm --filter @parley/${app} build`);
      const deploy = build.find((l) => /pnpm .*deploy/.test(l)) ?? "";
      expect(deploy).toMatch(/--prod\b/);
      expect(deploy).toContain(`--filter @parley/${app}`);
      // The runtime stage gets the deployed folder and nothing else from the build.
      const copies = runtime.lines.filter((l) => l.startsWith("COPY"));
      expect(copies.length).toBeGreaterThan(0);
      for (const c of copies) expect(c).toMatch(/^COPY --from=\S+ \/(deploy|app\/apps\/web\/dist)/);
    });

    it("keeps the code and node_modules root's and read-only to the server; only /data is writable", () => {
      // The server must not be able to rewrite its own code or dependencies.
      for (const c of runtime.lines.filter((l) => /^(COPY|ADD)\s/i.test(l))) {
        expect(c).not.toMatch(/--chown/);
        expect(c).not.toMatch(/--chmod=\d*[2367]\d*\b/);
      }
      const runs = runtime.lines.filter((l) => /^RUN\s/i.test(l)).join("\n");
      const chowned = [...runs.matchAll(/\bchown\s+(?:-\S+\s+)*\S+\s+(\S+)/g)].map((m) => m[1]);
      expect(chowned).toEqual(["/data"]);
      expect(runs).not.toMatch(/chmod\s+(-R\s+)?(\d*7\d*|[ao]\+w)/);
      expect(text).toMatch(/DATA_DIR=\/data/);
      // USER comes after every COPY and RUN: nothing runs as the server's user while building.
      const userAt = runtime.lines.findIndex((l) => /^USER\s/i.test(l));
      const lastWrite = runtime.lines.findLastIndex((l) => /^(COPY|ADD|RUN)\s/i.test(l));
      expect(userAt).toBeGreaterThan(lastWrite);
    });

    it("runs as a non-root user", () => {
      const users = runtime.lines.filter((l) => /^USER\s/i.test(l));
      expect(users.length).toBe(1);
      expect(users[0]).not.toMatch(/^USER\s+(root|0)(:|$)/i);
    });

    it("runs the compiled server with node, never tsx", () => {
      const cmd = JSON.parse(/^CMD\s+(\[.+\])$/m.exec(runtime.lines.join("\n"))?.[1] ?? "[]") as string[];
      expect(cmd[0]).toBe("node");
      expect(cmd.at(-1)).toBe("dist/server.js");
      expect(runtime.lines.join("\n")).not.toMatch(/tsx/);
      const manifest = JSON.parse(readFileSync(path.join(root, `apps/${app}/package.json`), "utf8"));
      expect(Object.keys(manifest.dependencies)).not.toContain("tsx");
      expect(Object.keys(manifest.devDependencies)).toContain("tsx");
    });

    it("health-checks the port it exposes", () => {
      const port = /^EXPOSE (\d+)$/m.exec(text)?.[1];
      expect(port).toBeDefined();
      expect(text).toMatch(new RegExp(`HEALTHCHECK .*127\\.0\\.0\\.1:${port}/`));
    });
  });
}

describe("the Node the images and `pnpm start` run on", () => {
  it.each(Object.keys(SERVICES))("%s: every production dependency supports the images' Node", (app) => {
    const closure = productionClosure(path.join(root, "apps", app));
    expect(closure.size).toBeGreaterThan(20);
    const tooNew = [...closure.entries()]
      .filter(([, p]) => p.engines?.node && (minimumMajor(p.engines.node) ?? 0) > IMAGE_NODE_MAJOR)
      .map(([k, p]) => `${k} (${p.engines?.node})`);
    expect(tooNew).toEqual([]);
  });

  it("names the dependencies that need Node 22, and keeps pnpm start on Node 20.19+", () => {
    const needs22 = Object.keys(SERVICES).flatMap((app) =>
      [...productionClosure(path.join(root, "apps", app)).entries()]
        .filter(([, p]) => p.engines?.node && (minimumMajor(p.engines.node) ?? 0) >= 22)
        .map(([k]) => k.replace(/@[^@]+$/, "")),
    );
    // Why the images are on 22 (issue #26): these declare it.
    expect(needs22).toEqual(expect.arrayContaining(["kysely"]));
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(manifest.engines.node).toBe(START_NODE);
    const lib = readFileSync(path.join(root, "scripts/lib.mjs"), "utf8");
    expect(lib).toMatch(/20\.19|\[20, 19\]/);
  });

  it("reads engine ranges as npm writes them", () => {
    expect(minimumMajor(">=22.0.0")).toBe(22);
    expect(minimumMajor(">= 0.6")).toBe(0);
    expect(minimumMajor("^20.19.0 || >=22.12.0")).toBe(20);
    expect(minimumMajor(">=18")).toBe(18);
  });
});

describe.each(testDrivers())("the compiled services on %s", (driver) => {
  let api: CompiledApp;
  let auth: CompiledApp;
  let authProc: NodeProcess | undefined;
  let apiProc: NodeProcess | undefined;
  let apiDb: ScratchDatabase;
  let authDb: ScratchDatabase;
  const dataDir = mkdtempSync(path.join(tmpdir(), "parley-compiled-"));
  let apiUrl = "";
  let authUrl = "";

  beforeAll(async () => {
    [api, auth] = await Promise.all([buildCompiled("api"), buildCompiled("auth")]);
    apiDb = await createScratchDatabase(driver, "parley_compiled");
    authDb = await createScratchDatabase(driver, "parley_compiled_auth");
    const [apiPort, authPort] = [await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    authUrl = `http://127.0.0.1:${authPort}`;
    const eventsSecret = randomBytes(32).toString("hex");
    authProc = runNode(auth.entry("server"), {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(authPort),
      AUTH_URL: authUrl,
      WEB_URL: apiUrl,
      API_URL: apiUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      AUTH_EVENTS_SECRET: eventsSecret,
      SMTP_URL: "smtp://127.0.0.1:9",
      ...(authDb.url ? { DATABASE_URL: authDb.url } : {}),
    });
    apiProc = runNode(api.entry("server"), {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(apiPort),
      PUBLIC_URL: apiUrl,
      AUTH_URL: authUrl,
      DATA_DIR: dataDir,
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "warn",
      AUTH_EVENTS_SECRET: eventsSecret,
      MODEL_KEYS_SECRET: randomBytes(32).toString("hex"),
      PAYMENTS_MODE: "sandbox",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
      PAYMENTS_SANDBOX_SECRET: randomBytes(32).toString("hex"),
      ...(apiDb.url ? { DATABASE_URL: apiDb.url } : {}),
    });
    // Bounds on a hung boot: on the slow-day rehearsal, beside the eval's CPU-bound run, a PGlite
    // boot in production mode took over 150 s.
    await Promise.all([
      waitForOk(`${authUrl}/ok`, authProc, 300_000),
      waitForOk(`${apiUrl}/api/health`, apiProc, 300_000),
    ]);
  }, scaled(360_000));
  afterAll(async () => {
    await Promise.all([apiProc?.stop(), authProc?.stop()]);
    await apiDb?.drop();
    await authDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers health and readiness from the API, migrations applied", async () => {
    const health = await fetch(`${apiUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: { driver: string } }).database.driver).toBe(driver);
    const ready = await fetch(`${apiUrl}/api/ready`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; checks: { migrations: { pending: string[] } } };
    expect(body.status).toBe("ready");
    expect(body.checks.migrations.pending).toEqual([]);
  });

  it("serves the auth service's signing keys", async () => {
    const res = await fetch(`${authUrl}/jwks`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: { kty: string; kid: string }[] };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]?.kid).toBeTruthy();
  });

  it("refuses a token the auth service did not sign (the API reads its JWKS)", async () => {
    const res = await fetch(`${apiUrl}/api/chatbots`, { headers: { authorization: "Bearer not.a.token" } });
    expect(res.status).toBe(401);
  });

  it("reads a PDF in the compiled parse process", async () => {
    const entry = api.entry("parse-child");
    expect(existsSync(entry)).toBe(true);
    const child = fork(entry, [], { serialization: "advanced", stdio: ["ignore", "ignore", "pipe", "ipc"] });
    const pdf = readFileSync(path.join(root, "apps/api/test/fixtures/kettle-handbook.pdf"));
    const answer = new Promise<{ kind: string; result?: { chunks: { body: string }[] } }>((resolve) => {
      child.on("message", (m: { kind: string }) => {
        if (m.kind !== "progress") resolve(m);
      });
    });
    child.send({
      id: 1,
      request: {
        kind: "file",
        data: new Uint8Array(pdf),
        type: "pdf",
        title: "Kettle",
        maxChars: 1_000_000,
        maxChunks: 1000,
        tooMuchText: "too much",
        tooManyChunks: "too many",
      },
    });
    const message = await answer;
    child.disconnect();
    expect(message.kind).toBe("done");
    expect(message.result?.chunks.map((c) => c.body).join(" ")).toMatch(/kettle/i);
  });

  it("refuses a hostile request to the parse process without crashing it", async () => {
    const child = fork(api.entry("parse-child"), [], {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    const answer = new Promise<{ kind: string; reason: string | null }>((resolve) => {
      child.on("message", (m: { kind: string; reason: string | null }) => {
        if (m.kind !== "progress") resolve(m);
      });
    });
    child.send({
      id: 2,
      request: {
        kind: "file",
        data: new Uint8Array(Buffer.from("%PDF-1.7\n\0\0\0 not really a pdf")),
        type: "pdf",
        title: "Broken",
        maxChars: 1000,
        maxChunks: 10,
        tooMuchText: "too much",
        tooManyChunks: "too many",
      },
    });
    const message = await answer;
    child.disconnect();
    expect(message.kind).toBe("failed");
  });

  it("exits 0 on SIGTERM", async () => {
    const [a, b] = await Promise.all([apiProc?.stop(), authProc?.stop()]);
    expect(a).toEqual({ code: 0, signal: null });
    expect(b).toEqual({ code: 0, signal: null });
  });
});
