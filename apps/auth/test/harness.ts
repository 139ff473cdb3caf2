import type { DbDriver } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { buildApp } from "../src/app";
import { type AuthDb, openAuthDb } from "../src/db";
import { type Env, loadEnv } from "../src/env";
import type { OutboxOptions } from "../src/events/outbox";

export { testDrivers } from "@parley/db/testing";

export const AUTH_URL = "http://auth.parley.test";
export const WEB_URL = "http://app.parley.test";

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: AuthDb;
  env: Env;
  /** Rebuilds the app on the same database (a restart). */
  restart(overrides?: { outbox?: Partial<OutboxOptions> }): Promise<TestApp["app"]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  outbox?: Partial<Omit<OutboxOptions, "db" | "log">>;
}

/**
 * The real app on a fresh database of the given driver: in-memory PGlite, or a new Postgres
 * database created for this suite and dropped by `close()`. Requests go through `app.inject`,
 * so AUTH_URL needs no DNS; outside systems (SMTP, the OIDC provider, the API receiver) are
 * real listeners on 127.0.0.1.
 */
export async function createTestApp(driver: DbDriver, options: TestAppOptions = {}): Promise<TestApp> {
  const scratch: ScratchDatabase = await createScratchDatabase(driver, "parley_auth_test");
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_URL,
    WEB_URL,
    API_URL: "http://127.0.0.1:9",
    AUTH_UI_DIR: "/nonexistent",
    BETTER_AUTH_SECRET: "test-better-auth-secret-0123456789abcdef",
    AUTH_EVENTS_SECRET: "test-auth-events-secret-0123456789abcdef",
    ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  });
  const db = await openAuthDb(env, { inMemory: true });
  let app = await buildApp({ env, db, logger: false, outbox: { pollIntervalMs: 60_000, ...options.outbox } });
  await app.ready();
  return {
    get app() {
      return app;
    },
    db,
    env,
    async restart(overrides = {}) {
      await app.close();
      app = await buildApp({ env, db, logger: false, outbox: { ...options.outbox, ...overrides.outbox } });
      await app.ready();
      return app;
    },
    async close() {
      await app.close();
      await db.close();
      await scratch.drop();
    },
  };
}

/** Polls until `fn` returns a value other than undefined (or throws after `timeoutMs`). */
export async function eventually<T>(
  fn: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
