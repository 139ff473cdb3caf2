// Applies the auth service's pending migrations and exits: `node dist/migrate.js` in the image
// (the Helm chart's pre-install/pre-upgrade Job), `tsx src/cli/migrate.ts` from a checkout. It
// reads only DATABASE_URL (or DATA_DIR for PGlite) and the MIGRATION_* settings, never the other
// secrets. Each step is logged as a JSON line (pending tags, lock wait, each migration applied);
// a lock held past MIGRATION_LOCK_TIMEOUT_SECONDS fails it with exit code 1.
import { envOrExit, parseEnv } from "@parley/config";
import { openAuthDb as openDb } from "../db";
import { migrateEnvSchema } from "../env";

async function main() {
  const env = envOrExit("auth migrate", () => parseEnv(migrateEnvSchema, process.env));
  const db = await openDb({ ...env, DATABASE_URL: env.DATABASE_URL }, { migrate: true });
  await db.close();
}

main().catch((err) => {
  console.error("[auth migrate] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
