import { EnvError } from "@parley/config";
import { buildApp, openAppDb } from "./app";
import { loadEnv } from "./env";
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
  await app.services.plans.seed();
  if (env.DEMO_CONTENT) await app.services.demo.seedShowcase();
  const stopJobs = env.JOBS_ENABLED
    ? startJobs(
        [
          {
            name: "subscriptions.period-end",
            everyMs: env.JOBS_INTERVAL_MS,
            run: () => app.services.subscriptions.runPeriodEnd(),
          },
          {
            name: "payments.reconcile",
            everyMs: env.JOBS_INTERVAL_MS,
            run: () => app.services.payments.reconcile(),
          },
        ],
        app.log,
      )
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
