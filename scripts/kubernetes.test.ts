import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { envSchema as apiEnvSchema, loadEnv as loadApiEnv } from "../apps/api/src/env";
import { envSchema as authEnvSchema, loadEnv as loadAuthEnv } from "../apps/auth/src/env";

// deploy/kubernetes holds plain manifests (no Helm: it is not installable from the registries this
// project uses). There is no cluster here: this test renders them (every YAML document, each
// container's environment as Kubernetes would assemble it) and validates each object twice, against
// the Kubernetes API schemas of the `kubernetes-models` package (types, required fields, formats)
// and against its TypeScript types, which refuse a field Kubernetes does not have (as
// `kubectl apply --validate=strict` would), then checks that the pieces fit together.
const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, "deploy/kubernetes");

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

/** Every document of every manifest file, in file order. */
function render(): { file: string; object: K8sObject }[] {
  const out: { file: string; object: K8sObject }[] = [];
  // `kubectl apply -f deploy/kubernetes/` applies the folder's files, not example/ (the Secret the
  // operator creates from example/secret.yaml's command).
  const files = [...readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)), "example/secret.yaml"];
  for (const file of files) {
    for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), "utf8"))) {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      const object = doc.toJS() as K8sObject | null;
      if (object) out.push({ file, object });
    }
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

const objects = render().map((r) => r.object);
const find = (kind: string, name: string) => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind} ${name}`);
  return o;
};
const podSpec = (d: K8sObject) => (d.spec.template as { spec: PodSpec }).spec;
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const services = {
  api: { deployment: "parley-api", port: 3000, schema: apiEnvSchema, load: loadApiEnv },
  auth: { deployment: "parley-auth", port: 3001, schema: authEnvSchema, load: loadAuthEnv },
} as const;

/**
 * A container's environment as the kubelet assembles it (ConfigMaps whole, then `env`, which wins),
 * with the Secret's values — or, with `secrets`, the operator's own for the same keys.
 */
function containerEnv(c: Container, secrets?: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, find("ConfigMap", from.configMapRef.name).data);
    if (from.secretRef) Object.assign(env, find("Secret", from.secretRef.name).stringData);
  }
  for (const v of c.env ?? []) {
    const ref = v.valueFrom?.secretKeyRef;
    if (ref) {
      const value = (secrets ?? find("Secret", ref.name).stringData)?.[ref.key];
      if (value !== undefined) env[v.name] = value;
    } else if (v.value !== undefined) env[v.name] = v.value;
  }
  return env;
}

/** What an operator puts in the Secret: long random values, real-looking gateway credentials. */
const operatorSecrets: Record<string, string> = {
  "api-database-url": `postgres://parley:${randomBytes(12).toString("hex")}@db.internal:5432/parley_api`,
  "auth-database-url": `postgres://parley:${randomBytes(12).toString("hex")}@db.internal:5432/parley_auth`,
  "redis-url": "redis://redis.internal:6379/0",
  "better-auth-secret": randomBytes(32).toString("hex"),
  "auth-events-secret": randomBytes(32).toString("hex"),
  "model-keys-secret": randomBytes(32).toString("hex"),
  "identity-secrets-key": randomBytes(32).toString("hex"),
  "benefit-tranportal-id": "89012345",
  "benefit-tranportal-password": randomBytes(12).toString("hex"),
  "benefit-resource-key": randomBytes(16).toString("hex"),
  "mpgs-base-url": "https://ap-gateway.mastercard.com",
  "mpgs-merchant-id": "TEST0001",
  "mpgs-api-password": randomBytes(16).toString("hex"),
  "mpgs-webhook-secret": randomBytes(16).toString("hex"),
};

describe("deploy/kubernetes", () => {
  it("renders the expected objects", () => {
    const kinds = objects.map((o) => `${o.kind}/${o.metadata.name}`).sort();
    expect(kinds).toEqual(
      [
        "ConfigMap/parley-api",
        "ConfigMap/parley-auth",
        "Deployment/parley-api",
        "Deployment/parley-auth",
        "Ingress/parley",
        "PodDisruptionBudget/parley-api",
        "PodDisruptionBudget/parley-auth",
        "Secret/parley",
        "Service/parley-api",
        "Service/parley-auth",
      ].sort(),
    );
  });

  it("validates every object against the Kubernetes API schema", async () => {
    for (const o of objects) expect(await schemaErrors(o), `${o.kind}/${o.metadata.name}`).toBeUndefined();
  });

  it("has no field Kubernetes does not know (strict, as kubectl --validate=strict)", () => {
    // One type-check (a few seconds): the manifests, and after them one with a typo, which must be
    // the only object with an error.
    const typo = structuredClone(find("Deployment", "parley-api"));
    typo.spec.replica = 3;
    const errors = typeErrors([...objects, typo]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /Object literal may only specify known properties, and '"?replica"?' does not exist/,
    );
  });

  it("recognises broken manifests by the API schema", async () => {
    const api = structuredClone(find("Deployment", "parley-api"));
    const container = podSpec(api).containers[0] as unknown as Record<string, unknown>;
    container.ports = [{ name: "http", containerPort: "3000" }];
    expect(await schemaErrors(api)).toMatch(/containerPort must be integer/);
    const pdb = structuredClone(find("PodDisruptionBudget", "parley-api"));
    delete pdb.spec.selector;
    pdb.spec.maxUnavailable = true;
    expect(await schemaErrors(pdb)).toBeDefined();
  });

  for (const [name, svc] of Object.entries(services)) {
    describe(name, () => {
      const deployment = find("Deployment", svc.deployment);
      const spec = podSpec(deployment);
      const container = spec.containers[0] as Container;

      it("selects its own pods from the Deployment, the Service and the PodDisruptionBudget", () => {
        const labels = (deployment.spec.template as { metadata: { labels: Record<string, string> } }).metadata
          .labels;
        const matchLabels = (o: K8sObject) =>
          (o.spec.selector as { matchLabels: Record<string, string> }).matchLabels;
        expect(selects(matchLabels(deployment), labels)).toBe(true);
        const service = find("Service", svc.deployment);
        expect(selects(service.spec.selector as Record<string, string>, labels)).toBe(true);
        const pdb = find("PodDisruptionBudget", svc.deployment);
        expect(selects(matchLabels(pdb), labels)).toBe(true);
        // Only this Deployment's pods: the other service's labels do not match.
        const other = Object.values(services).find(
          (s) => s !== svc,
        ) as (typeof services)[keyof typeof services];
        const otherLabels = (
          find("Deployment", other.deployment).spec.template as {
            metadata: { labels: Record<string, string> };
          }
        ).metadata.labels;
        expect(selects(service.spec.selector as Record<string, string>, otherLabels)).toBe(false);
        const servicePort = (service.spec.ports as { port: number; targetPort: string }[])[0];
        expect(container.ports?.find((p) => p.name === servicePort?.targetPort)?.containerPort).toBe(
          svc.port,
        );
        expect(servicePort?.port).toBe(svc.port);
      });

      it("keeps serving through a rolling update and a node drain", () => {
        const strategy = deployment.spec.strategy as { rollingUpdate: { maxUnavailable: number } };
        expect(strategy.rollingUpdate.maxUnavailable).toBe(0);
        const replicas = deployment.spec.replicas as number;
        expect(replicas).toBeGreaterThanOrEqual(2);
        const pdb = find("PodDisruptionBudget", svc.deployment);
        expect(pdb.spec.maxUnavailable).toBe(1);
      });

      it("runs as the image's non-root user with a read-only root filesystem", () => {
        expect(spec.securityContext?.runAsNonRoot).toBe(true);
        expect(spec.securityContext?.runAsUser).toBe(1000); // `node` in node:22-bookworm-slim
        expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
        expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
      });

      it("sets only variables the service reads; it boots with the operator's secrets and refuses the examples", () => {
        const known = Object.keys(
          (svc.schema as unknown as { _zod?: { def?: { in?: { shape?: object } } }; shape?: object }).shape ??
            (svc.schema as unknown as { _zod: { def: { in: { shape: object } } } })._zod.def.in.shape,
        );
        const env = containerEnv(container, operatorSecrets);
        for (const key of Object.keys(env)) expect(known, key).toContain(key);
        const loaded = svc.load(env);
        expect(loaded.NODE_ENV).toBe("production");
        expect(loaded.PORT).toBe(svc.port);
        expect(loaded.DATABASE_URL).toMatch(/^postgres:\/\/.+@db\.internal:5432\/parley_/);
        // The example Secret's `change-me` values never start a service.
        expect(() => svc.load(containerEnv(container))).toThrow(/development default|placeholder|change-me/i);
        // Every key the container reads exists in the example Secret (a missing required key would
        // keep the pod in CreateContainerConfigError).
        const example = find("Secret", "parley").stringData ?? {};
        for (const v of container.env ?? []) {
          const ref = v.valueFrom?.secretKeyRef;
          if (ref) expect(Object.keys(example), v.name).toContain(ref.key);
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
    });
  }

  it("probes the API's liveness on /api/health and readiness on /api/ready, and auth on /ok", () => {
    const api = podSpec(find("Deployment", "parley-api")).containers[0] as Container;
    expect(api.livenessProbe?.httpGet?.path).toBe("/api/health");
    expect(api.startupProbe?.httpGet?.path).toBe("/api/health");
    expect(api.readinessProbe?.httpGet?.path).toBe("/api/ready");
    const auth = podSpec(find("Deployment", "parley-auth")).containers[0] as Container;
    for (const p of [auth.livenessProbe, auth.readinessProbe, auth.startupProbe])
      expect(p?.httpGet?.path).toBe("/ok");
    // The routes exist where the services define them.
    const health = readFileSync(path.join(root, "apps/api/src/modules/health/health.routes.ts"), "utf8");
    expect(health).toMatch(/"\/health"/);
    expect(health).toMatch(/"\/ready"/);
    expect(readFileSync(path.join(root, "apps/auth/src/app.ts"), "utf8")).toMatch(/"\/ok"/);
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

  it("routes both hosts through ingress-nginx with streaming unbuffered and long reads", () => {
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
    // The hosts are the ones the services are told browsers use.
    const hosts = rules.map((r) => r.host);
    expect(hosts).toContain(new URL(find("ConfigMap", "parley-api").data?.PUBLIC_URL ?? "").host);
    expect(hosts).toContain(new URL(find("ConfigMap", "parley-auth").data?.AUTH_URL ?? "").host);
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
