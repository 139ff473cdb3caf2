import { randomUUID } from "node:crypto";
import path from "node:path";
import { DEMO_ACCOUNT, SHOWCASE_CHATBOT_ID } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import { createDb } from "@parley/db";
import { and, count, eq, gte } from "drizzle-orm";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import * as schema from "./db/schema";
import { type Env, migrationsFolder } from "./env";
import { type Clock, createClock } from "./lib/clock";
import { createJobQueue } from "./lib/job-queue";
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from "./lib/rate-limit";
import { authEventsRoutes } from "./modules/auth-events/auth-events.routes";
import { createAuthEventsService } from "./modules/auth-events/auth-events.service";
import { createChatService } from "./modules/chat/chat.service";
import { playgroundRoutes } from "./modules/chat/playground.routes";
import { chatbotsRoutes } from "./modules/chatbots/chatbots.routes";
import { createChatbotsService } from "./modules/chatbots/chatbots.service";
import { contactRoutes } from "./modules/contact/contact.routes";
import { createContactService } from "./modules/contact/contact.service";
import { createDemoService } from "./modules/demo/demo.service";
import { createEntitlementsService } from "./modules/entitlements/entitlements.service";
import { healthRoutes } from "./modules/health/health.routes";
import { createAnalyticsService } from "./modules/inbox/analytics.service";
import { inboxRoutes } from "./modules/inbox/inbox.routes";
import { createInboxService } from "./modules/inbox/inbox.service";
import { createLifecycleService } from "./modules/inbox/lifecycle.service";
import { knowledgeRoutes } from "./modules/knowledge/knowledge.routes";
import { createKnowledgeService, INGEST_JOB } from "./modules/knowledge/knowledge.service";
import { paymentCallbackRoutes, paymentsRoutes } from "./modules/payments/payments.routes";
import { createPaymentsService } from "./modules/payments/payments.service";
import { createProviderRegistry } from "./modules/payments/providers/registry";
import { sandboxGatewayRoutes } from "./modules/payments/sandbox-gateway/sandbox-gateway.routes";
import { createPlansRepo } from "./modules/plans/plans.repo";
import { plansRoutes } from "./modules/plans/plans.routes";
import { createPlansService } from "./modules/plans/plans.service";
import { createRetrieval } from "./modules/retrieval/retrieval";
import { createSubscriptionsRepo } from "./modules/subscriptions/subscriptions.repo";
import { subscriptionsRoutes } from "./modules/subscriptions/subscriptions.routes";
import { createSubscriptionsService } from "./modules/subscriptions/subscriptions.service";
import { supportRoutes } from "./modules/support/support.routes";
import { clearCookiesRoute, usersRoutes } from "./modules/users/users.routes";
import { createUsersService } from "./modules/users/users.service";
import { frameAncestors } from "./modules/widget/origin-policy";
import { widgetRoutes } from "./modules/widget/widget.routes";
import { createWidgetService } from "./modules/widget/widget.service";
import { createTokenVerifier, requireAuth } from "./plugins/auth";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerSpa } from "./plugins/spa";

export type AppSchema = typeof schema;
export type AppDb = DbHandle<AppSchema>;

export interface AppDeps {
  env: Env;
  db: AppDb;
  logger?: FastifyServerOptions["logger"];
  clock?: Clock;
  /** Defaults to Redis when REDIS_URL is set, else in-memory. */
  limiter?: RateLimiter;
}

const VERSION = process.env.npm_package_version ?? "0.1.0";
const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** Opens (and migrates) this service's own database as the env says. */
export function openAppDb(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">, opts: { inMemory?: boolean } = {}) {
  return createDb({
    url: env.DATABASE_URL,
    dataDir: opts.inMemory ? undefined : path.join(env.DATA_DIR, "api"),
    schema,
    migrationsFolder,
    migrationsTable: "__api_migrations",
  });
}

function createServices(env: Env, db: AppDb, clock: Clock, log: ReturnType<typeof Fastify>["log"]) {
  const now = clock.now;
  const selfUrl = () => env.INTERNAL_URL ?? `http://127.0.0.1:${env.PORT}`;
  const plansRepo = createPlansRepo(db.db);
  const plans = createPlansService({ repo: plansRepo, currency: env.PLANS_CURRENCY });
  const contact = createContactService({ db: db.db });
  const users = createUsersService({ db: db.db });
  const subscriptions = createSubscriptionsService({
    db: db.db,
    repo: createSubscriptionsRepo(db.db),
    plans: plansRepo,
    now,
  });
  const entitlements = createEntitlementsService({ subscriptions });
  const payments = createPaymentsService({
    db: db.db,
    providers: createProviderRegistry(env, { gatewayUrl: selfUrl, now }),
    subscriptions,
    publicUrl: env.PUBLIC_URL,
    callbackBaseUrl: selfUrl,
    now,
    log,
  });
  const authEvents = createAuthEventsService({ db: db.db, forgetUser: (id) => users.forget(id) });
  const jobs = createJobQueue({ db: db.db, log });
  const chatbots = createChatbotsService({ db: db.db, entitlements });
  const knowledge = createKnowledgeService({
    db: db.db,
    jobs,
    entitlements,
    planTier: async (userId) => (await subscriptions.currentPlan(userId)).tier,
    allowPrivateHosts: env.CRAWLER_ALLOW_PRIVATE,
    log,
    now,
  });
  jobs.register(INGEST_JOB, async (payload) => knowledge.ingest(String(payload.sourceId)));
  const retrieval = createRetrieval(db.db);
  const chat = createChatService({
    retrieval,
    llm: { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL },
  });
  const messagesThisMonth = (userId: string) => countMessagesThisMonth(db, userId, now());
  const widget = createWidgetService({
    db: db.db,
    chat,
    entitlements,
    planTier: async (userId) => (await subscriptions.currentPlan(userId)).tier,
    messagesThisMonth,
    now,
  });
  const usage = async (userId: string) => {
    const [bots, sources, messages] = await Promise.all([
      chatbots.countForOwner(userId),
      knowledge.countForOwner(userId),
      messagesThisMonth(userId),
    ]);
    return { chatbots: bots, knowledgeSources: sources, messagesThisMonth: messages, teamMembers: 1 };
  };
  return {
    plans,
    contact,
    users,
    subscriptions,
    entitlements,
    payments,
    authEvents,
    jobs,
    chatbots,
    knowledge,
    retrieval,
    chat,
    usage,
    widget,
    demo: createDemoService({
      db: db.db,
      chatbots,
      knowledge,
      grantPlan: (userId, code) => subscriptions.grant(userId, code),
    }),
    inbox: createInboxService({ db: db.db }),
    analytics: createAnalyticsService({ db: db.db, entitlements, messagesThisMonth }),
    lifecycle: createLifecycleService({ db: db.db, now }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Visitor messages answered this calendar month (UTC) across the owner's bots: the plan's quota. */
async function countMessagesThisMonth(db: AppDb, ownerId: string, now: Date): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await db.db
    .select({ n: count() })
    .from(schema.messages)
    .innerJoin(schema.conversations, eq(schema.conversations.id, schema.messages.conversationId))
    .where(
      and(
        eq(schema.messages.ownerId, ownerId),
        eq(schema.messages.role, "assistant"),
        eq(schema.conversations.channel, "widget"),
        eq(schema.messages.quotaBlocked, false),
        gte(schema.messages.createdAt, monthStart),
      ),
    );
  return row?.n ?? 0;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    clock: Clock;
  }
}

/** The composition root: every service is wired here, and tests build the same app. */
export async function buildApp(deps: AppDeps) {
  const { env, db } = deps;
  const clock = deps.clock ?? createClock();
  const app = Fastify({
    logger: deps.logger ?? {
      level: env.LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    },
    // Reuse a caller's request id when it is sane, so logs join up across services.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: env.NODE_ENV === "production",
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const services = createServices(env, db, clock, app.log);
  const {
    plans,
    contact,
    users,
    subscriptions,
    entitlements,
    payments,
    chatbots,
    knowledge,
    chat,
    usage,
    widget,
  } = services;
  const limiter =
    deps.limiter ?? (env.REDIS_URL ? await redisLimiter(env.REDIS_URL) : createMemoryRateLimiter());
  app.addHook("onClose", async () => limiter.close());
  app.decorate("services", services);
  app.decorate("clock", clock);
  const verifyToken = createTokenVerifier({
    jwksUrl: `${env.AUTH_INTERNAL_URL ?? env.AUTH_URL}/jwks`,
    issuer: env.AUTH_URL,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, version: VERSION });
      await api.register(plansRoutes, { plans });
      await api.register(contactRoutes, { contact });
      await api.register(clearCookiesRoute);
      api.get("/demo", async () => ({
        chatbotId: env.DEMO_CONTENT ? SHOWCASE_CHATBOT_ID : null,
        account: env.DEMO_CONTENT ? { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } : null,
      }));
      await api.register(paymentCallbackRoutes, { payments });
      await api.register(authEventsRoutes, { events: services.authEvents, secret: env.AUTH_EVENTS_SECRET });
      await api.register(widgetRoutes, { widget, limiter, appOrigin: new URL(env.PUBLIC_URL).origin });
      if (env.TEST_CLOCK) await api.register(testClockRoute, { clock, services });
      // Everything registered in this scope needs a valid access token.
      await api.register(async (authed) => {
        authed.addHook(
          "onRequest",
          requireAuth(verifyToken, async (auth) => {
            await users.upsertFromClaims(auth.claims);
            if (env.DEMO_CONTENT) await services.demo.ensureForUser(auth.userId, auth.claims.email);
          }),
        );
        await authed.register(usersRoutes, { users });
        await authed.register(supportRoutes, { contact });
        await authed.register(subscriptionsRoutes, { subscriptions, entitlements, usage });
        await authed.register(paymentsRoutes, { payments });
        await authed.register(chatbotsRoutes, { chatbots });
        await authed.register(knowledgeRoutes, { knowledge });
        await authed.register(playgroundRoutes, { chatbots, chat });
        await authed.register(inboxRoutes, {
          inbox: services.inbox,
          analytics: services.analytics,
          lifecycle: services.lifecycle,
          appUrl: env.PUBLIC_URL,
        });
      });
    },
    { prefix: "/api" },
  );
  if (env.PAYMENTS_MODE === "sandbox") {
    await app.register(sandboxGatewayRoutes, {
      db: db.db,
      secret: env.PAYMENTS_SANDBOX_SECRET,
      publicUrl: env.PUBLIC_URL,
      now: clock.now,
    });
  }

  await registerSpa(app, {
    distDir: env.WEB_DIST,
    runtime: { authUrl: env.AUTH_URL, platform: "parley" },
    // The chat page may be framed only where its bot allows (unknown bots: nowhere else).
    widgetFrameAncestors: async (chatbotId) => {
      try {
        return frameAncestors(
          (await widget.publishedBot(chatbotId)).allowedDomains,
          new URL(env.PUBLIC_URL).origin,
        );
      } catch {
        return "frame-ancestors 'self'";
      }
    },
  });
  return app;
}

async function redisLimiter(url: string): Promise<RateLimiter> {
  const { Redis } = await import("ioredis");
  return createRedisRateLimiter(new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false }));
}

/** Test-only (TEST_CLOCK=true, refused in production): move time forward and run the jobs. */
const testClockRoute: FastifyPluginAsyncZod<{ clock: Clock; services: Services }> = async (
  app,
  { clock, services },
) => {
  app.post(
    "/internal/test-clock",
    { schema: { body: z.object({ advanceMs: z.number().int().nonnegative().default(0) }) } },
    async (request) => {
      const now = clock.advance(request.body.advanceMs);
      const periodEnd = await services.subscriptions.runPeriodEnd();
      const reconcile = await services.payments.reconcile();
      const retention = await services.lifecycle.applyRetention();
      return { now: now.toISOString(), periodEnd, reconcile, retention };
    },
  );
};
