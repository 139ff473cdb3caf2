import { randomUUID } from "node:crypto";
import cors from "@fastify/cors";
import { fastifyTrustProxy } from "@parley/config";
import { requestIdFrom, serviceLogger } from "@parley/config/log-redaction";
import { cspDirectives, securityHeadersHook } from "@parley/config/security-headers";
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { type Auth, type BackgroundTasks, createAuth, createBackgroundTasks, trustedOriginsOf } from "./auth";
import { createWorkspaceLocks } from "./auth/workspace-lock";
import type { AuthDb } from "./db";
import type { Env } from "./env";
import { createOutbox, type Outbox, type OutboxOptions } from "./events/outbox";
import { betterAuthRoutes } from "./http/better-auth";
import { registerErrorHandler } from "./http/errors";
import { healthRoutes } from "./http/health";
import { platformRoutes } from "./http/platforms";
import { authUiRoutes } from "./http/ui";
import { workspaceMembersRoutes } from "./http/workspace-members";
import { workspaceMembershipRoutes } from "./http/workspace-membership";
import { devMailboxRoutes } from "./mail/dev-mailbox.routes";
import { createMailer, type Mailer } from "./mail/mailer";

export interface AppDeps {
  env: Env;
  db: AuthDb;
  logger?: FastifyServerOptions["logger"];
  /** Replaces the mailer the env describes (tests pass none and use a real SMTP listener). */
  mailer?: Mailer;
  /** Delivery tuning for the event outbox (tests shorten the delays). */
  outbox?: Partial<Omit<OutboxOptions, "db" | "log">>;
}

declare module "fastify" {
  interface FastifyInstance {
    parley: { auth: Auth; mailer: Mailer; outbox: Outbox; background: BackgroundTasks };
  }
}

/**
 * What an orchestrator polls: compose's healthcheck calls `/ok` every 10 s, Kubernetes `/live`
 * (liveness, never the database) and `/ready` (database and migrations).
 */
const probePaths = new Set(["/ok", "/live", "/ready"]);
const VERSION = process.env.npm_package_version ?? "0.1.0";
const isProbe = (request: FastifyRequest) => probePaths.has(request.url.split("?")[0] ?? "");

/**
 * Fastify's request lines ("incoming request", "request completed") for a health probe go out at
 * debug, not info: a probe every 10 s would bury the real traffic. A probe that errors is still
 * logged at error, and one that answers 4xx/5xx at info, as any other request.
 */
export class ProbeQuietLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isProbe(request)) return super.incomingRequest(request, reply, metadata);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error || !isProbe(request) || reply.statusCode >= 400) {
      return super.requestCompleted(error, request, reply, metadata);
    }
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}

/** The composition root: everything is wired here, and tests build this same app. */
export async function buildApp(deps: AppDeps) {
  const { env, db } = deps;
  const app = Fastify({
    // Credentials in URLs (`?token=`, `/reset-password/<token>`) and headers are never logged
    // (@parley/config/log-redaction); a caller's logger options (tests) keep the redaction.
    logger: serviceLogger(env.LOG_LEVEL, deps.logger),
    genReqId: (req) => requestIdFrom(req.headers["x-request-id"], randomUUID),
    logController: new ProbeQuietLogController(),
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });

  const background = createBackgroundTasks(app.log);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      log: app.log,
      devMailbox: env.NODE_ENV !== "production",
    });
  const outbox = createOutbox({
    apiUrl: env.API_URL,
    secret: env.AUTH_EVENTS_SECRET,
    ...deps.outbox,
    db,
    log: app.log,
  });
  // Invitations and acceptances run in one transaction per workspace (seats, issue #25): the
  // auth instance's queries follow the request into it.
  const locks = createWorkspaceLocks(db);
  const auth = createAuth({
    env,
    db: locks.db,
    mailer,
    log: app.log,
    background,
    onUserDeleted: () => outbox.wake(),
    // The audit row is committed with the change; the outbox looks for it after the commit.
    onWorkspaceAudit: () => locks.afterCommit(() => outbox.wake()),
  });
  // Creates the JWT signing key now: on an empty table, a burst of first /token calls would
  // otherwise each create their own key.
  await auth.api.getJwks();
  app.decorate("parley", { auth, mailer, outbox, background });

  registerErrorHandler(app);
  const authServerOrigin = new URL(env.AUTH_URL).origin;
  const headerOptions = {
    production: env.NODE_ENV === "production",
    https: env.AUTH_URL.startsWith("https:"),
    // The sign-in pages call the auth server: another origin when served under the auth app's name.
    ...(env.AUTH_APP_URL === authServerOrigin ? {} : { connectSrc: [authServerOrigin] }),
  };
  const csp = cspDirectives(headerOptions);
  // CSP without inline code, no framing of the sign-in pages (clickjacking), nosniff, referrer
  // policy, HSTS in production: on every page and response of the auth host.
  app.addHook("onRequest", securityHeadersHook(headerOptions));
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const corsOrigins = trustedOriginsOf(env).filter((o) => o !== new URL(env.AUTH_URL).origin);
  await app.register(cors, {
    origin: corsOrigins.map(originMatcher),
    credentials: true,
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["Content-Type", "Authorization"],
    exposedHeaders: ["set-auth-jwt"],
    maxAge: 600,
  });

  await app.register(healthRoutes, { db, version: VERSION });
  await app.register(platformRoutes, { env });
  await app.register(workspaceMembershipRoutes, { db, secret: env.AUTH_EVENTS_SECRET });
  await app.register(workspaceMembersRoutes, { db, secret: env.AUTH_EVENTS_SECRET, mailer });
  if (mailer.mailbox) await app.register(devMailboxRoutes, { mailbox: mailer.mailbox, csp });
  await app.register(authUiRoutes, {
    dir: env.AUTH_UI_DIR,
    webUrl: env.WEB_URL,
    serverUrl: authServerOrigin,
    csp,
  });
  await app.register(betterAuthRoutes, { auth, baseURL: env.AUTH_URL, csp, db, locks });

  // Pending events from an earlier run (or another replica) are picked up as soon as we are up.
  app.addHook("onReady", async () => outbox.start());
  app.addHook("onClose", async () => {
    await outbox.stop();
    await background.settled();
    await mailer.close();
  });
  return app;
}

/** An exact origin, or a RegExp for a `https://*.example.com` pattern. */
function originMatcher(origin: string): string | RegExp {
  if (!origin.includes("*")) return origin;
  const escaped = origin.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[A-Za-z0-9-]+");
  return new RegExp(`^${escaped}$`);
}
