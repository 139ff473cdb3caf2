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
import {
  clientIdVar,
  clientSecretVar,
  type ProviderCredentialVar,
  type ProviderSettings,
  providerExtras,
  SOCIAL_PROVIDER_IDS,
  type SocialProviderId,
} from "./social-providers";

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = path.resolve(appRoot, "../..");

/**
 * Used only outside production when the variable is unset, so a fresh clone runs with no setup.
 * Fixed (not random) so dev sessions and encrypted JWKS keys survive restarts. The events secret's
 * fallback (DEV_AUTH_EVENTS_SECRET) comes from @parley/contracts so the API falls back to the same.
 */
export const DEV_BETTER_AUTH_SECRET = "parley-dev-only-better-auth-secret-change-me-0001";
const MIN_SECRET_LENGTH = 32;

const originOnly = httpUrl.refine((v) => new URL(v).pathname === "/", "must be an origin without a path");

/** `https://a.example, https://*.b.example` → list; each entry an http(s) origin, `*` allowed in the host. */
const originList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim().replace(/\/+$/, ""))
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((o) => /^https?:\/\/[A-Za-z0-9.*-]+(:\d+)?$/.test(o)),
    "must be a comma-separated list of http(s) origins such as https://app.example.com",
  );

const platformSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, "id must be a short slug"),
  name: z.string().min(1),
  callbackURL: httpUrl,
});
export type Platform = z.infer<typeof platformSchema>;

const platformsJson = z.string().transform((v, ctx): Platform[] => {
  let raw: unknown;
  try {
    raw = JSON.parse(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be JSON: [{id, name, callbackURL}, …]" });
    return z.NEVER;
  }
  const parsed = z.array(platformSchema).safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    ctx.addIssue({
      code: "custom",
      message: `must be JSON [{id, name, callbackURL}, …]: ${first ? `${first.path.join(".")} ${first.message}` : "invalid"}`,
    });
    return z.NEVER;
  }
  return parsed.data;
});

const secret = z.string();
const optionalText = z.string().min(1).optional();

const providerShape = Object.fromEntries(
  SOCIAL_PROVIDER_IDS.flatMap((id) => [
    [clientIdVar(id), optionalText],
    [clientSecretVar(id), optionalText],
  ]),
) as Record<ProviderCredentialVar, typeof optionalText>;

/** What `dist/migrate.js` reads: the database and the migration settings, no other secret. */
export const migrateEnvSchema = migrateEnvSchemaFor(path.join(repoRoot, ".data"));

const baseShape = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port(3001),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Postgres for this service; absent means embedded PGlite under DATA_DIR/auth. */
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, ".data")),
  ...migrationShape,
  /**
   * The auth server (spec §1: "an auth server"): where browsers reach this service's API —
   * better-auth's baseURL, the JWT issuer, links in e-mails, the session cookie's host.
   */
  AUTH_URL: originOnly.default("http://localhost:3001"),
  /**
   * The auth app (spec §1: "an auth app"): where people see the sign-in pages (`/auth`). Defaults to
   * AUTH_URL, since this service serves them; another origin (this service under a second name, on
   * the same site so the session cookie is first-party) is trusted, and its pages call AUTH_URL.
   */
  AUTH_APP_URL: originOnly.optional(),
  /** The web app: a trusted origin, CORS origin, and home of the `parley` platform callback. */
  WEB_URL: httpUrl.default("http://localhost:3000"),
  /** The API, which receives auth events (account deletion) at /api/internal/auth-events. */
  API_URL: httpUrl.default("http://localhost:3000"),
  BETTER_AUTH_SECRET: secret.optional(),
  AUTH_EVENTS_SECRET: secret.optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/.+/.test(v), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Parley <no-reply@parley.localhost>"),
  PASSWORD_MIN_LENGTH: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(6, "must be at least 6")
    .max(256, "must be at most 256")
    .default(8),
  PASSWORD_MAX_LENGTH: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(6, "must be at least 6")
    .max(1024, "must be at most 1024")
    .default(128),
  REVOKE_SESSIONS_ON_PASSWORD_RESET: boolFlag.default(true),
  /** Seconds a session counts as fresh (better-auth `freshAge`); /unlink-account needs a fresh session. */
  SESSION_FRESH_AGE: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .default(60 * 60 * 24),
  TRUSTED_ORIGINS: originList.optional(),
  RATE_LIMIT_ENABLED: boolFlag.optional(),
  TRUST_PROXY: trustProxy.optional(),
  /** Seed the demo account (demo@parley.local). Default on outside production; refused in production. */
  DEMO_ACCOUNT: boolFlag.optional(),
  /**
   * Platform operators: these addresses get the platform role `admin` when they sign in with a
   * verified e-mail (the operator's console, /admin). Comma-separated; besides the admin CLI.
   */
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((e) => /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(e)),
      "must be a comma-separated list of e-mail addresses",
    )
    .optional(),
  PLATFORMS: platformsJson.optional(),
  /** Built auth UI to serve at /auth. */
  AUTH_UI_DIR: z.string().min(1).default(path.join(appRoot, "dist/ui")),
  APPLE_APP_BUNDLE_IDENTIFIER: optionalText,
  COGNITO_DOMAIN: optionalText,
  COGNITO_REGION: optionalText,
  COGNITO_USER_POOL_ID: optionalText,
  GITLAB_ISSUER: httpUrl.optional(),
  MICROSOFT_TENANT_ID: optionalText,
  MICROSOFT_AUTHORITY: httpUrl.optional(),
  MICROSOFT_DISABLE_PROFILE_PHOTO: boolFlag.optional(),
  PAYPAL_ENVIRONMENT: z.enum(["sandbox", "live"], { message: "must be sandbox or live" }).optional(),
  SALESFORCE_ENVIRONMENT: z
    .enum(["sandbox", "production"], { message: "must be sandbox or production" })
    .optional(),
  SALESFORCE_LOGIN_URL: optionalText,
};

type RawEnv = z.infer<z.ZodObject<typeof baseShape & typeof providerShape>>;

export const envSchema = z
  .object({ ...baseShape, ...providerShape })
  .superRefine((raw, ctx) => {
    const production = raw.NODE_ENV === "production";
    for (const name of ["BETTER_AUTH_SECRET", "AUTH_EVENTS_SECRET"] as const) {
      const value = raw[name];
      if (value === undefined && production) {
        ctx.addIssue({ code: "custom", path: [name], message: "is required in production" });
      } else if (value !== undefined && value.length < MIN_SECRET_LENGTH) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `must be at least ${MIN_SECRET_LENGTH} characters (use a long random value)`,
        });
      }
    }
    if (production) refuseWeakSecrets(raw, ctx);
    if (production && raw.TRUST_PROXY === true) {
      ctx.addIssue({ code: "custom", path: ["TRUST_PROXY"], message: TRUST_PROXY_TRUE_IN_PRODUCTION });
    }
    if (production && raw.DEMO_ACCOUNT) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_ACCOUNT"],
        message: "must not be enabled in production (its password is public)",
      });
    }
    if (raw.PASSWORD_MIN_LENGTH > raw.PASSWORD_MAX_LENGTH) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_MIN_LENGTH"],
        message: `must not be greater than PASSWORD_MAX_LENGTH (${raw.PASSWORD_MAX_LENGTH})`,
      });
    }
    for (const id of SOCIAL_PROVIDER_IDS) {
      const idVar = clientIdVar(id);
      const secretVar = clientSecretVar(id);
      const hasId = raw[idVar] !== undefined;
      const hasSecret = raw[secretVar] !== undefined;
      // Half a credential is a typo, not a wish to keep the provider off: say so instead of ignoring it.
      if (hasId !== hasSecret) {
        ctx.addIssue({
          code: "custom",
          path: [hasId ? secretVar : idVar],
          message: `is required when ${hasId ? idVar : secretVar} is set`,
        });
      }
      if (!hasId || !hasSecret) continue;
      for (const extra of providerExtras[id] ?? []) {
        if (extra.required && readExtra(raw, extra.env) === undefined) {
          ctx.addIssue({ code: "custom", path: [extra.env], message: `is required when ${idVar} is set` });
        }
      }
    }
  })
  .transform((raw) => {
    const production = raw.NODE_ENV === "production";
    const warnings: string[] = [];
    const betterAuthSecret = raw.BETTER_AUTH_SECRET ?? DEV_BETTER_AUTH_SECRET;
    const eventsSecret = raw.AUTH_EVENTS_SECRET ?? DEV_AUTH_EVENTS_SECRET;
    if (!raw.BETTER_AUTH_SECRET)
      warnings.push("BETTER_AUTH_SECRET is unset: using the fixed development secret");
    if (!raw.AUTH_EVENTS_SECRET)
      warnings.push("AUTH_EVENTS_SECRET is unset: using the fixed development secret");
    if (production && !raw.SMTP_URL) {
      warnings.push("SMTP_URL is unset: e-mails (with their sign-in links) are only written to the log");
    }
    if (production && raw.AUTH_URL.startsWith("http://")) {
      warnings.push("AUTH_URL is http:// in production: cookies are not marked Secure");
    }
    if (production && raw.AUTH_APP_URL?.startsWith("http://")) {
      warnings.push("AUTH_APP_URL is http:// in production: passwords would be typed on an unencrypted page");
    }
    const webOrigin = new URL(raw.WEB_URL).origin;
    const platforms = mergePlatforms(
      [{ id: "parley", name: "Parley", callbackURL: `${raw.WEB_URL}/auth/callback` }],
      raw.PLATFORMS ?? [],
    );
    return {
      NODE_ENV: raw.NODE_ENV,
      HOST: raw.HOST,
      PORT: raw.PORT,
      LOG_LEVEL: raw.LOG_LEVEL,
      DATABASE_URL: raw.DATABASE_URL,
      DATA_DIR: raw.DATA_DIR,
      MIGRATE_ON_BOOT: raw.MIGRATE_ON_BOOT,
      MIGRATION_LOCK_TIMEOUT_SECONDS: raw.MIGRATION_LOCK_TIMEOUT_SECONDS,
      AUTH_URL: raw.AUTH_URL,
      /** The sign-in pages' origin: AUTH_APP_URL, or AUTH_URL when unset. */
      AUTH_APP_URL: new URL(raw.AUTH_APP_URL ?? raw.AUTH_URL).origin,
      WEB_URL: raw.WEB_URL,
      API_URL: raw.API_URL,
      BETTER_AUTH_SECRET: betterAuthSecret,
      AUTH_EVENTS_SECRET: eventsSecret,
      SMTP_URL: raw.SMTP_URL,
      MAIL_FROM: raw.MAIL_FROM,
      PASSWORD_MIN_LENGTH: raw.PASSWORD_MIN_LENGTH,
      PASSWORD_MAX_LENGTH: raw.PASSWORD_MAX_LENGTH,
      REVOKE_SESSIONS_ON_PASSWORD_RESET: raw.REVOKE_SESSIONS_ON_PASSWORD_RESET,
      SESSION_FRESH_AGE: raw.SESSION_FRESH_AGE,
      TRUSTED_ORIGINS: raw.TRUSTED_ORIGINS ?? [],
      RATE_LIMIT_ENABLED: raw.RATE_LIMIT_ENABLED ?? production,
      TRUST_PROXY: raw.TRUST_PROXY ?? false,
      DEMO_ACCOUNT: raw.DEMO_ACCOUNT ?? !production,
      PLATFORM_ADMIN_EMAILS: raw.PLATFORM_ADMIN_EMAILS ?? [],
      AUTH_UI_DIR: raw.AUTH_UI_DIR,
      platforms,
      webOrigin,
      socialProviders: resolveSocialProviders(raw),
      /** Things worth a line in the boot log; not errors. */
      warnings,
    };
  });

export type Env = z.infer<typeof envSchema>;

/** Secrets this code ships for development: never accepted in production. */
const KNOWN_DEV_SECRETS = [DEV_BETTER_AUTH_SECRET, DEV_AUTH_EVENTS_SECRET];

/**
 * Production refuses the development secrets, placeholders from example files (`change-me…`) and
 * weak values of the secrets we choose; a provider's issued secret is refused only as a placeholder.
 */
function refuseWeakSecrets(raw: RawEnv, ctx: z.RefinementCtx) {
  const check = (name: string, value: string | undefined, strength: "ours" | "issued") => {
    const reason = value === undefined ? undefined : weakSecretReason(value, KNOWN_DEV_SECRETS, strength);
    if (reason) ctx.addIssue({ code: "custom", path: [name], message: reason });
  };
  check("BETTER_AUTH_SECRET", raw.BETTER_AUTH_SECRET, "ours");
  check("AUTH_EVENTS_SECRET", raw.AUTH_EVENTS_SECRET, "ours");
  for (const id of SOCIAL_PROVIDER_IDS) check(clientSecretVar(id), raw[clientSecretVar(id)], "issued");
  check("SMTP_URL", urlPassword(raw.SMTP_URL), "issued");
  const dbPassword = urlPassword(raw.DATABASE_URL);
  const dbReason = dbPassword && weakSecretReason(dbPassword, KNOWN_DATABASE_PASSWORDS, "issued");
  if (dbReason) ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: `password ${dbReason}` });
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  return parseEnv(envSchema, source);
}

export const migrationsFolder = path.join(appRoot, "drizzle");

function readExtra(raw: RawEnv, name: string): string | boolean | undefined {
  const value: unknown = (raw as Record<string, unknown>)[name];
  return typeof value === "string" || typeof value === "boolean" ? value : undefined;
}

function resolveSocialProviders(raw: RawEnv): Partial<Record<SocialProviderId, ProviderSettings>> {
  const enabled: Partial<Record<SocialProviderId, ProviderSettings>> = {};
  for (const id of SOCIAL_PROVIDER_IDS) {
    const clientId = raw[clientIdVar(id)];
    const clientSecret = raw[clientSecretVar(id)];
    if (!clientId || !clientSecret) continue;
    const settings: ProviderSettings = { clientId, clientSecret };
    for (const extra of providerExtras[id] ?? []) {
      const value = readExtra(raw, extra.env);
      if (value !== undefined) settings[extra.option] = value;
    }
    enabled[id] = settings;
  }
  return enabled;
}

/** Later entries replace earlier ones with the same id; order is kept. */
function mergePlatforms(defaults: Platform[], configured: Platform[]): Platform[] {
  const byId = new Map<string, Platform>();
  for (const p of [...defaults, ...configured]) byId.set(p.id, p);
  return [...byId.values()];
}
