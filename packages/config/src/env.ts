import { isIP } from "node:net";
import proxyAddr from "proxy-addr";
import { z } from "zod";

/** Turns a zod env failure into one line per variable, each naming the variable. */
export function formatEnvError(error: z.ZodError, source: Record<string, string | undefined>): string {
  const lines = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "(env)");
    const value = source[name];
    const shown = value === undefined ? "unset" : `got ${JSON.stringify(redact(name, value))}`;
    return `  ${name}: ${issue.message} (${shown})`;
  });
  return `Invalid environment configuration:\n${lines.join("\n")}`;
}

function redact(name: string, value: string): string {
  if (/SECRET|PASSWORD|KEY|TOKEN/i.test(name)) return "***";
  // Connection URLs (DATABASE_URL, SMTP_URL, REDIS_URL) carry passwords: never print them.
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/i, "$1:***@");
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Runs `stop` once, on the first SIGINT or SIGTERM (a second signal while stopping is ignored). */
export function stopOnSignals(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const once = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.once("SIGINT", () => once("SIGINT"));
  process.once("SIGTERM", () => once("SIGTERM"));
}

/**
 * A command's settings, read at its start: on a bad setting the reason goes to stderr under the
 * command's `name` (`[api]`, `[auth migrate]`) and the process exits with 1; other errors throw.
 */
export function envOrExit<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`[${name}] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

export function parseEnv<T extends z.ZodType>(
  schema: T,
  source: Record<string, string | undefined>,
): z.infer<T> {
  // Empty strings mean "unset" in .env files and compose files alike.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) throw new EnvError(formatEnvError(result.error, source));
  return result.data;
}

export const port = (fallback: number) =>
  z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be a port from 1 to 65535")
    .max(65535, "must be a port from 1 to 65535")
    .default(fallback);

export const httpUrl = z
  .url({ message: "must be an absolute http(s) URL" })
  .refine((v) => /^https?:\/\//.test(v), "must be an absolute http(s) URL")
  .transform((v) => v.replace(/\/+$/, ""));

export const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), "must be a postgres:// or postgresql:// connection string");

export const boolFlag = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** Named address ranges proxy-addr knows (Fastify's `trustProxy` resolves them). */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address (`X-Forwarded-For`), as Fastify's `trustProxy`:
 * `false` (the default: trust nobody, the TCP peer is the client), a number of proxy hops, or a
 * comma list of proxy IPs/CIDRs (and `loopback`, `linklocal`, `uniquelocal`). `true` trusts every
 * client's header — anyone could pick their own address and escape per-IP rate limits — so the
 * apps refuse it in production.
 */
/**
 * Migrations, read alike by both services: whether the server applies pending ones as it starts
 * (off when a separate step runs `node dist/migrate.js` first, as the Helm chart's Job does), and
 * how long it waits for the migration lock another replica or the Job holds before giving up.
 */
export const migrationShape = {
  MIGRATE_ON_BOOT: boolFlag.default(true),
  MIGRATION_LOCK_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(120),
};

/** What a service's `dist/migrate.js` reads: its database and the migration settings, no other secret. */
export const migrateEnvSchema = (defaultDataDir: string) =>
  z.object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    DATABASE_URL: postgresUrl.optional(),
    DATA_DIR: z.string().min(1).default(defaultDataDir),
    ...migrationShape,
  });

export const trustProxy = z.string().transform((v, ctx): boolean | number | string[] => {
  const s = v.trim();
  if (s === "true") return true;
  if (s === "false") return false;
  if (/^\d+$/.test(s)) return Number(s) === 0 ? false : Number(s);
  const list = s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  if (list.length && list.every(isAddressOrCidr)) return list;
  ctx.addIssue({
    code: "custom",
    message:
      "must be true, false, a number of proxy hops, or a comma list of proxy IPs/CIDRs (or loopback, linklocal, uniquelocal)",
  });
  return z.NEVER;
});
export type TrustProxy = z.output<typeof trustProxy>;

export const TRUST_PROXY_TRUE_IN_PRODUCTION =
  "must not be true in production: it trusts every client's X-Forwarded-For. List your proxies' addresses (or a hop count)";

/** How many addresses' trust a list of proxies remembers before it starts over. */
const TRUSTED_ADDRESSES_MEMO = 1000;

/**
 * Fastify's option for a parsed TRUST_PROXY (a hop count becomes proxy-addr's "first N hops"). A
 * list of proxies is compiled once, and each address's answer remembered: Fastify asks again on
 * every read of `request.ip`, and parsing the address each time cost a busy API more than the
 * rate limits that read it. The memo is bounded (a client's made-up X-Forwarded-For addresses are
 * asked about only behind a trusted proxy, and cannot grow it past its size).
 */
export function fastifyTrustProxy(value: TrustProxy) {
  if (typeof value === "number") return (_address: string, hop: number) => hop < value;
  if (typeof value === "boolean") return value;
  const trusted = proxyAddr.compile(value);
  const memo = new Map<string, boolean>();
  return (address: string, hop: number) => {
    let answer = memo.get(address);
    if (answer === undefined) {
      // A list's answer depends on the address alone, not on the hop.
      answer = trusted(address, hop);
      if (memo.size >= TRUSTED_ADDRESSES_MEMO) memo.clear();
      memo.set(address, answer);
    }
    return answer;
  };
}

/** Texts people leave in example configs instead of a secret. */
const PLACEHOLDER_PATTERNS = [
  /change[-_ .]?me/i,
  /replace[-_ .]?(me|this)/i,
  /your[-_ .]?[a-z0-9_ .-]*(secret|key|password|token)/i,
  /placeholder/i,
  /not[-_ .]?for[-_ .]?production/i,
  /dev[-_ .]?only/i,
  /^<.*>$/,
  /^(secret|password|changeit|admin|test|dev|default|xxx+)$/i,
];

export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/**
 * Why `value` cannot be a production secret, or undefined when it can: a development default the
 * code ships (`known`), a placeholder from an example file, or — for secrets we choose ourselves
 * (`strength: "ours"`; a gateway's issued password is what it is) — too short or too simple.
 */
export function weakSecretReason(
  value: string,
  known: readonly string[] = [],
  strength: "ours" | "issued" = "ours",
): string | undefined {
  if (known.includes(value) || PLACEHOLDER_PATTERNS.some((p) => p.test(value))) {
    return strength === "ours"
      ? "is a development default or a placeholder; set a long random value (openssl rand -hex 32)"
      : "is a placeholder; set the value your provider issued";
  }
  if (strength === "issued") return undefined;
  if (value.length < MIN_PRODUCTION_SECRET_LENGTH) {
    return `must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production (openssl rand -hex 32)`;
  }
  if (new Set(value).size < 8) return "is too simple to be a secret; set a long random value";
  return undefined;
}

/** The password inside a connection URL (postgres://user:pass@host), or undefined. */
export function urlPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/** Database passwords example files and old compose defaults used: refused in production. */
export const KNOWN_DATABASE_PASSWORDS = ["parley", "postgres", "password", "secret"] as const;
