import { EnvError } from "@parley/config";
import { buildApp, openAppDb } from "./app";
import { loadEnv } from "./env";
import { scheduledJobs } from "./jobs";
import { startJobs } from "./lib/jobs";

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`[api] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const db = await openAppDb(env);
  const app = await buildApp({ env, db });
  for (const warning of env.warnings) app.log.warn(warning);
  await app.services.plans.seed();
  if (env.DEMO_CONTENT) await app.services.demo.seedShowcase();
  const stopJobs = env.JOBS_ENABLED
    ? startJobs(scheduledJobs(app.services, env.JOBS_INTERVAL_MS), app.log)
    : () => {};
  const stopWorker = env.JOBS_ENABLED ? app.services.jobs.start() : async () => {};
  const close = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    stopJobs();
    await stopWorker();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Parley API and web app on ${env.PUBLIC_URL} (database: ${db.driver})`);
}

main().catch((err) => {
  console.error("[api] failed to start:", err);
  process.exit(1);
});
