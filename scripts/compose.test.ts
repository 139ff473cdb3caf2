import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema as apiEnvSchema, loadEnv as loadApiEnv } from "../apps/api/src/env";
import { envSchema as authEnvSchema, loadEnv as loadAuthEnv } from "../apps/auth/src/env";

// There is no Docker engine here, so this test keeps docker-compose.yml and the Dockerfiles
// consistent with what the apps actually read and listen on.
const root = path.resolve(import.meta.dirname, "..");
interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8")) as {
  services: Record<string, Service>;
};

/** `${VAR:-default}` resolved as compose would with nothing set in the shell. */
function resolve(env: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [
      k,
      String(v)
        .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, "$1")
        .replace(/\$\{[A-Z0-9_]+\}/g, ""),
    ]),
  );
}

/** Variable names an env schema reads (through a trailing transform, if any). */
function schemaKeys(schema: unknown): string[] {
  const s = schema as {
    shape?: object;
    in?: { shape?: object };
    _zod?: { def?: { in?: { shape?: object } } };
  };
  const shape = s.shape ?? s.in?.shape ?? s._zod?.def?.in?.shape;
  if (!shape) throw new Error("env schema has no object shape");
  return Object.keys(shape);
}

const apps = {
  api: { schema: apiEnvSchema, load: loadApiEnv },
  auth: { schema: authEnvSchema, load: loadAuthEnv },
} as const;

describe("docker-compose.yml and the Dockerfiles", () => {
  it("runs Postgres with pgvector and a health check, and creates one database per service", () => {
    const pg = compose.services.postgres;
    expect(pg?.image).toMatch(/^pgvector\/pgvector:pg1[5-9]$/);
    expect(pg?.healthcheck?.test.join(" ")).toContain("pg_isready");
    const init = readFileSync(path.join(root, "deploy/postgres-init.sql"), "utf8");
    const dbs = [...init.matchAll(/CREATE DATABASE (\w+)/gi)].map((m) => m[1]);
    const used = (["api", "auth"] as const).map((s) =>
      new URL(resolve(compose.services[s]?.environment).DATABASE_URL ?? "").pathname.slice(1),
    );
    expect(new Set(used).size).toBe(2);
    for (const db of used) expect(dbs).toContain(db);
  });

  for (const name of ["api", "auth"] as const) {
    describe(name, () => {
      const svc = compose.services[name] ?? {};
      const env = resolve(svc.environment);
      const dockerfilePath = path.join(root, svc.build?.context ?? ".", svc.build?.dockerfile ?? "");
      const dockerfile = existsSync(dockerfilePath) ? readFileSync(dockerfilePath, "utf8") : "";

      it("is built from a Dockerfile in the repo", () => {
        expect(dockerfile).toContain("FROM node:20");
      });

      it("sets only variables its env schema knows, and they parse", () => {
        const known = schemaKeys(apps[name].schema);
        for (const key of Object.keys(env)) expect(known, `${name}: ${key}`).toContain(key);
        expect(() => apps[name].load(env)).not.toThrow();
      });

      it("listens, exposes, publishes and health-checks the same port", () => {
        const port = env.PORT;
        expect(env.HOST).toBe("0.0.0.0");
        expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${port}$`, "m"));
        expect(svc.ports).toContain(`${port}:${port}`);
        expect(svc.healthcheck?.test.join(" ")).toContain(`127.0.0.1:${port}/`);
      });

      it("waits for a healthy Postgres and reaches it by service name", () => {
        expect(svc.depends_on?.postgres?.condition).toBe("service_healthy");
        expect(new URL(env.DATABASE_URL ?? "").hostname).toBe("postgres");
      });

      it("starts a server file that exists", () => {
        const cmd = /^CMD \[(.+)\]$/m.exec(dockerfile)?.[1] ?? "";
        const files = [...cmd.matchAll(/"([^"]+\.ts)"/g)].map((m) => m[1] ?? "");
        expect(files.length).toBe(1);
        for (const f of files) expect(existsSync(path.join(root, f)), f).toBe(true);
      });

      it("copies every workspace manifest before the frozen install", () => {
        for (const group of ["apps", "packages"]) {
          for (const dir of readdirSync(path.join(root, group))) {
            if (!existsSync(path.join(root, group, dir, "package.json"))) continue;
            expect(dockerfile, `${group}/${dir}`).toContain(
              `COPY ${group}/${dir}/package.json ${group}/${dir}/`,
            );
          }
        }
        expect(dockerfile.indexOf("pnpm install --frozen-lockfile")).toBeGreaterThan(
          dockerfile.lastIndexOf("/package.json "),
        );
      });
    });
  }

  it("wires the services to each other consistently", () => {
    const api = resolve(compose.services.api?.environment);
    const auth = resolve(compose.services.auth?.environment);
    expect(api.AUTH_URL).toBe(auth.AUTH_URL);
    expect(api.AUTH_EVENTS_SECRET).toBe(auth.AUTH_EVENTS_SECRET);
    expect(new URL(api.AUTH_INTERNAL_URL ?? "").host).toBe(`auth:${auth.PORT}`);
    expect(new URL(auth.API_URL ?? "").host).toBe(`api:${api.PORT}`);
    expect(api.PUBLIC_URL).toBe(auth.WEB_URL);
    expect(compose.services.api?.depends_on?.auth?.condition).toBe("service_healthy");
  });
});
