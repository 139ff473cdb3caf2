import { randomBytes } from "node:crypto";
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
  container_name?: string;
  deploy?: { replicas?: number };
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  stop_grace_period?: string;
  volumes?: string[];
  restart?: string;
}
const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8")) as {
  services: Record<string, Service>;
  networks?: Record<string, { ipam?: { config?: { subnet: string }[] } }>;
};
const nginx = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
/** The proxy's fixed address on the compose network: the one address the services trust. */
const proxyAddress = (() => {
  const nets = compose.services.proxy?.networks;
  return nets && !Array.isArray(nets) ? Object.values(nets)[0]?.ipv4_address : undefined;
})();

/**
 * The operator's settings for a production start: what compose reads from `.env` or the shell.
 * Random secrets, and the sandbox allowed for a staging site (live needs a bank's credentials).
 */
const operator: Record<string, string> = {
  POSTGRES_PASSWORD: randomBytes(24).toString("hex"),
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  AUTH_EVENTS_SECRET: randomBytes(32).toString("hex"),
  MODEL_KEYS_SECRET: randomBytes(32).toString("hex"),
  PAYMENTS_MODE: "sandbox",
  PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
  PAYMENTS_SANDBOX_SECRET: randomBytes(32).toString("hex"),
};

class MissingVariable extends Error {}

/** Interpolates as compose does: `${VAR:-default}`, `${VAR:?message}` (refuses to start), `${VAR}`. */
function resolve(
  env: Record<string, string> = {},
  shell: Record<string, string> = operator,
): Record<string, string> {
  const value = (name: string) => (shell[name] === "" ? undefined : shell[name]);
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [
      k,
      String(v).replace(
        /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
        (_m, name: string, op?: string, arg = "") => {
          const set = value(name);
          if (op === "?" && set === undefined) throw new MissingVariable(`${name}: ${arg}`);
          return set ?? (op === "-" ? arg : "");
        },
      ),
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

  it("restarts every service after a host or daemon restart, Postgres included", () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      expect(svc.restart, name).toBe("unless-stopped");
    }
  });

  it("counts Postgres healthy only over TCP, after first-boot setup ran", () => {
    // The image runs the init SQL on a temporary server listening on the socket only: a check
    // over the socket passes before the databases exist.
    const pg = compose.services.postgres;
    const check = pg?.healthcheck?.test.join(" ") ?? "";
    const user = (pg?.environment as Record<string, string> | undefined)?.POSTGRES_USER;
    expect(check).toMatch(/pg_isready /);
    expect(check).toMatch(/ -h 127\.0\.0\.1(\s|$)/);
    expect(check).toMatch(/ -p 5432(\s|$)/);
    expect(check).toContain(` -U ${user}`);
    // It checks a database the init SQL creates, so it fails until that SQL ran.
    const db = / -d (\w+)/.exec(check)?.[1] ?? "";
    const init = readFileSync(path.join(root, "deploy/postgres-init.sql"), "utf8");
    expect(init).toMatch(new RegExp(`CREATE DATABASE ${db}\\b`, "i"));
  });

  it("says Compose v2 is required, with the error Compose 1.x prints, in the header and README", () => {
    const text = readFileSync(path.join(root, "docker-compose.yml"), "utf8");
    // The top-level `name:` is what 1.x refuses.
    expect(text).toMatch(/^name: parley$/m);
    const header = text.slice(0, text.indexOf("\nname:"));
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const deploying = readme.slice(
      readme.indexOf("## Deploying"),
      readme.indexOf("\n## ", readme.indexOf("## Deploying") + 1),
    );
    for (const [where, doc] of [
      ["docker-compose.yml header", header],
      ["README Deploying", deploying],
    ] as const) {
      const flat = doc.replace(/^#\s?/gm, "").replace(/\s+/g, " ");
      expect(flat, where).toMatch(/Compose v2/);
      expect(flat, where).toContain("docker compose version");
      expect(flat, where).toContain("ERROR: The Compose file './docker-compose.yml' is invalid because:");
      expect(flat, where).toContain('Invalid top-level property "name"');
      expect(flat, where).toContain("'name' does not match any of the regexes: '^x-'");
    }
  });

  it("keeps the operator's .env out of the build context", () => {
    const rules = readFileSync(path.join(root, ".dockerignore"), "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    for (const rule of [".env", ".env.*", "**/.env", "**/.env.*"]) expect(rules).toContain(rule);
    // Nor do backups (`pnpm backup` writes parley-backup-<time>.tar.gz here by default).
    expect(rules).toContain("parley-backup-*.tar.gz");
    const gitignore = readFileSync(path.join(root, ".gitignore"), "utf8").split("\n");
    expect(gitignore).toContain("parley-backup-*.tar.gz");
    // The example file (no secrets) stays available, and is re-included after the exclusions.
    expect(rules.lastIndexOf("!.env.example")).toBeGreaterThan(rules.indexOf(".env.*"));
  });

  for (const name of ["api", "auth"] as const) {
    describe(name, () => {
      const svc = compose.services[name] ?? {};
      const env = resolve(svc.environment);
      const dockerfilePath = path.join(root, svc.build?.context ?? ".", svc.build?.dockerfile ?? "");
      const dockerfile = existsSync(dockerfilePath) ? readFileSync(dockerfilePath, "utf8") : "";

      it("is built from a Dockerfile in the repo", () => {
        expect(dockerfile).toContain("FROM node:22");
      });

      it("sets only variables its env schema knows, and they parse", () => {
        const known = schemaKeys(apps[name].schema);
        for (const key of Object.keys(env)) expect(known, `${name}: ${key}`).toContain(key);
        expect(() => apps[name].load(env)).not.toThrow();
      });

      it("listens, exposes and health-checks the same port, reached only through the proxy", () => {
        const port = env.PORT;
        expect(env.HOST).toBe("0.0.0.0");
        expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${port}$`, "m"));
        expect(svc.healthcheck?.test.join(" ")).toContain(`127.0.0.1:${port}/`);
        // Published by the proxy only; nginx forwards its own port to this service's.
        expect(svc.ports ?? []).toEqual([]);
        expect(svc.container_name).toBeUndefined();
        // The host side is a variable (PARLEY_APP_PORT, PARLEY_AUTH_PORT) defaulting to the same port.
        expect(Object.values(resolve({ ...(compose.services.proxy?.ports ?? []) }, {}))).toContain(
          `${port}:${port}`,
        );
        expect(nginx).toMatch(new RegExp(`server ${name}:${port} resolve;`));
        expect(nginx).toMatch(new RegExp(`listen ${port};`));
      });

      it("waits for a healthy Postgres and reaches it by service name", () => {
        expect(svc.depends_on?.postgres?.condition).toBe("service_healthy");
        expect(new URL(env.DATABASE_URL ?? "").hostname).toBe("postgres");
      });

      it("starts the compiled server the build writes", () => {
        const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(dockerfile)?.[1] ?? "[]") as string[];
        expect(cmd[0]).toBe("node");
        expect(cmd.at(-1)).toBe("dist/server.js");
        const build = readFileSync(path.join(root, "scripts/build-services.mjs"), "utf8");
        expect(build).toMatch(new RegExp(`${name}: \\{\\s*server: "src/server\\.ts"`));
        expect(existsSync(path.join(root, `apps/${name}/src/server.ts`))).toBe(true);
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
        const manifests = [...dockerfile.matchAll(/^COPY (apps|packages)\/[\w-]+\/package\.json /gm)];
        expect(dockerfile.indexOf("pnpm install --frozen-lockfile")).toBeGreaterThan(
          manifests.at(-1)?.index ?? Number.POSITIVE_INFINITY,
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
    expect(compose.services.api?.depends_on?.redis?.condition).toBe("service_healthy");
    expect(new URL(api.REDIS_URL ?? "").hostname).toBe("redis");
  });

  it("starts each service only once what it needs is healthy", () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const [dep, { condition }] of Object.entries(svc.depends_on ?? {})) {
        expect(condition, `${name} → ${dep}`).toBe("service_healthy");
        expect(compose.services[dep]?.healthcheck?.test.length, `${dep} health check`).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(compose.services.proxy?.depends_on ?? {}).sort()).toEqual(["api", "auth"]);
    expect(compose.services.redis?.image).toMatch(/^redis:7/);
    expect(compose.services.redis?.healthcheck?.test.join(" ")).toContain("redis-cli ping");
  });

  it("runs two API replicas by default and lets --scale change that", () => {
    const api = compose.services.api ?? {};
    expect(api.deploy?.replicas).toBe(2);
    // A fixed host port or container name would make a second replica fail to start.
    expect(api.ports).toBeUndefined();
    expect(api.container_name).toBeUndefined();
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length);
    expect(published.map(([n]) => n)).toEqual(["proxy"]);
  });

  it("publishes the proxy on host ports the operator sets (PARLEY_APP_PORT, PARLEY_AUTH_PORT)", () => {
    const ports = compose.services.proxy?.ports ?? [];
    const variable = (name: string, fallback: number) => `\${${name}:-${fallback}}`;
    expect(ports).toEqual([
      `${variable("PARLEY_APP_PORT", 3000)}:3000`,
      `${variable("PARLEY_AUTH_PORT", 3001)}:3001`,
    ]);
    const moved = resolve({ ...ports }, { PARLEY_APP_PORT: "8080", PARLEY_AUTH_PORT: "8081" });
    expect(Object.values(moved)).toEqual(["8080:3000", "8081:3001"]);
    // Documented where the other compose settings are.
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    for (const name of ["PARLEY_APP_PORT", "PARLEY_AUTH_PORT"]) expect(readme).toContain(`\`${name}\``);
  });

  it("gives a stopping replica longer than its grace period to finish open answers", () => {
    const grace = Number(resolve(compose.services.api?.environment).SHUTDOWN_GRACE_SECONDS);
    expect(loadApiEnv(resolve(compose.services.api?.environment)).SHUTDOWN_GRACE_SECONDS).toBe(grace);
    const stop = Number.parseInt(compose.services.api?.stop_grace_period ?? "10s", 10);
    expect(stop).toBeGreaterThan(grace);
  });

  it("proxies answer streams unbuffered and sets X-Forwarded-For from the client", () => {
    expect(compose.services.proxy?.volumes).toContain("./deploy/nginx.conf:/etc/nginx/nginx.conf:ro");
    expect(compose.services.proxy?.image).toMatch(/^nginx:1\.(2[89]|[3-9]\d)/); // upstream `resolve`
    const stream = /location ~ (\S+) \{([^}]*)\}/.exec(nginx);
    expect(stream?.[2]).toMatch(/proxy_buffering off;/);
    const routes = new RegExp(stream?.[1] ?? "^$");
    expect(routes.test("/api/widget/bot_1/conversations/cnv_1/messages")).toBe(true);
    expect(routes.test("/api/chatbots/bot_1/playground/messages")).toBe(true);
    expect(routes.test("/api/widget/bot_1/conversations")).toBe(false);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    // The client's own X-Forwarded-For is replaced, never appended to (it would be believed).
    expect(nginx).not.toMatch(/\$proxy_add_x_forwarded_for/);
  });
});

describe("docker-compose.yml ships no secrets", () => {
  const raw = (service: string) => compose.services[service]?.environment ?? {};
  const secretLike = /SECRET|PASSWORD|_KEY$/;

  it("makes the operator set every secret: compose refuses to start without one", () => {
    for (const [service, svc] of Object.entries(compose.services)) {
      for (const [name, value] of Object.entries(svc.environment ?? {})) {
        // Each secret is either required (`:?`) or empty unless set (gateway credentials, live only).
        for (const m of String(value).matchAll(/\$\{([A-Z0-9_]+)(:[-?])?([^}]*)\}/g)) {
          const [, variable = "", op, rest = ""] = m;
          if (!secretLike.test(variable)) continue;
          const emptyDefault = op === ":-" && rest === "";
          expect(op === ":?" || emptyDefault, `${service}.${name} (${variable}) has a default`).toBe(true);
        }
      }
    }
    for (const name of [
      "POSTGRES_PASSWORD",
      "BETTER_AUTH_SECRET",
      "AUTH_EVENTS_SECRET",
      "MODEL_KEYS_SECRET",
      "PAYMENTS_MODE",
    ]) {
      const { [name]: _dropped, ...shell } = operator;
      const attempt = () => {
        for (const service of ["postgres", "auth", "api"]) resolve(raw(service), shell);
      };
      expect(attempt, name).toThrow(MissingVariable);
      expect(attempt, name).toThrow(new RegExp(`^${name}: set `));
    }
  });

  it("boots both services in production with the operator's settings", () => {
    expect(resolve(raw("api")).NODE_ENV).toBe("production");
    expect(() => loadApiEnv(resolve(raw("api")))).not.toThrow();
    expect(() => loadAuthEnv(resolve(raw("auth")))).not.toThrow();
    // Behind the proxy, the services believe X-Forwarded-For from the proxy's address only.
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(loadApiEnv(resolve(raw("api"))).TRUST_PROXY).toEqual([proxyAddress]);
    expect(loadAuthEnv(resolve(raw("auth"))).TRUST_PROXY).toEqual([proxyAddress]);
  });

  it("trusts neither every client nor the whole network", () => {
    const subnet = compose.networks?.edge?.ipam?.config?.[0]?.subnet;
    expect(subnet).toBeDefined();
    for (const service of ["api", "auth"]) {
      const trusted = String(raw(service).TRUST_PROXY);
      expect(trusted).not.toContain(subnet ?? "");
      expect(trusted).not.toMatch(/:-true\}/);
      expect(trusted).not.toMatch(/\/\d+/);
    }
    expect(() => loadApiEnv(resolve(raw("api"), { ...operator, TRUST_PROXY: "true" }))).toThrow(
      /TRUST_PROXY: must not be true in production/,
    );
  });

  it("refuses the sandbox without the staging flag, and placeholder secrets an operator might paste", () => {
    const sandbox = { ...operator, PAYMENTS_SANDBOX_IN_PRODUCTION: "" };
    expect(() => loadApiEnv(resolve(raw("api"), sandbox))).toThrow(/PAYMENTS_MODE: must not be sandbox/);
    const pasted = { ...operator, AUTH_EVENTS_SECRET: "change-me-to-another-long-random-secret-0123" };
    expect(() => loadApiEnv(resolve(raw("api"), pasted))).toThrow(
      /AUTH_EVENTS_SECRET: is a development default/,
    );
    expect(() => loadAuthEnv(resolve(raw("auth"), pasted))).toThrow(
      /AUTH_EVENTS_SECRET: is a development default/,
    );
  });

  it("passes TRUST_PROXY to both services and documents it", () => {
    expect(Object.keys(raw("api"))).toContain("TRUST_PROXY");
    expect(Object.keys(raw("auth"))).toContain("TRUST_PROXY");
    const text = readFileSync(path.join(root, "docker-compose.yml"), "utf8");
    expect(text).toMatch(/# TRUST_PROXY/);
    const behindProxy = { ...operator, TRUST_PROXY: "172.20.0.5" };
    expect(loadApiEnv(resolve(raw("api"), behindProxy)).TRUST_PROXY).toEqual(["172.20.0.5"]);
    expect(loadAuthEnv(resolve(raw("auth"), behindProxy)).TRUST_PROXY).toEqual(["172.20.0.5"]);
  });
});

/** Variable names in the first column of the table that follows `marker` in a Markdown file. */
function documentedVariables(file: string, marker: string): Set<string> {
  const text = readFileSync(path.join(root, file), "utf8");
  const start = text.indexOf(marker);
  if (start < 0) throw new Error(`${file}: "${marker}" not found`);
  const lines = text.slice(start).split("\n");
  const first = lines.findIndex((l) => l.startsWith("|"));
  const names = new Set<string>();
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith("|")) break;
    const cell = line.split("|")[1] ?? "";
    for (const m of cell.matchAll(/`([A-Z0-9_<>]+)`/g)) names.add(m[1] ?? "");
  }
  return names;
}

describe("every setting the services read is wired through compose and documented", () => {
  const text = readFileSync(path.join(root, "docker-compose.yml"), "utf8");
  const leftOut = (parse(text) as { "x-env-left-out"?: Record<string, Record<string, string>> })[
    "x-env-left-out"
  ];
  const docs = {
    api: documentedVariables("README.md", "API (`apps/api/src/env.ts`):"),
    auth: documentedVariables("apps/auth/README.md", "## Configuration"),
  };

  for (const name of ["api", "auth"] as const) {
    const passed = compose.services[name]?.environment ?? {};
    const known = schemaKeys(apps[name].schema);

    it(`${name}: passes every variable its env schema reads, or lists it in x-env-left-out with a reason`, () => {
      const skipped = leftOut?.[name] ?? {};
      const missing = known.filter((key) => !(key in passed) && !(key in skipped));
      expect(missing, `${name}: neither passed nor in x-env-left-out`).toEqual([]);
      for (const [key, why] of Object.entries(skipped)) {
        expect(known, `x-env-left-out.${name}.${key} is not a setting of ${name}`).toContain(key);
        expect(passed, `${key} is both passed and left out`).not.toHaveProperty(key);
        expect(String(why).length, `${key}: say why`).toBeGreaterThan(10);
      }
    });

    it(`${name}: an operator's value reaches the service; unset stays unset`, () => {
      // Every `${VAR...}` the service reads under its own name is the operator's to set.
      const ownName = Object.entries(passed).filter(([key, v]) => String(v).includes(`\${${key}:`));
      expect(ownName.length).toBeGreaterThan(10);
      for (const [key, value] of ownName) {
        expect(String(value), key).toMatch(new RegExp(`^\\$\\{${key}:[-?][^}]*\\}$`));
        expect(resolve({ [key]: String(value) }, { ...operator, [key]: "operator-value" })[key], key).toBe(
          "operator-value",
        );
        if (String(value) === `\${${key}:-}`) {
          const { [key]: _unset, ...shell } = operator;
          expect(resolve({ [key]: String(value) }, shell)[key], key).toBe("");
        }
      }
      // An empty value counts as unset: the service boots on its own defaults.
      expect(() => apps[name].load(resolve(passed))).not.toThrow();
    });

    it(`${name}: its configuration table lists every variable`, () => {
      const documented = docs[name];
      const undocumented = known.filter(
        (key) =>
          !documented.has(key) &&
          !(/_CLIENT_ID$/.test(key) && documented.has("<PROVIDER>_CLIENT_ID")) &&
          !(/_CLIENT_SECRET$/.test(key) && documented.has("<PROVIDER>_CLIENT_SECRET")),
      );
      expect(undocumented, `${name}: missing from its README table`).toEqual([]);
    });
  }

  it("wires what the issue found missing: models, crawler, identity key, mail sender, sign-in settings", () => {
    const api = compose.services.api?.environment ?? {};
    const auth = compose.services.auth?.environment ?? {};
    for (const key of ["LLM_BASE_URL", "LLM_ALLOW_PRIVATE", "EMBEDDINGS_BASE_URL", "CRAWLER_ALLOW_HOSTS"])
      expect(api).toHaveProperty(key);
    for (const key of ["IDENTITY_SECRETS_KEY", "INGEST_MEMORY_MB", "JOBS_ENABLED", "LOG_LEVEL"])
      expect(api).toHaveProperty(key);
    for (const key of ["MAIL_FROM", "TRUSTED_ORIGINS", "GITHUB_CLIENT_ID", "PASSWORD_MIN_LENGTH"])
      expect(auth).toHaveProperty(key);
    const mail = loadAuthEnv(resolve(auth, { ...operator, MAIL_FROM: "Acme <help@acme.example>" }));
    expect(mail.MAIL_FROM).toBe("Acme <help@acme.example>");
    const model = loadApiEnv(
      resolve(api, { ...operator, LLM_BASE_URL: "http://ollama:11434/v1", LLM_ALLOW_PRIVATE: "true" }),
    );
    expect(model.LLM_BASE_URL).toBe("http://ollama:11434/v1");
    expect(model.LLM_ALLOW_PRIVATE).toBe(true);
  });
});

describe("README's Deploying section", () => {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const start = readme.indexOf("## Deploying");
  const deploying = readme.slice(start, readme.indexOf("\n## ", start + 1)).replace(/\s+/g, " ");

  it("covers compose v2, every setting, backups, upgrades and Kubernetes", () => {
    for (const topic of [
      "**Compose v2 is required.**",
      "**Settings.**",
      "x-env-left-out",
      "**Backups.**",
      "`pnpm backup [file]`",
      "`pnpm restore <file>`",
      "**Upgrades.**",
      "roll back",
      "expand/contract",
      "**Kubernetes.**",
      "deploy/helm/parley",
    ])
      expect(deploying, topic).toContain(topic);
    // The secrets to keep with a backup.
    for (const secret of [
      "MODEL_KEYS_SECRET",
      "IDENTITY_SECRETS_KEY",
      "AUTH_EVENTS_SECRET",
      "BETTER_AUTH_SECRET",
    ])
      expect(deploying.slice(deploying.indexOf("**Backups.**")), secret).toContain(`\`${secret}\``);
  });

  it("documents docker compose exec lines that name the real service, user and databases", () => {
    const init = readFileSync(path.join(root, "deploy/postgres-init.sql"), "utf8");
    const user = (compose.services.postgres?.environment as Record<string, string> | undefined)
      ?.POSTGRES_USER;
    const exec = /docker compose exec -T postgres pg_dump -U (\w+) [^"]*"\$db"/.exec(deploying);
    expect(exec?.[1]).toBe(user);
    expect(deploying).toMatch(
      new RegExp(`docker compose exec -T postgres psql [^<]*-U ${user} -d "\\$db" <`),
    );
    const loop = /for db in ([\w ]+); do/.exec(deploying)?.[1]?.split(" ") ?? [];
    expect(loop.length).toBe(2);
    for (const db of loop) expect(init).toMatch(new RegExp(`CREATE DATABASE ${db};`));
    const used = (["api", "auth"] as const).map((s) =>
      new URL(resolve(compose.services[s]?.environment).DATABASE_URL ?? "").pathname.slice(1),
    );
    expect(loop.sort()).toEqual(used.sort());
  });
});
