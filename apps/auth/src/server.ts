import { envOrExit, stopOnSignals } from "@parley/config";
import { DEMO_ACCOUNT } from "@parley/contracts";
import { buildApp } from "./app";
import { openAuthDb } from "./db";
import { seedDemoAccount } from "./demo";
import { loadEnv } from "./env";

async function main() {
  const env = envOrExit("auth", () => loadEnv());
  // createDb applies pending migrations before it returns.
  const db = await openAuthDb(env);
  const app = await buildApp({ env, db });
  for (const warning of env.warnings) app.log.warn(warning);
  if (env.DEMO_ACCOUNT) {
    const outcome = await seedDemoAccount(app.parley.auth);
    app.log.info(`demo account ${outcome}: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  }

  stopOnSignals(async (signal) => {
    app.log.info({ signal }, "shutting down");
    // A close that hangs (a request or a send that never ends) must not keep the process forever:
    // the orchestrator would SIGKILL it anyway, without the log line saying why.
    const deadline = setTimeout(() => {
      app.log.error("shutdown did not finish within 30 s; exiting");
      process.exit(1);
    }, 30_000);
    deadline.unref();
    // Stops accepting requests, lets in-flight ones finish, stops the outbox (the send in flight
    // finishes, claimed rows not yet sent are released at once), sends queued mail; then the DB.
    await app.close();
    await db.close();
    app.log.info("shut down");
    process.exit(0);
  });

  await app.listen({ host: env.HOST, port: env.PORT });
  const providers = Object.keys(env.socialProviders);
  app.log.info(
    `Parley auth on ${env.AUTH_URL} (sign-in page ${env.AUTH_APP_URL}/auth, database: ${db.driver}, ` +
      `social sign-in: ${providers.length ? providers.join(", ") : "none configured"}` +
      `${app.parley.mailer.mailbox ? `, dev mailbox ${env.AUTH_URL}/dev/mailbox` : ""})`,
  );
}

main().catch((err) => {
  console.error("[auth] failed to start:", err);
  process.exit(1);
});
