import { randomUUID } from "node:crypto";
import { fastifyTrustProxy } from "@parley/config";
import { requestIdFrom, serviceLogger } from "@parley/config/log-redaction";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDb, createWiring, selfUrl } from "./composition/context";
import { registerApiRoutes } from "./composition/routes";
import { createServices, type Services } from "./composition/services";
import { type Env, WHATSAPP_STAND_IN_PATH } from "./env";
import { type Clock, createClock } from "./lib/clock";
import { countingRefusals, createMetrics, type Metrics, registerMetrics } from "./lib/metrics";
import { createMemoryPubSub, createPgPubSub, createRedisPubSub, type PubSub } from "./lib/pubsub";
import {
  createFailOpenRateLimiter,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from "./lib/rate-limit";
import { openRedis } from "./lib/redis";
import { whatsappGraphStandIn } from "./modules/channels/whatsapp/stand-in/graph-stand-in";
import { createSandboxOrdersRepo } from "./modules/payments/sandbox-gateway/sandbox-gateway.repo";
import { sandboxGatewayRoutes } from "./modules/payments/sandbox-gateway/sandbox-gateway.routes";
import { frameAncestors } from "./modules/widget/origin-policy";
import { registerErrorHandler } from "./plugins/error-handler";
import { refuseNulInput } from "./plugins/refuse-nul";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerSpa } from "./plugins/spa";
import { warnOfUntrustedProxy } from "./plugins/trust-proxy";
import { closeOnUnreadBody } from "./plugins/unread-body";
import { refuseInvalidUtf8 } from "./plugins/utf8-body";

export type { AppDb, AppSchema } from "./composition/context";
export { openAppDb } from "./db/open";

export interface AppDeps {
  env: Env;
  db: AppDb;
  logger?: FastifyServerOptions["logger"];
  clock?: Clock;
  /** Defaults to Redis when REDIS_URL is set, else in-memory. */
  limiter?: RateLimiter;
  /** A compiled parse process for uploaded files and pages (see ParserOptions.entry); tests only. */
  parserEntry?: string;
}

const VERSION = process.env.npm_package_version ?? "0.1.0";
/**
 * Our own request ids: this process's random prefix and a counter (unique across replicas and
 * restarts, and without a system call per request as a UUID each would take).
 */
function requestIds() {
  const prefix = randomUUID().slice(0, 13);
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}

export type { Services } from "./composition/services";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    clock: Clock;
    metrics: Metrics;
    /** Messages between the replicas: Redis (REDIS_URL), else Postgres LISTEN/NOTIFY, else in process. */
    pubsub: PubSub;
  }
}

/** The composition root: every service is wired here, and tests build the same app. */
export async function buildApp(deps: AppDeps) {
  const { env, db } = deps;
  const clock = deps.clock ?? createClock();
  const nextRequestId = requestIds();
  const app = Fastify({
    // Credentials in URLs (`?api_key=`, `?hub.verify_token=`…) and headers are never logged, nor
    // secret-bearing fields our own code might pass along (@parley/config/log-redaction). A caller's
    // logger options (tests) keep the redaction: it is part of the app, not the config.
    logger: serviceLogger(env.LOG_LEVEL, deps.logger),
    genReqId: (req) => requestIdFrom(req.headers["x-request-id"], nextRequestId),
    // Only the proxies TRUST_PROXY names may say who the client is; by default nobody can, so a
    // client cannot pick its own address (and its own per-IP rate limit) with X-Forwarded-For.
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const appOrigin = new URL(env.PUBLIC_URL).origin;
  const securityHeaders = await registerSecurityHeaders(app, env);
  refuseNulInput(app);
  refuseInvalidUtf8(app);
  closeOnUnreadBody(app);
  if (env.NODE_ENV === "production" && env.TRUST_PROXY === false) warnOfUntrustedProxy(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  const metrics = createMetrics();
  app.decorate("metrics", metrics);
  registerMetrics(app, metrics, env.METRICS_TOKEN);

  const services = createServices(createWiring(env, db, clock, app.log, metrics), deps.parserEntry);
  metrics.readFrom({
    jobCounts: () => services.jobs.depth(),
    paymentCounts: () => services.payments.countByState(),
  });
  const redis = env.REDIS_URL ? await openRedis(env.REDIS_URL, app.log) : undefined;
  const limiter = countingRefusals(
    deps.limiter ??
      (redis
        ? createFailOpenRateLimiter(createRedisRateLimiter(redis), createMemoryRateLimiter(), app.log)
        : createMemoryRateLimiter()),
    metrics,
  );
  // Between replicas: Redis when configured, else LISTEN/NOTIFY on the Postgres they share, else
  // in this process (PGlite: one process).
  const pgUrl = db.driver === "postgres" ? env.DATABASE_URL : undefined;
  const pubsub = redis
    ? createRedisPubSub(redis, app.log)
    : pgUrl
      ? createPgPubSub(pgUrl, app.log)
      : createMemoryPubSub(app.log);
  if (redis || pgUrl) {
    services.cacheBus.attach(pubsub);
    // Like `openRedis`: start subscribed when Redis is there; when it is not, do not wait (the
    // subscription follows once it answers, and /api/ready reports it meanwhile).
    if (!redis || redis.status === "ready") await pubsub.whenSubscribed(2000);
  }
  app.decorate("pubsub", pubsub);
  services.liveHub.attach(pubsub);
  metrics.watchLive(services.liveHub.counts);
  // Live streams never end by themselves: at shutdown they end first (clients resume elsewhere).
  app.addHook("preClose", async () => services.liveHub.closeAll());
  app.addHook("onClose", async () => {
    services.cacheBus.close();
    pubsub.close();
    await limiter.close();
    redis?.disconnect();
    await Promise.all([
      services.outbound.crawler.close(),
      services.outbound.model.close(),
      services.outbound.embeddings.close(),
      services.outbound.webhooks.close(),
    ]);
  });
  app.decorate("services", services);
  app.decorate("clock", clock);
  await app.register(
    (api) =>
      registerApiRoutes(api, {
        env,
        db,
        clock,
        services,
        limiter,
        pubsub,
        redis,
        appOrigin,
        version: VERSION,
      }),
    {
      prefix: "/api",
    },
  );
  // Outside production: a stand-in of Meta's WhatsApp Cloud API (the default WHATSAPP_GRAPH_URL
  // there), so a channel can be tried, and tested, without Meta. On the app's clock: a customer's
  // message is dated by "Meta", and the 24-hour window is measured from that date by the app, so a
  // test clock moved forward must move Meta's too (or every reply reads as 24 hours late).
  if (env.NODE_ENV !== "production")
    await app.register(whatsappGraphStandIn, { prefix: WHATSAPP_STAND_IN_PATH, now: clock.now });
  if (env.PAYMENTS_MODE === "sandbox") {
    await app.register(sandboxGatewayRoutes, {
      orders: createSandboxOrdersRepo(db.db),
      secret: env.PAYMENTS_SANDBOX_SECRET,
      publicUrl: env.PUBLIC_URL,
      internalUrl: selfUrl(env),
      now: clock.now,
    });
  }

  await registerSpa(app, {
    distDir: env.WEB_DIST,
    runtime: {
      authUrl: env.AUTH_URL,
      authAppUrl: env.AUTH_APP_URL,
      platform: "parley",
      publicUrl: appOrigin,
      paymentsMode: env.PAYMENTS_MODE,
    },
    // The chat page may be framed only where its bot allows (unknown bots: nowhere else).
    widgetCsp: async (chatbotId) => {
      try {
        return securityHeaders.framablePolicy(
          frameAncestors((await services.widget.publishedBot(chatbotId)).allowedDomains, appOrigin),
        );
      } catch {
        // Unknown or unpublished: only the app itself may frame it.
        return securityHeaders.framablePolicy("frame-ancestors 'self'");
      }
    },
  });
  return app;
}
