import { type MigrationLog, openServiceDb } from "@parley/db";
import { type Env, migrationsFolder } from "../env";
import * as schema from "./schema";

export const API_MIGRATIONS_TABLE = "__api_migrations";

/** What opening this service's database reads from the env (the migration settings default). */
export type AppDbEnv = Pick<Env, "DATABASE_URL" | "DATA_DIR"> &
  Partial<Pick<Env, "MIGRATE_ON_BOOT" | "MIGRATION_LOCK_TIMEOUT_SECONDS" | "DATABASE_POOL_SIZE">>;

/** Opens this service's own database as the env says, migrated (see openServiceDb). */
export function openAppDb(
  env: AppDbEnv,
  opts: { inMemory?: boolean; migrate?: boolean; log?: MigrationLog } = {},
) {
  return openServiceDb(
    { name: "api", schema, migrationsFolder, migrationsTable: API_MIGRATIONS_TABLE },
    env,
    opts,
  );
}
