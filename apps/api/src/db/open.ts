import path from "node:path";
import { createDb, jsonLineMigrationLog, type MigrationLog, silentMigrationLog } from "@parley/db";
import { type Env, migrationsFolder } from "../env";
import * as schema from "./schema";

export const API_MIGRATIONS_TABLE = "__api_migrations";

/** What opening this service's database reads from the env (the migration settings default). */
export type AppDbEnv = Pick<Env, "DATABASE_URL" | "DATA_DIR"> &
  Partial<Pick<Env, "MIGRATE_ON_BOOT" | "MIGRATION_LOCK_TIMEOUT_SECONDS">>;

/**
 * Opens this service's own database as the env says, and migrates it unless MIGRATE_ON_BOOT is off
 * (a migration Job ran `dist/migrate.js` first) or `opts.migrate` says otherwise. In-memory
 * databases (tests) migrate silently; the others log each step as JSON lines.
 */
export function openAppDb(
  env: AppDbEnv,
  opts: { inMemory?: boolean; migrate?: boolean; log?: MigrationLog } = {},
) {
  return createDb({
    url: env.DATABASE_URL,
    dataDir: opts.inMemory ? undefined : path.join(env.DATA_DIR, "api"),
    schema,
    migrationsFolder,
    migrationsTable: API_MIGRATIONS_TABLE,
    migrateOnOpen: opts.migrate ?? env.MIGRATE_ON_BOOT ?? true,
    migrationLockTimeoutMs: (env.MIGRATION_LOCK_TIMEOUT_SECONDS ?? 120) * 1000,
    log: opts.log ?? (opts.inMemory ? silentMigrationLog : jsonLineMigrationLog("api-migrations")),
  });
}
