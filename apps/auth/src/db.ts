import { type DbHandle, type MigrationLog, openServiceDb } from "@parley/db";
import * as schema from "./db/schema";
import { type Env, migrationsFolder } from "./env";

export type AuthSchema = typeof schema;
export type AuthDb = DbHandle<AuthSchema>;

export const AUTH_MIGRATIONS_TABLE = "__auth_migrations";

/** What opening the auth database reads from the env (the migration settings default). */
export type AuthDbEnv = Pick<Env, "DATABASE_URL" | "DATA_DIR"> &
  Partial<Pick<Env, "MIGRATE_ON_BOOT" | "MIGRATION_LOCK_TIMEOUT_SECONDS">>;

/** Opens the auth service's own database as the env says, migrated (see openServiceDb). */
export function openAuthDb(
  env: AuthDbEnv,
  opts: { inMemory?: boolean; migrate?: boolean; log?: MigrationLog } = {},
) {
  return openServiceDb(
    { name: "auth", schema, migrationsFolder, migrationsTable: AUTH_MIGRATIONS_TABLE },
    env,
    opts,
  );
}
