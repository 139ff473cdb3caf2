// Applies the api service's pending migrations and exits: `node dist/migrate.js` in the image
// (the Helm chart's pre-install/pre-upgrade Job), `tsx src/cli/migrate.ts` from a checkout. It
// reads only DATABASE_URL (or DATA_DIR for PGlite) and the MIGRATION_* settings, never the other
// secrets. Each step is logged as a JSON line (pending tags, lock wait, each migration applied);
// a lock held past MIGRATION_LOCK_TIMEOUT_SECONDS fails it with exit code 1.
import { envOrExit, parseEnv } from "@parley/config";
import { openAppDb as openDb } from "../db/open";
import { migrateEnvSchema } from "../env";

async function main() {
  const env = envOrExit("api migrate", () => parseEnv(migrateEnvSchema, process.env));
  const db = await openDb(env, { migrate: true });
  await db.close();
}

main().catch((err) => {
  console.error("[api migrate] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
