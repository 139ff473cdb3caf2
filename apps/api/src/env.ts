import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  boolFlag,
  httpUrl,
  KNOWN_DATABASE_PASSWORDS,
  migrateEnvSchema as migrateEnvSchemaFor,
  migrationShape,
  parseEnv,
  port,
  postgresUrl,
  TRUST_PROXY_TRUE_IN_PRODUCTION,
  trustProxy,
  urlPassword,
  weakSecretReason,
} from "@parley/config";
import { DEV_AUTH_EVENTS_SECRET } from "@parley/contracts/server";
import { z } from "zod";

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = path.resolve(appRoot, "../..");

/** A comma-separated list (spaces around items ignored, empty items dropped); absent is empty. */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** What `dist/migrate.js` reads: the database and the migration settings, no other secret. */
export const migrateEnvSchema = migrateEnvSchemaFor(path.join(repoRoot, ".data"));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Postgres for this service; absent means embedded PGlite under DATA_DIR/api. */
  DATABASE_URL: postgresUrl.optional(),
  /**
   * Connections to Postgres this process holds at most. A burst of channel messages runs about
   * twenty short statements each, from the webhook requests and the channel workers at once.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, "must be at least 2").max(200).default(20),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, ".data")),
  ...migrationShape,
  /** Where browsers reach this app (SPA + API). */
  PUBLIC_URL: httpUrl.default("http://localhost:3000"),
  /**
   * The auth server (spec §1: "an auth server"): where browsers and this API reach better-auth at
   * its root (sessions, /token, /jwks), and the issuer of access tokens.
   */
  AUTH_URL: httpUrl.default("http://localhost:3001"),
  /**
   * The auth app (spec §1: "an auth app"): where signed-out browsers go to sign in
   * (`{AUTH_APP_URL}/auth?platform=parley`). Defaults to AUTH_URL, whose service serves those pages.
   */
  AUTH_APP_URL: httpUrl.optional(),
  /** Where this API fetches the auth service's JWKS when it differs from AUTH_URL (containers). */
  AUTH_INTERNAL_URL: httpUrl.optional(),
  /** Shared with the auth service: signs its events (user deleted) to this API. */
  AUTH_EVENTS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Encrypts the bots' identity secrets at rest. Defaults to a key derived from
   * AUTH_EVENTS_SECRET; set it to rotate that secret without breaking identity verification.
   */
  IDENTITY_SECRETS_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Wraps the data keys that encrypt bots' model API keys at rest (envelope encryption). Required in
   * production; elsewhere a key derived from AUTH_EVENTS_SECRET. To rotate it, set the new one here
   * and the old one in MODEL_KEYS_SECRET_PREVIOUS: stored keys keep working and are rewrapped under
   * the new secret at boot. Changed without that, stored keys become unreadable (answers fail until
   * each key is set again), so keep it with the database backups.
   */
  MODEL_KEYS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Earlier MODEL_KEYS_SECRET values, comma-separated: read during a rotation, never written. */
  MODEL_KEYS_SECRET_PREVIOUS: commaList.refine(
    (list) => list.every((s) => s.length >= 32),
    "each secret must be at least 32 characters",
  ),
  /** Built SPA to serve; absent folder means API only. */
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
  /** ISO currency the seeded plan catalogue is priced in. */
  PLANS_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a three-letter ISO 4217 code such as BHD")
    .default("BHD"),
  /**
   * `live`: BENEFIT and Mastercard. `sandbox`: the built-in gateway where anyone approves their own
   * payment. Default sandbox outside production; production must name it (sandbox only with
   * PAYMENTS_SANDBOX_IN_PRODUCTION=true, for a staging site).
   */
  PAYMENTS_MODE: z.enum(["sandbox", "live"], { message: "must be sandbox or live" }).optional(),
  /** Lets a production-mode staging site run the sandbox gateway (shown as "test mode"). */
  PAYMENTS_SANDBOX_IN_PRODUCTION: boolFlag.default(false),
  /** Merchant secret of the built-in sandbox gateway (signs its callbacks). */
  PAYMENTS_SANDBOX_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** How gateways and this process reach the API server-to-server; default http://127.0.0.1:PORT. */
  INTERNAL_URL: httpUrl.optional(),
  BENEFIT_TRANPORTAL_ID: z.string().optional(),
  BENEFIT_TRANPORTAL_PASSWORD: z.string().optional(),
  BENEFIT_RESOURCE_KEY: z.string().length(32, "must be the 32-character terminal resource key").optional(),
  BENEFIT_ENDPOINT: httpUrl.default("https://test.benefit-gateway.bh/payment/API/hosted.htm"),
  MPGS_BASE_URL: httpUrl.optional(),
  MPGS_MERCHANT_ID: z.string().optional(),
  MPGS_API_PASSWORD: z.string().optional(),
  MPGS_WEBHOOK_SECRET: z.string().optional(),
  /** Background jobs (period end, payment reconciliation) in this process. */
  JOBS_ENABLED: boolFlag.default(true),
  JOBS_INTERVAL_MS: z.coerce.number().int().min(1000, "must be at least 1000").default(60_000),
  /**
   * On SIGTERM: how long open answer streams may run on before they are cut. Requests stop being
   * accepted at once and running jobs are handed back to the queue for another replica.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600, "must be at most 600").default(10),
  /** Default OpenAI-compatible endpoint for bots set to use an AI model (OpenAI, Ollama, vLLM…). */
  LLM_BASE_URL: httpUrl.optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /**
   * Default OpenAI-compatible `/embeddings` endpoint and model: with both set (or per bot), chunks
   * get vectors at ingestion and retrieval fuses semantic and full-text ranking. The key is sent
   * only to this endpoint, never to a bot's own.
   */
  EMBEDDINGS_BASE_URL: httpUrl.optional(),
  EMBEDDINGS_MODEL: z.string().trim().min(1).max(200).optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  /** How long one embeddings request of the ingestion job may take (a batch of passages). */
  EMBEDDINGS_TIMEOUT_SECONDS: z.coerce.number().int().min(1, "must be at least 1").default(30),
  /** How long embedding a visitor's question may take before retrieval goes on with full text only. */
  EMBEDDINGS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(50, "must be at least 50").default(2000),
  /** Whether website sources may point at loopback/private addresses (off in production). */
  CRAWLER_ALLOW_PRIVATE: boolFlag.optional(),
  /** How long one page may take to load, body included, before the crawl skips it. */
  CRAWLER_TIMEOUT_SECONDS: z.coerce.number().int().min(1, "must be at least 1").default(10),
  /** Private sites the crawler may reach all the same (an intranet): comma-separated `host` or `host:port`. */
  CRAWLER_ALLOW_HOSTS: commaList,
  /**
   * Whether bots' model endpoints may be on loopback/private addresses (a local Ollama or vLLM).
   * Off in production by default; the host of LLM_BASE_URL is always allowed.
   */
  LLM_ALLOW_PRIVATE: boolFlag.optional(),
  /**
   * Whether webhook endpoints may be on loopback/private addresses. Off in production by default
   * (a workspace's endpoint must never reach the inner network); tests' receivers listen on 127.0.0.1.
   */
  WEBHOOKS_ALLOW_PRIVATE: boolFlag.optional(),
  /** How long one webhook attempt may take, answer included, before it counts as failed. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100, "must be at least 100").max(60_000).default(10_000),
  /** The first retry's wait; each next one is four times longer (capped at 6 h), for up to a day. */
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * The WhatsApp Cloud API's base URL (Meta's Graph API). Tests and development point it at a local
   * stand-in that speaks Meta's shapes; outside production it defaults to the one built into the
   * API (`/dev/whatsapp-graph`, with the simulator at `/dev/whatsapp`).
   */
  WHATSAPP_GRAPH_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, "must be an http(s) URL such as https://graph.facebook.com")
    .optional(),
  /** How long one call to the Graph API may take before it counts as failed (and is retried). */
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100, "must be at least 100").max(60_000).default(15_000),
  /**
   * How long a reply part that may have reached Meta (the process died mid-send, or the call got
   * no answer) waits for Meta's report before it is sent again: never twice, never lost.
   */
  WHATSAPP_SEND_DOUBT_MS: z.coerce
    .number()
    .int()
    .min(1_000, "must be at least 1000")
    .max(3_600_000)
    .default(120_000),
  /**
   * Channel jobs (customers' messages, sends, delivery reports) this process runs at once. Enough
   * that a burst finds one idle for each new message: a job handed to an idle worker by its own
   * insert costs no claim, and a process with none idle claims each job (a round trip), which at
   * 100 messages a second kept a queue from draining (`apps/api/bench/whatsapp.bench.ts`).
   */
  CHANNEL_WORKERS: z.coerce.number().int().min(1, "must be at least 1").max(64).default(32),
  /**
   * Webhook attempts this process runs at once (each endpoint in at most two of them: one receiver
   * that hangs cannot hold up another workspace's deliveries).
   */
  WEBHOOK_WORKERS: z.coerce.number().int().min(1, "must be at least 1").max(64).default(8),
  /** Resident memory (MB) and time (s) one uploaded file's parse process may use. */
  INGEST_MEMORY_MB: z.coerce.number().int().min(128, "must be at least 128").default(768),
  INGEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1, "must be at least 1").default(120),
  /**
   * Proxies allowed to tell the client's address in X-Forwarded-For (per-IP rate limits key on it):
   * their IPs/CIDRs, or a hop count. Default: nobody — the TCP peer is the client.
   */
  TRUST_PROXY: trustProxy.optional(),
  /**
   * Bearer token Prometheus sends to GET /metrics. Unset: /metrics answers 404 (nothing exposed).
   * The proxy (deploy/nginx.conf) never forwards /metrics: scrape each replica on the inner network.
   */
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  /** Shared rate-limit counters across replicas; in-memory per process when absent. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, "must be a redis:// or rediss:// URL")
    .optional(),
  /** Demo chatbots (showcase on /widget, one for the demo account). Default on outside production. */
  DEMO_CONTENT: boolFlag.optional(),
  /** Lets tests move the app clock forward (POST /api/internal/test-clock). Refused in production. */
  TEST_CLOCK: boolFlag.default(false),
});

type ParsedEnv = z.infer<typeof envSchema>;

/** Where the API serves its WhatsApp Cloud API stand-in outside production (and the simulator). */
export const WHATSAPP_STAND_IN_PATH = "/dev/whatsapp-graph";

export type Env = Omit<ParsedEnv, "PAYMENTS_MODE" | "PAYMENTS_SANDBOX_SECRET" | "TRUST_PROXY"> & {
  AUTH_EVENTS_SECRET: string;
  /** AUTH_APP_URL, or AUTH_URL when unset (one host serves both). */
  AUTH_APP_URL: string;
  PAYMENTS_MODE: "sandbox" | "live";
  PAYMENTS_SANDBOX_SECRET: string;
  TRUST_PROXY: NonNullable<ParsedEnv["TRUST_PROXY"]>;
  CRAWLER_ALLOW_PRIVATE: boolean;
  LLM_ALLOW_PRIVATE: boolean;
  WEBHOOKS_ALLOW_PRIVATE: boolean;
  WHATSAPP_GRAPH_URL: string;
  DEMO_CONTENT: boolean;
  /** Worth a line in the boot log; not errors. */
  warnings: string[];
};

// Used only outside production, so a newcomer needs no configuration at all; shared with auth.
export { DEV_AUTH_EVENTS_SECRET };
/** The sandbox gateway's merchant secret outside production (public: it is in this file). */
export const DEV_PAYMENTS_SANDBOX_SECRET = "parley-sandbox-gateway-secret";
/** Secrets this code ships for development: never accepted in production. */
const KNOWN_DEV_SECRETS = [DEV_AUTH_EVENTS_SECRET, DEV_PAYMENTS_SANDBOX_SECRET];

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = parseEnv(envSchema.superRefine(refuseUnsafeProduction), source);
  const production = env.NODE_ENV === "production";
  const paymentsMode = env.PAYMENTS_MODE ?? "sandbox";
  const warnings: string[] = [];
  if (production && paymentsMode === "sandbox") {
    warnings.push(
      "PAYMENTS_MODE=sandbox in production (PAYMENTS_SANDBOX_IN_PRODUCTION=true): payments go to the built-in test gateway, where anyone can approve their own payment. Use this only for a staging site.",
    );
  }
  return {
    ...env,
    PAYMENTS_MODE: paymentsMode,
    PAYMENTS_SANDBOX_SECRET: env.PAYMENTS_SANDBOX_SECRET ?? DEV_PAYMENTS_SANDBOX_SECRET,
    AUTH_EVENTS_SECRET: env.AUTH_EVENTS_SECRET ?? DEV_AUTH_EVENTS_SECRET,
    AUTH_APP_URL: env.AUTH_APP_URL ?? env.AUTH_URL,
    TRUST_PROXY: env.TRUST_PROXY ?? false,
    CRAWLER_ALLOW_PRIVATE: env.CRAWLER_ALLOW_PRIVATE ?? !production,
    LLM_ALLOW_PRIVATE: env.LLM_ALLOW_PRIVATE ?? !production,
    WEBHOOKS_ALLOW_PRIVATE: env.WEBHOOKS_ALLOW_PRIVATE ?? !production,
    // Production talks to Meta; elsewhere the stand-in built into this API answers by default.
    WHATSAPP_GRAPH_URL:
      env.WHATSAPP_GRAPH_URL ??
      (production
        ? "https://graph.facebook.com"
        : `${env.INTERNAL_URL ?? `http://127.0.0.1:${env.PORT}`}${WHATSAPP_STAND_IN_PATH}`),
    DEMO_CONTENT: env.DEMO_CONTENT ?? !production,
    warnings,
  };
}

/**
 * Production refuses development defaults: the sandbox gateway unless a staging site asks for it,
 * placeholder or development secrets, the test clock, and trusting every client's forwarding header.
 */
function refuseUnsafeProduction(env: ParsedEnv, ctx: z.RefinementCtx) {
  const issue = (path: keyof ParsedEnv, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  const production = env.NODE_ENV === "production";
  if (production) {
    if (!env.AUTH_EVENTS_SECRET) issue("AUTH_EVENTS_SECRET", "is required in production");
    if (!env.MODEL_KEYS_SECRET) {
      issue(
        "MODEL_KEYS_SECRET",
        "is required in production (it encrypts bots' model API keys): openssl rand -hex 32",
      );
    } else if (env.MODEL_KEYS_SECRET === env.AUTH_EVENTS_SECRET) {
      issue("MODEL_KEYS_SECRET", "must differ from AUTH_EVENTS_SECRET");
    }
    if (env.TEST_CLOCK) issue("TEST_CLOCK", "must not be enabled in production");
    if (env.TRUST_PROXY === true) issue("TRUST_PROXY", TRUST_PROXY_TRUE_IN_PRODUCTION);
    if (!env.PAYMENTS_MODE) {
      issue(
        "PAYMENTS_MODE",
        "is required in production: live (with the BENEFIT_* and MPGS_* credentials), or sandbox with PAYMENTS_SANDBOX_IN_PRODUCTION=true for a staging site",
      );
    } else if (env.PAYMENTS_MODE === "sandbox") {
      if (!env.PAYMENTS_SANDBOX_IN_PRODUCTION) {
        issue(
          "PAYMENTS_MODE",
          "must not be sandbox in production: anyone could approve their own payment. Use live, or set PAYMENTS_SANDBOX_IN_PRODUCTION=true on a staging site",
        );
      } else if (!env.PAYMENTS_SANDBOX_SECRET) {
        issue("PAYMENTS_SANDBOX_SECRET", "is required when the sandbox gateway runs in production");
      }
    }
    const secrets = [
      ["AUTH_EVENTS_SECRET", "ours"],
      ["PAYMENTS_SANDBOX_SECRET", "ours"],
      ["MODEL_KEYS_SECRET", "ours"],
      ["BENEFIT_TRANPORTAL_PASSWORD", "issued"],
      ["BENEFIT_RESOURCE_KEY", "issued"],
      ["MPGS_API_PASSWORD", "issued"],
      ["MPGS_WEBHOOK_SECRET", "issued"],
    ] as const;
    for (const [name, strength] of secrets) {
      const value = env[name];
      const reason = value === undefined ? undefined : weakSecretReason(value, KNOWN_DEV_SECRETS, strength);
      if (reason) issue(name, reason);
    }
    const dbPassword = urlPassword(env.DATABASE_URL);
    const dbReason = dbPassword && weakSecretReason(dbPassword, KNOWN_DATABASE_PASSWORDS, "issued");
    if (dbReason) issue("DATABASE_URL", `password ${dbReason}`);
  }
  if (env.PAYMENTS_MODE === "live") {
    const needed = [
      "BENEFIT_TRANPORTAL_ID",
      "BENEFIT_TRANPORTAL_PASSWORD",
      "BENEFIT_RESOURCE_KEY",
      "MPGS_BASE_URL",
      "MPGS_MERCHANT_ID",
      "MPGS_API_PASSWORD",
      "MPGS_WEBHOOK_SECRET",
    ] as const;
    for (const name of needed) {
      if (!env[name]) issue(name, "is required when PAYMENTS_MODE=live");
    }
  }
}

export const migrationsFolder = path.join(appRoot, "drizzle");
