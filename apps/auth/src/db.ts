import path from "node:path";
import { createDb, type DbHandle } from "@parley/db";
import * as schema from "./db/schema";
import { type Env, migrationsFolder } from "./env";

export type AuthSchema = typeof schema;
export type AuthDb = DbHandle<AuthSchema>;

/** Opens (and migrates) the auth service's own database: Postgres, or PGlite under DATA_DIR/auth. */
export function openAuthDb(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">, opts: { inMemory?: boolean } = {}) {
  return createDb({
    url: env.DATABASE_URL,
    dataDir: opts.inMemory ? undefined : path.join(env.DATA_DIR, "auth"),
    schema,
    migrationsFolder,
    migrationsTable: "__auth_migrations",
  });
}
