import { envOrExit, stopOnSignals } from "@parley/config";
import { buildApp, openAppDb } from "./app";
import { loadEnv } from "./env";
import { scheduledJobs } from "./jobs";
import { startJobs } from "./lib/jobs";
import { openStreamCount, streamsSettled } from "./lib/sse";
import { CHANNEL_KINDS } from "./modules/channels/channel-jobs";
import { WEBHOOK_ATTEMPT_KINDS, webhookWorkers } from "./modules/webhooks/webhook-delivery";

async function main() {
  const env = envOrExit("api", () => loadEnv());
  const db = await openAppDb(env);
  const app = await buildApp({ env, db });
  for (const warning of env.warnings) app.log.warn(warning);
  await app.services.plans.seed();
  // Model keys saved before they were encrypted at rest (migration 0014) are sealed now.
  await app.services.chatbots.sealPlaintextModelKeys();
  // After a MODEL_KEYS_SECRET rotation (the old one in MODEL_KEYS_SECRET_PREVIOUS).
  const rewrapped = await app.services.chatbots.rewrapModelKeys();
  if (rewrapped > 0)
    app.log.info({ rewrapped }, "model API keys rewrapped under the current MODEL_KEYS_SECRET");
  if (env.DEMO_CONTENT) {
    app.log.info("demo content: adding the showcase chatbot if it is missing");
    await app.services.demo.seedShowcase();
  }
  const stopJobs = env.JOBS_ENABLED
    ? startJobs(scheduledJobs(app.services, env.JOBS_INTERVAL_MS), app.log, (kind, seconds, outcome) =>
        app.metrics.jobDuration.observe({ kind, outcome }, seconds),
      )
    : () => {};
  if (env.JOBS_ENABLED) await app.services.knowledge.requeueStaleEmbeddings();
  // Workers over the one queue: webhook attempts wait on the receivers (up to WEBHOOKS_TIMEOUT_MS
  // each), so they run beside the other jobs instead of ahead of them, several at once, each
  // endpoint and each workspace in a few of them only (one hanging receiver stalls only itself).
  const workers = env.JOBS_ENABLED
    ? [
        app.services.jobs.worker({ except: [...WEBHOOK_ATTEMPT_KINDS, ...CHANNEL_KINDS] }).start(),
        ...webhookWorkers(app.services.jobs, env.WEBHOOK_WORKERS).map((worker) => worker.start()),
        // Customers on messaging channels wait for their answers: several at a time, beside the rest.
        ...Array.from({ length: env.CHANNEL_WORKERS }, () =>
          app.services.jobs.worker({ only: CHANNEL_KINDS }).start(),
        ),
      ]
    : [];
  const stopWorker = async (opts: { handBack?: boolean; waitMs?: number }) => {
    await Promise.all(workers.map((stop) => stop(opts)));
  };
  stopOnSignals(async (signal) => {
    const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
    app.log.info(
      { signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS, openStreams: openStreamCount(app.server) },
      "shutting down: refusing new requests, finishing open answers",
    );
    // Past the grace period the streams still open are cut; their answers are kept, interrupted.
    const cut = setTimeout(() => {
      app.log.warn({ openStreams: openStreamCount(app.server) }, "grace period over: cutting open streams");
      app.server.closeAllConnections();
    }, graceMs);
    // Whatever still hangs after that (a handler ignoring its abort), the process leaves anyway.
    const hard = setTimeout(() => {
      app.log.error("shutdown did not finish after the grace period; exiting");
      process.exit(1);
    }, graceMs + 10_000);
    hard.unref();
    stopJobs();
    await Promise.all([
      // The running job goes back to the queue at once: another replica takes it over.
      stopWorker({ handBack: true, waitMs: Math.min(graceMs, 3000) }),
      // Stops listening (new connections are refused, requests on open ones get 503), waits for
      // the open connections, then runs the onClose hooks.
      app.close(),
    ]);
    // Each stream's handler stores its answer before ending the stream.
    await streamsSettled(app.server);
    clearTimeout(cut);
    await db.close();
    app.log.info("shut down");
    process.exit(0);
  });
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Parley API and web app on ${env.PUBLIC_URL} (database: ${db.driver})`);
}

main().catch((err) => {
  console.error("[api] failed to start:", err);
  process.exit(1);
});
