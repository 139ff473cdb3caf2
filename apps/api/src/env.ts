import path from "node:path";
import { fileURLToPath } from "node:url";
import { boolFlag, httpUrl, parseEnv, port, postgresUrl } from "@parley/config";
import { DEV_AUTH_EVENTS_SECRET } from "@parley/contracts/server";
import { z } from "zod";

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = path.resolve(appRoot, "../..");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Postgres for this service; absent means embedded PGlite under DATA_DIR/api. */
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, ".data")),
  /** Where browsers reach this app (SPA + API). */
  PUBLIC_URL: httpUrl.default("http://localhost:3000"),
  /** Where browsers and this API reach the auth service (better-auth at its root). */
  AUTH_URL: httpUrl.default("http://localhost:3001"),
  /** Where this API fetches the auth service's JWKS when it differs from AUTH_URL (containers). */
  AUTH_INTERNAL_URL: httpUrl.optional(),
  /** Shared with the auth service: signs its events (user deleted) to this API. */
  AUTH_EVENTS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Built SPA to serve; absent folder means API only. */
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
  /** ISO currency the seeded plan catalogue is priced in. */
  PLANS_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a three-letter ISO 4217 code such as BHD")
    .default("BHD"),
  PAYMENTS_MODE: z.enum(["sandbox", "live"], { message: "must be sandbox or live" }).default("sandbox"),
  /** Merchant secret of the built-in sandbox gateway (signs its callbacks). */
  PAYMENTS_SANDBOX_SECRET: z
    .string()
    .min(16, "must be at least 16 characters")
    .default("parley-sandbox-gateway-secret"),
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
  /** Default OpenAI-compatible endpoint for bots set to use an AI model (OpenAI, Ollama, vLLM…). */
  LLM_BASE_URL: httpUrl.optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** Whether website sources may point at loopback/private addresses (off in production). */
  CRAWLER_ALLOW_PRIVATE: boolFlag.optional(),
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

export type Env = z.infer<typeof envSchema> & {
  AUTH_EVENTS_SECRET: string;
  CRAWLER_ALLOW_PRIVATE: boolean;
  DEMO_CONTENT: boolean;
};

// Used only outside production, so a newcomer needs no configuration at all; shared with auth.
export { DEV_AUTH_EVENTS_SECRET };

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = parseEnv(envSchema.superRefine(requireProductionSecrets), source);
  return {
    ...env,
    AUTH_EVENTS_SECRET: env.AUTH_EVENTS_SECRET ?? DEV_AUTH_EVENTS_SECRET,
    CRAWLER_ALLOW_PRIVATE: env.CRAWLER_ALLOW_PRIVATE ?? env.NODE_ENV !== "production",
    DEMO_CONTENT: env.DEMO_CONTENT ?? env.NODE_ENV !== "production",
  };
}

function requireProductionSecrets(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  if (env.NODE_ENV === "production" && !env.AUTH_EVENTS_SECRET) {
    ctx.addIssue({ code: "custom", path: ["AUTH_EVENTS_SECRET"], message: "is required in production" });
  }
  if (env.NODE_ENV === "production" && env.TEST_CLOCK) {
    ctx.addIssue({ code: "custom", path: ["TEST_CLOCK"], message: "must not be enabled in production" });
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
      if (!env[name])
        ctx.addIssue({ code: "custom", path: [name], message: "is required when PAYMENTS_MODE=live" });
    }
  }
}

export const migrationsFolder = path.join(appRoot, "drizzle");
