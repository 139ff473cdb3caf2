import type { DbDriver } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { type AppDb, buildApp, openAppDb } from "../src/app";
import { type Env, loadEnv } from "../src/env";

export { testDrivers } from "@parley/db/testing";

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: AppDb;
  env: Env;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the given driver: in-memory PGlite, or a new Postgres
 * database created for this suite and dropped by `close()`.
 */
export async function createTestApp(
  driver: DbDriver,
  envOverrides: Record<string, string> = {},
): Promise<TestApp> {
  const scratch: ScratchDatabase = await createScratchDatabase(driver, "parley_api_test");
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
    ...envOverrides,
  });
  const db = await openAppDb(env, { inMemory: true });
  const app = await buildApp({ env, db, logger: false });
  await app.services.plans.seed();
  await app.ready();
  return {
    app,
    db,
    env,
    async close() {
      await app.close();
      await db.close();
      await scratch.drop();
    },
  };
}
