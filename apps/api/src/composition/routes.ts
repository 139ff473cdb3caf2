import type { FastifyInstance } from "fastify";
import { API_MIGRATIONS_TABLE } from "../db/open";
import type { Env } from "../env";
import { migrationsFolder } from "../env";
import type { Clock } from "../lib/clock";
import type { PubSub } from "../lib/pubsub";
import type { RateLimiter } from "../lib/rate-limit";
import type { openRedis } from "../lib/redis";
import { createReplayGuard } from "../lib/replay-guard";
import type { Surface } from "../lib/route-surface";
import { adminRoutes } from "../modules/admin/admin.routes";
import { apiKeysRoutes } from "../modules/api-keys/api-keys.routes";
import { authEventsRoutes } from "../modules/auth-events/auth-events.routes";
import { channelsRoutes, channelWebhookRoutes } from "../modules/channels/channels.routes";
import { playgroundRoutes } from "../modules/chat/playground.routes";
import { chatbotsRoutes } from "../modules/chatbots/chatbots.routes";
import { createEmbeddingsTester } from "../modules/chatbots/embeddings-test";
import { embeddingsTestRoutes } from "../modules/chatbots/embeddings-test.routes";
import { contactRoutes } from "../modules/contact/contact.routes";
import { liveRoutes } from "../modules/conversations/live.routes";
import { demoRoutes } from "../modules/demo/demo.routes";
import { healthRoutes } from "../modules/health/health.routes";
import { identityRoutes } from "../modules/identity/identity.routes";
import { inboxRoutes } from "../modules/inbox/inbox.routes";
import { knowledgeRoutes } from "../modules/knowledge/knowledge.routes";
import { notificationPrefsRoutes } from "../modules/notifications/notifications.routes";
import { paymentCallbackRoutes, paymentsRoutes } from "../modules/payments/payments.routes";
import { plansRoutes } from "../modules/plans/plans.routes";
import { askRoutes } from "../modules/public-api/ask.routes";
import { publicApi } from "../modules/public-api/public-api";
import { subscriptionsRoutes } from "../modules/subscriptions/subscriptions.routes";
import { supportRoutes } from "../modules/support/support.routes";
import { clearCookiesRoute, usersRoutes } from "../modules/users/users.routes";
import { webhookDeliveriesRoutes } from "../modules/webhooks/webhook-deliveries.routes";
import { webhooksRoutes } from "../modules/webhooks/webhooks.routes";
import { widgetRoutes } from "../modules/widget/widget.routes";
import { widgetLauncherRoutes } from "../modules/widget/widget-launcher.routes";
import { auditRoutes, seatStatusRoutes, workspaceSeatsRoutes } from "../modules/workspaces/workspaces.routes";
import { createMembershipCheck, createTokenVerifier, requireAuth } from "../plugins/auth";
import { bindChatbotLog } from "../plugins/log-context";
import { testClockRoute } from "../plugins/test-clock";
import type { AppDb } from "./context";
import type { Services } from "./services";

export interface RouteDeps {
  env: Env;
  db: AppDb;
  clock: Clock;
  services: Services;
  limiter: RateLimiter;
  pubsub: PubSub;
  redis: Awaited<ReturnType<typeof openRedis>> | undefined;
  appOrigin: string;
  version: string;
}

/**
 * The routes of `/api` (registered with that prefix), top-down as a request meets them: the public
 * ones (health, plans, the widget, callbacks from the payment gateway, the auth service and Meta);
 * the public API (`/v1`, API keys); the operator's console (`/admin`, platform staff); then
 * everything a signed-in member does. The modules a key may call are mounted twice, on the app's
 * surface and on the API's, with the same handlers (`workspaceModules`).
 */
export async function registerApiRoutes(api: FastifyInstance, deps: RouteDeps) {
  const { env, db, clock, services, limiter, pubsub, redis, appOrigin } = deps;
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
  api.addHook("onRequest", bindChatbotLog);
  await api.register(healthRoutes, {
    db,
    version: deps.version,
    migrationsFolder,
    migrationsTable: API_MIGRATIONS_TABLE,
    redis,
    pubsub,
  });
  await api.register(plansRoutes, { plans });
  await api.register(contactRoutes, { contact, limiter });
  await api.register(clearCookiesRoute);
  await api.register(demoRoutes, { enabled: env.DEMO_CONTENT });
  await api.register(paymentCallbackRoutes, { payments });
  await api.register(authEventsRoutes, { events: services.authEvents, secret: env.AUTH_EVENTS_SECRET });
  await api.register(workspaceSeatsRoutes, {
    entitlements,
    secret: env.AUTH_EVENTS_SECRET,
    replays: createReplayGuard(redis),
  });
  await api.register(widgetLauncherRoutes, { widget, limiter, appOrigin });
  // What Meta calls for a connected WhatsApp number: the handshake and signed deliveries.
  await api.register(channelWebhookRoutes, {
    channels: services.channels,
    jobs: services.channelJobs,
    adapters: services.channelAdapters,
    limiter,
  });
  await api.register(widgetRoutes, {
    widget,
    hub: services.liveHub,
    sessions: services.widgetSessions,
    identity: services.identity,
    limiter,
    appOrigin,
  });
  if (env.TEST_CLOCK) {
    await api.register(testClockRoute, {
      clock,
      // In this order: a plan change at period end, then payments, then retention; then the
      // website sources whose scheduled re-sync is now due are queued, as the recurring job
      // queues them (the queue's worker runs them).
      runJobs: async () => ({
        periodEnd: await services.subscriptions.runPeriodEnd(),
        reconcile: await services.payments.reconcile(),
        retention: await services.lifecycle.applyRetention(),
        digests: await services.notifications.runDigests(),
        resync: await services.knowledge.runScheduledSyncs(),
      }),
    });
  }

  /** The workspace's bots, knowledge and conversations: one set of routes, on either surface. */
  const workspaceModules = async (scope: FastifyInstance, surface: Surface) => {
    await scope.register(chatbotsRoutes, { chatbots, audit: services.audit, surface });
    await scope.register(knowledgeRoutes, { knowledge, audit: services.audit, surface });
    if (surface === "v1") {
      await scope.register(askRoutes, { chatbots, turn: services.turn, apiKeys: services.apiKeys });
    }
    await scope.register(inboxRoutes, {
      inbox: services.inbox,
      analytics: services.analytics,
      lifecycle: services.lifecycle,
      appUrl: env.PUBLIC_URL,
      audit: services.audit,
      surface,
    });
  };
  // The public API: API keys only (never an access token), its own scope and hook.
  await api.register(publicApi, {
    prefix: "/v1",
    version: deps.version,
    apiKeys: services.apiKeys,
    limiter,
    audit: services.audit,
    mount: (keyed) => workspaceModules(keyed, "v1"),
  });

  const membership = createMembershipCheck({
    authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
    secret: env.AUTH_EVENTS_SECRET,
  });
  const authenticate = requireAuth(
    createTokenVerifier({ jwksUrl: `${env.AUTH_INTERNAL_URL ?? env.AUTH_URL}/jwks`, issuer: env.AUTH_URL }),
    membership,
    async (auth) => {
      await users.upsertFromClaims(auth.claims);
      if (env.DEMO_CONTENT) await services.demo.ensureForUser(auth.userId, auth.claims.email);
    },
  );
  // The operator's console: platform staff only, its own scope (API keys refused before the token check).
  await api.register(adminRoutes, { prefix: "/admin", admin: services.admin, now: clock.now, authenticate });
  // Everything registered in this scope needs a valid access token: a member is the actor.
  await api.register(async (authed) => {
    authed.addHook("onRequest", authenticate);
    await authed.register(usersRoutes, { users });
    await authed.register(webhooksRoutes, { webhooks: services.webhooks });
    await authed.register(channelsRoutes, { channels: services.channels, live: services.live, limiter });
    await authed.register(webhookDeliveriesRoutes, { webhooks: services.webhooks, limiter });
    await authed.register(auditRoutes, { audit: services.audit });
    await authed.register(apiKeysRoutes, { apiKeys: services.apiKeys });
    await authed.register(seatStatusRoutes, { entitlements, seats: services.seats });
    await authed.register(supportRoutes, { contact, limiter });
    await authed.register(subscriptionsRoutes, { subscriptions, entitlements, usage, audit: services.audit });
    await authed.register(paymentsRoutes, { payments });
    await authed.register(embeddingsTestRoutes, {
      chatbots,
      limiter,
      // The same guard and client as ingestion, with the same server defaults.
      test: createEmbeddingsTester({
        guard: services.outbound.embeddings,
        defaults: {
          baseUrl: env.EMBEDDINGS_BASE_URL,
          model: env.EMBEDDINGS_MODEL,
          apiKey: env.EMBEDDINGS_API_KEY,
        },
        timeoutMs: env.EMBEDDINGS_TIMEOUT_SECONDS * 1000,
        openKey: (sealed, chatbotId) => services.modelKeys.open(sealed, chatbotId),
      }),
    });
    await authed.register(identityRoutes, { identity: services.identity });
    await authed.register(playgroundRoutes, { chatbots, chat });
    await authed.register(notificationPrefsRoutes, { notifications: services.notifications });
    await authed.register(liveRoutes, { live: services.live, hub: services.liveHub, limiter, membership });
    await workspaceModules(authed, "app");
  });
}
