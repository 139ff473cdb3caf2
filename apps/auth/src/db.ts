import path from "node:path";
import {
  createDb,
  type DbHandle,
  jsonLineMigrationLog,
  type MigrationLog,
  silentMigrationLog,
} from "@parley/db";
import * as schema from "./db/schema";
import { type Env, migrationsFolder } from "./env";

export type AuthSchema = typeof schema;
export type AuthDb = DbHandle<AuthSchema>;

export const AUTH_MIGRATIONS_TABLE = "__auth_migrations";

/** What opening the auth database reads from the env (the migration settings default). */
export type AuthDbEnv = Pick<Env, "DATABASE_URL" | "DATA_DIR"> &
  Partial<Pick<Env, "MIGRATE_ON_BOOT" | "MIGRATION_LOCK_TIMEOUT_SECONDS">>;

/**
 * Opens the auth service's own database (Postgres, or PGlite under DATA_DIR/auth) and migrates it
 * unless MIGRATE_ON_BOOT is off (a migration Job ran `dist/migrate.js` first) or `opts.migrate`
 * says otherwise. In-memory databases (tests) migrate silently; the others log each step.
 */
export function openAuthDb(
  env: AuthDbEnv,
  opts: { inMemory?: boolean; migrate?: boolean; log?: MigrationLog } = {},
) {
  return createDb({
    url: env.DATABASE_URL,
    dataDir: opts.inMemory ? undefined : path.join(env.DATA_DIR, "auth"),
    schema,
    migrationsFolder,
    migrationsTable: AUTH_MIGRATIONS_TABLE,
    migrateOnOpen: opts.migrate ?? env.MIGRATE_ON_BOOT ?? true,
    migrationLockTimeoutMs: (env.MIGRATION_LOCK_TIMEOUT_SECONDS ?? 120) * 1000,
    log: opts.log ?? (opts.inMemory ? silentMigrationLog : jsonLineMigrationLog("auth-migrations")),
  });
}
