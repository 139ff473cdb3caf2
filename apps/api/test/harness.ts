import { createServer } from "node:net";
import path from "node:path";
import type { DbDriver } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import type { FastifyServerOptions } from "fastify";
import { ensureTestBuild } from "../../../scripts/test-build.mjs";
import { type AppDb, buildApp, openAppDb } from "../src/app";
import { type Env, loadEnv } from "../src/env";

export { testDrivers } from "@parley/db/testing";

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: AppDb;
  env: Env;
  /** Base URL when started with `listen: true` (real HTTP on 127.0.0.1). */
  url: string;
  close(): Promise<void>;
}

/**
 * A port nothing listens on now, for a server that starts a moment later. Not the kernel's next
 * ephemeral port: a port just released there was handed to another test process too (the same
 * port twice, one of them refused with EADDRINUSE or, worse, a test talking to another's server).
 * Each process takes ports from a window of its own (by pid, below the ephemeral range), in turn,
 * skipping those in use.
 */
const PORT_WINDOW = 100;
const portBase = 10_000 + (process.pid % 200) * PORT_WINDOW;
let nextPort = 0;
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_WINDOW; tries++) {
    const port = portBase + (nextPort++ % PORT_WINDOW);
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${portBase}–${portBase + PORT_WINDOW - 1}`);
}

/**
 * The real app on a fresh database of the given driver: in-memory PGlite, or a new Postgres
 * database created for this suite and dropped by `close()`. With `listen`, it also serves real
 * HTTP on 127.0.0.1 (needed where a gateway calls back over the network).
 */
export async function createTestApp(
  driver: DbDriver,
  envOverrides: Record<string, string> = {},
  opts: { listen?: boolean; port?: number; logger?: FastifyServerOptions["logger"] } = {},
): Promise<TestApp> {
  const scratch: ScratchDatabase = await createScratchDatabase(driver, "parley_api_test");
  const port = opts.port ?? (opts.listen ? await freePort() : 3000);
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    JOBS_ENABLED: "false",
    PORT: String(port),
    PUBLIC_URL: url,
    ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
    ...envOverrides,
  });
  const db = await openAppDb(env, { inMemory: true });
  const app = await buildApp({
    env,
    db,
    logger: opts.logger ?? false,
    // Uploaded files are read by the compiled parse process, as in production (and at a sixth of
    // the CPU of the TypeScript one through tsx).
    parserEntry: path.join(await ensureTestBuild("api"), "parse-child.js"),
  });
  await app.services.plans.seed();
  if (opts.listen) await app.listen({ host: "127.0.0.1", port });
  else await app.ready();
  return {
    app,
    db,
    env,
    url,
    async close() {
      await app.close();
      await db.close();
      await scratch.drop();
    },
  };
}

/** Puts a user on a plan directly (as if a payment had been captured), for tests that need room. */
export async function setPlan(t: TestApp, userId: string, code: string) {
  const { plans, subscriptions } = await import("../src/db/schema");
  const { eq } = await import("drizzle-orm");
  const [plan] = await t.db.db.select().from(plans).where(eq(plans.code, code));
  if (!plan) throw new Error(`no plan ${code}`);
  const sub = await t.app.services.subscriptions.ensure(userId);
  const now = t.app.clock.now();
  await t.db.db
    .update(subscriptions)
    .set({
      planId: plan.id,
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    })
    .where(eq(subscriptions.id, sub.id));
}
