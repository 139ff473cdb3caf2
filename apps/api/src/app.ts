import { randomUUID } from "node:crypto";
import { fastifyTrustProxy } from "@parley/config";
import { withLogRedaction } from "@parley/config/log-redaction";
import { planIncludesApiAccess } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { API_MIGRATIONS_TABLE } from "./db/open";
import * as schema from "./db/schema";
import { type Env, migrationsFolder, WHATSAPP_STAND_IN_PATH } from "./env";
import { type Clock, createClock } from "./lib/clock";
import { createHotCache, createInvalidationBus } from "./lib/hot-cache";
import { createJobQueue } from "./lib/job-queue";
import { countingRefusals, createMetrics, type Metrics, registerMetrics } from "./lib/metrics";
import { createOutboundGuard } from "./lib/outbound";
import { createMemoryPubSub, createPgPubSub, createRedisPubSub, type PubSub } from "./lib/pubsub";
import {
  createFailOpenRateLimiter,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from "./lib/rate-limit";
import { openRedis } from "./lib/redis";
import { createReplayGuard } from "./lib/replay-guard";
import { createSealedBox } from "./lib/secret-box";
import { adminRoutes } from "./modules/admin/admin.routes";
import { createAdminService } from "./modules/admin/admin.service";
import { createPlatformAuditRepo } from "./modules/admin/platform-audit.repo";
import { createApiKeysRepo } from "./modules/api-keys/api-keys.repo";
import { apiKeysRoutes } from "./modules/api-keys/api-keys.routes";
import { createApiKeysService } from "./modules/api-keys/api-keys.service";
import { createAuthEventsRepo } from "./modules/auth-events/auth-events.repo";
import { authEventsRoutes } from "./modules/auth-events/auth-events.routes";
import { createAuthEventsService } from "./modules/auth-events/auth-events.service";
import {
  CHANNEL_SEND_JOB,
  type ChannelJobs,
  createChannelJobs,
  queueChannelSendSql,
  queueChannelSends,
} from "./modules/channels/channel-jobs";
import { createChannelsRepo } from "./modules/channels/channels.repo";
import { channelsRoutes, channelWebhookRoutes } from "./modules/channels/channels.routes";
import { createChannelsService } from "./modules/channels/channels.service";
import { createGraphClient } from "./modules/channels/whatsapp/graph-client";
import { whatsappGraphStandIn } from "./modules/channels/whatsapp/stand-in/graph-stand-in";
import { createWhatsappAdapter } from "./modules/channels/whatsapp/whatsapp.adapter";
import { createChatService } from "./modules/chat/chat.service";
import { playgroundRoutes } from "./modules/chat/playground.routes";
import { createChatbotsRepo } from "./modules/chatbots/chatbots.repo";
import { chatbotsRoutes } from "./modules/chatbots/chatbots.routes";
import { createChatbotsService } from "./modules/chatbots/chatbots.service";
import { createEmbeddingsTester } from "./modules/chatbots/embeddings-test";
import { embeddingsTestRoutes } from "./modules/chatbots/embeddings-test.routes";
import { createModelKeyBox } from "./modules/chatbots/model-key-box";
import { createContactRepo } from "./modules/contact/contact.repo";
import { contactRoutes } from "./modules/contact/contact.routes";
import { createContactService } from "./modules/contact/contact.service";
import { createAnalyticsRepo } from "./modules/conversations/analytics.repo";
import { createConversationsRepo } from "./modules/conversations/conversations.repo";
import { createDeliveryService } from "./modules/conversations/delivery.service";
import { createLiveRepo } from "./modules/conversations/live.repo";
import { liveRoutes } from "./modules/conversations/live.routes";
import { createLiveService } from "./modules/conversations/live.service";
import { createLiveHub } from "./modules/conversations/live-hub";
import { createNotificationActivityRepo } from "./modules/conversations/notification-activity.repo";
import { createTurnService } from "./modules/conversations/turn.service";
import { demoRoutes } from "./modules/demo/demo.routes";
import { createDemoService } from "./modules/demo/demo.service";
import { createEntitlementsService } from "./modules/entitlements/entitlements.service";
import { createUsageRepo, monthOf } from "./modules/entitlements/usage.repo";
import { healthRoutes } from "./modules/health/health.routes";
import { identityRoutes } from "./modules/identity/identity.routes";
import { createIdentityService } from "./modules/identity/identity.service";
import { createSecretBox } from "./modules/identity/identity-crypto";
import { createAnalyticsService } from "./modules/inbox/analytics.service";
import { inboxRoutes } from "./modules/inbox/inbox.routes";
import { createInboxService } from "./modules/inbox/inbox.service";
import { createLifecycleService } from "./modules/inbox/lifecycle.service";
import { createTableFileStore } from "./modules/knowledge/file-store";
import { createKnowledgeRepo } from "./modules/knowledge/knowledge.repo";
import { knowledgeRoutes } from "./modules/knowledge/knowledge.routes";
import { createKnowledgeService, EMBED_JOB, registerIngestJob } from "./modules/knowledge/knowledge.service";
import { createResyncSchedule } from "./modules/knowledge/resync-schedule.repo";
import { createWorkspaceMembersClient } from "./modules/notifications/members-client";
import { createNotificationsRepo } from "./modules/notifications/notifications.repo";
import { notificationPrefsRoutes } from "./modules/notifications/notifications.routes";
import { createNotificationsService } from "./modules/notifications/notifications.service";
import { notifyOnLeads } from "./modules/notifications/widget-leads";
import { createPaymentsRepo } from "./modules/payments/payments.repo";
import { paymentCallbackRoutes, paymentsRoutes } from "./modules/payments/payments.routes";
import { createPaymentsService } from "./modules/payments/payments.service";
import { createProviderRegistry } from "./modules/payments/providers/registry";
import { createSandboxOrdersRepo } from "./modules/payments/sandbox-gateway/sandbox-gateway.repo";
import { sandboxGatewayRoutes } from "./modules/payments/sandbox-gateway/sandbox-gateway.routes";
import { createPlansRepo } from "./modules/plans/plans.repo";
import { plansRoutes } from "./modules/plans/plans.routes";
import { createPlansService } from "./modules/plans/plans.service";
import { publicApi } from "./modules/public-api/public-api";
import { createRetrieval } from "./modules/retrieval/retrieval";
import { createSemanticIndex } from "./modules/retrieval/semantic";
import { createSubscriptionsRepo } from "./modules/subscriptions/subscriptions.repo";
import { subscriptionsRoutes } from "./modules/subscriptions/subscriptions.routes";
import { createSubscriptionsService } from "./modules/subscriptions/subscriptions.service";
import { supportRoutes } from "./modules/support/support.routes";
import { createUsersRepo } from "./modules/users/users.repo";
import { clearCookiesRoute, usersRoutes } from "./modules/users/users.routes";
import { createUsersService } from "./modules/users/users.service";
import { webhookDeliveriesRoutes } from "./modules/webhooks/webhook-deliveries.routes";
import { createWebhookDelivery } from "./modules/webhooks/webhook-delivery";
import {
  contactConversationCreatedEvent,
  conversationCreatedEvents,
  leadCreatedEvents,
  liveTransitionEvents,
  sourceSettledEvents,
  sourceSyncedEvents,
} from "./modules/webhooks/webhook-events";
import { createWebhookSecretBox } from "./modules/webhooks/webhook-secrets";
import { createWebhooksRepo } from "./modules/webhooks/webhooks.repo";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes";
import { createWebhooksService } from "./modules/webhooks/webhooks.service";
import { frameAncestors } from "./modules/widget/origin-policy";
import { widgetRoutes } from "./modules/widget/widget.routes";
import { createWidgetService } from "./modules/widget/widget.service";
import { widgetLauncherRoutes } from "./modules/widget/widget-launcher.routes";
import { createWidgetSessions } from "./modules/widget/widget-session";
import { createAuditRepo } from "./modules/workspaces/audit.repo";
import { createAuditService } from "./modules/workspaces/audit.service";
import { createSeatsUsedClient } from "./modules/workspaces/seats-client";
import { auditRoutes, seatStatusRoutes, workspaceSeatsRoutes } from "./modules/workspaces/workspaces.routes";
import { createMembershipCheck, createTokenVerifier, requireAuth } from "./plugins/auth";
import { registerErrorHandler } from "./plugins/error-handler";
import { bindChatbotLog } from "./plugins/log-context";
import { refuseNulInput } from "./plugins/refuse-nul";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerSpa } from "./plugins/spa";
import { testClockRoute } from "./plugins/test-clock";
import { warnOfUntrustedProxy } from "./plugins/trust-proxy";
import { closeOnUnreadBody } from "./plugins/unread-body";
import { refuseInvalidUtf8 } from "./plugins/utf8-body";

export { openAppDb } from "./db/open";

export type AppSchema = typeof schema;
export type AppDb = DbHandle<AppSchema>;

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
const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;
/**
 * Our own request ids: this process's random prefix and a counter (unique across replicas and
 * restarts, and without a system call per request as a UUID each would take).
 */
function requestIds() {
  const prefix = randomUUID().slice(0, 13);
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}

/** How long a replica may serve a bot or plan that changed elsewhere and whose invalidation it missed. */
const HOT_CACHE_TTL_MS = 5000;

/** How gateways and this process reach the API server-to-server. */
const selfUrl = (env: Env) => env.INTERNAL_URL ?? `http://127.0.0.1:${env.PORT}`;

function createServices(
  env: Env,
  db: AppDb,
  clock: Clock,
  log: ReturnType<typeof Fastify>["log"],
  metrics: Metrics,
  parserEntry: string | undefined,
) {
  const now = clock.now;
  // What every widget message reads, cached briefly in process; writers drop entries on change,
  // and with Redis (buildApp attaches it) the other replicas drop them too. The TTL bounds how
  // stale a replica can be when it missed an invalidation (no Redis, or Redis down).
  const cacheBus = createInvalidationBus();
  const botCache = createHotCache<schema.ChatbotRow | null>("bot", {
    ttlMs: HOT_CACHE_TTL_MS,
    bus: cacheBus,
  });
  const planCache = createHotCache<schema.PlanRow>("plan", { ttlMs: HOT_CACHE_TTL_MS, bus: cacheBus });
  // Workspaces platform staff suspended (the operator's console): read on every message.
  const suspensionCache = createHotCache<boolean>("wsusp", { ttlMs: HOT_CACHE_TTL_MS, bus: cacheBus });
  const platformAudit = createPlatformAuditRepo(db.db);
  const plansRepo = createPlansRepo(db.db, now);
  const plans = createPlansService({ repo: plansRepo, currency: env.PLANS_CURRENCY });
  const contact = createContactService({ repo: createContactRepo(db.db) });
  const usersRepo = createUsersRepo(db.db);
  const users = createUsersService({ repo: usersRepo });
  const audit = createAuditService({ repo: createAuditRepo(db.db), now });
  const subscriptionsRepo = createSubscriptionsRepo(db.db);
  const subscriptions = createSubscriptionsService({
    db: db.db,
    // Every plan change is logged through here: the owner's cached plan is dropped with it.
    repo: {
      ...subscriptionsRepo,
      logChange: async (tx, change) => {
        const logged = await subscriptionsRepo.logChange(tx, change);
        planCache.invalidate(change.userId);
        return logged;
      },
    },
    plans: plansRepo,
    now,
    audit,
  });
  const entitlements = createEntitlementsService({ subscriptions });
  // Workspace API keys (issue #24): checked against the workspace's plan on every request.
  const apiKeysRepo = createApiKeysRepo(db.db);
  const apiKeys = createApiKeysService({
    repo: apiKeysRepo,
    audit,
    plan: (workspaceId) => planCache.get(workspaceId, () => subscriptions.currentPlan(workspaceId)),
    now,
  });
  const paymentsRepo = createPaymentsRepo(db.db);
  const payments = createPaymentsService({
    db: db.db,
    repo: paymentsRepo,
    plans: plansRepo,
    providers: createProviderRegistry(env, { gatewayUrl: () => selfUrl(env), now }),
    subscriptions,
    publicUrl: env.PUBLIC_URL,
    callbackBaseUrl: () => selfUrl(env),
    now,
    log,
    audit,
  });
  const jobs = createJobQueue({
    db: db.db,
    log,
    // One connection runs PGlite's statements one after another: claims cannot race there.
    serialClaims: db.driver === "pglite",
    onRun: (kind, seconds, outcome) => metrics.jobDuration.observe({ kind, outcome }, seconds),
  });
  // E-mails to the workspace's members for handoff requests and new leads (through the job queue).
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(db.db),
    activity: createNotificationActivityRepo(db.db),
    members: createWorkspaceMembersClient({
      authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
      secret: env.AUTH_EVENTS_SECRET,
    }),
    jobs,
    appUrl: env.PUBLIC_URL,
    now,
    log,
  });
  // Outgoing webhooks (issue #24): delivered by the job queue through their own outbound guard.
  const webhooksGuard = createOutboundGuard({
    allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
    connectTimeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    headersTimeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    bodyTimeoutMs: env.WEBHOOKS_TIMEOUT_MS,
  });
  const webhooksRepo = createWebhooksRepo(db.db);
  const webhookSecrets = createWebhookSecretBox(
    env.MODEL_KEYS_SECRET ?? env.AUTH_EVENTS_SECRET,
    env.MODEL_KEYS_SECRET_PREVIOUS,
  );
  // Webhooks are part of the API's plans (Pro and Business), like API keys.
  const webhooksPlan = async (workspaceId: string) => {
    const plan = await planCache.get(workspaceId, () => subscriptions.currentPlan(workspaceId));
    return { included: planIncludesApiAccess(plan.tier), name: plan.name };
  };
  const webhookDelivery = createWebhookDelivery({
    repo: webhooksRepo,
    jobs,
    secrets: webhookSecrets,
    guard: webhooksGuard,
    members: createWorkspaceMembersClient({
      authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
      secret: env.AUTH_EVENTS_SECRET,
    }),
    audit,
    included: async (workspaceId) => (await webhooksPlan(workspaceId)).included,
    appUrl: env.PUBLIC_URL,
    timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    retryBaseMs: env.WEBHOOKS_RETRY_BASE_MS,
    now,
    log,
  });
  const webhooks = createWebhooksService({
    repo: webhooksRepo,
    delivery: webhookDelivery,
    secrets: webhookSecrets,
    guard: webhooksGuard,
    audit,
    plan: webhooksPlan,
    now,
  });
  const usageRepo = createUsageRepo(db.db);
  const modelKeys = createModelKeyBox(
    env.MODEL_KEYS_SECRET ?? env.AUTH_EVENTS_SECRET,
    env.MODEL_KEYS_SECRET_PREVIOUS,
  );
  const chatbots = createChatbotsService({
    repo: createChatbotsRepo(db.db),
    entitlements,
    modelKeys,
    onChange: (id) => botCache.invalidate(id),
    onEmbeddingsChanged: async (chatbotId) => {
      await semantic.markQueued(chatbotId);
      await jobs.enqueue(EMBED_JOB, { chatbotId }, { maxAttempts: 2 });
    },
  });
  // Outgoing channel messages (WhatsApp) are queued for sending in the transaction that stores
  // them, and the channel workers are woken once it committed.
  const channelOutbox = {
    onQueued: queueChannelSends(jobs),
    onQueuedCommitted: () => jobs.wake([CHANNEL_SEND_JOB]),
  };
  const conversations = createConversationsRepo(db.db, {
    afterCreate: conversationCreatedEvents(webhookDelivery, now),
    createdSql: contactConversationCreatedEvent(webhookDelivery, now),
    afterLead: leadCreatedEvents(webhookDelivery, now),
    queueSend: queueChannelSendSql(jobs),
  });
  const liveRepo = createLiveRepo(db.db, {
    afterTransition: liveTransitionEvents(webhookDelivery, now),
    ...channelOutbox,
  });
  const liveHub = createLiveHub({ repo: liveRepo, log });
  // Created further down (it needs the turn, which needs live chat): called once it exists.
  let channelJobs: ChannelJobs | undefined;
  const live = createLiveService({
    repo: liveRepo,
    hub: liveHub,
    now,
    log,
    // The workspace's members hear of it by e-mail, as each chose (never slowing the visitor).
    onHandoffRequested: (input) => notifications.handoffRequested(input),
    onWaiting: (input) => channelJobs?.waiting(input),
  });
  const authEvents = createAuthEventsService({
    db: db.db,
    repo: createAuthEventsRepo(),
    erase: {
      chatbots: chatbots.erase,
      conversations: conversations.eraseOwner,
      subscriptions: subscriptions.erase,
      contact: contact.erase,
      payments: payments.detachUser,
      users: users.erase,
      audit: audit.erase,
      apiKeys: apiKeys.erase,
      webhooks: webhooks.erase,
      channels: (tx, workspaceId) => channelsRepo.eraseWorkspace(tx, workspaceId),
    },
    forgetUser: (id) => {
      users.forget(id);
      notifications
        .eraseUser(id)
        .catch((err: Error) => log.error({ err }, "could not delete a deleted user's notification settings"));
      // Their bots are gone: no replica may keep serving them from its cache.
      botCache.invalidate("*");
      planCache.invalidate(id);
      usageRepo
        .forget(id)
        .catch((err: Error) => log.error({ err }, "could not delete a deleted user's usage"));
    },
    audit,
    onMembershipChanged: (workspaceId) => liveHub.kick(workspaceId),
  });
  // Every server-side request to an address an account chose goes through one of these guards.
  const outbound = {
    crawler: createOutboundGuard({
      allowPrivate: env.CRAWLER_ALLOW_PRIVATE,
      allowHosts: env.CRAWLER_ALLOW_HOSTS,
    }),
    model: createOutboundGuard({
      allowPrivate: env.LLM_ALLOW_PRIVATE,
      // The operator's own endpoint is trusted wherever it is (a model server beside the API).
      allowHosts: env.LLM_BASE_URL ? [new URL(env.LLM_BASE_URL).host] : [],
      headersTimeoutMs: 120_000,
      bodyTimeoutMs: 120_000,
    }),
    embeddings: createOutboundGuard({
      allowPrivate: env.LLM_ALLOW_PRIVATE,
      allowHosts: env.EMBEDDINGS_BASE_URL ? [new URL(env.EMBEDDINGS_BASE_URL).host] : [],
    }),
    webhooks: webhooksGuard,
  };
  const knowledgeRepo = createKnowledgeRepo(db.db, createTableFileStore(db.db));
  const semantic = createSemanticIndex({
    db: db.db,
    sources: knowledgeRepo,
    guard: outbound.embeddings,
    defaults: {
      baseUrl: env.EMBEDDINGS_BASE_URL,
      model: env.EMBEDDINGS_MODEL,
      apiKey: env.EMBEDDINGS_API_KEY,
    },
    timeoutMs: env.EMBEDDINGS_TIMEOUT_SECONDS * 1000,
    queryTimeoutMs: env.EMBEDDINGS_QUERY_TIMEOUT_MS,
    log,
    openKey: (sealed, chatbotId) => modelKeys.open(sealed, chatbotId),
  });
  const knowledge = createKnowledgeService({
    repo: knowledgeRepo,
    jobs,
    entitlements,
    plan: async (userId) => {
      const plan = await subscriptions.currentPlan(userId);
      return { tier: plan.tier, name: plan.name };
    },
    crawlerGuard: outbound.crawler,
    crawlTimeoutMs: env.CRAWLER_TIMEOUT_SECONDS * 1000,
    parse: {
      memoryMb: env.INGEST_MEMORY_MB,
      timeoutMs: env.INGEST_TIMEOUT_SECONDS * 1000,
      entry: parserEntry,
    },
    log,
    now,
    semantic,
    onSourceSettled: sourceSettledEvents(webhookDelivery, now),
    onSynced: sourceSyncedEvents(webhookDelivery, now),
    onSyncTrouble: async (row, sync, kind) => {
      const bot = await createChatbotsRepo(db.db).byId(row.chatbotId);
      await notifications.sourceSyncTrouble({
        workspaceId: row.ownerId,
        kind,
        title: row.title,
        botName: bot?.name ?? "",
        chatbotId: row.chatbotId,
        error: sync.error,
        removed: sync.removed,
        total: sync.changed + sync.unchanged + sync.removed + sync.failed,
      });
    },
    schedule: createResyncSchedule(db.db),
  });
  registerIngestJob(jobs, knowledge);
  const retrieval = createRetrieval(db.db, semantic);
  const chat = createChatService({
    retrieval,
    llm: { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL },
    guard: outbound.model,
    botApiKey: chatbots.modelApiKey,
    onAnswer: (engine, outcome, seconds) => metrics.answer(engine, outcome, seconds),
  });
  const messagesThisMonth = (userId: string) => usageRepo.messagesIn(userId, monthOf(now()));
  const currentPlan = (userId: string) => planCache.get(userId, () => subscriptions.currentPlan(userId));
  // A conversation's turn, one for every channel (the widget, the public API, WhatsApp).
  const turn = createTurnService({
    chat,
    conversations,
    usage: usageRepo,
    plan: currentPlan,
    workspaceSuspended: (ownerId) =>
      suspensionCache.get(ownerId, async () => Boolean(await platformAudit.suspension(ownerId))),
    live,
    hub: liveHub,
    now,
  });
  const widget = createWidgetService({
    db: db.db,
    conversations,
    turn,
    plan: currentPlan,
    bots: botCache,
    now,
    live,
    hub: liveHub,
  });
  // Messaging channels (issue #31): WhatsApp through Meta's Cloud API (or its local stand-in).
  const graph = createGraphClient({
    baseUrl: env.WHATSAPP_GRAPH_URL,
    // The operator's own setting: its host is trusted wherever it is (the stand-in on loopback).
    guard: createOutboundGuard({
      allowPrivate: false,
      allowHosts: [new URL(env.WHATSAPP_GRAPH_URL).host],
      connectTimeoutMs: env.WHATSAPP_TIMEOUT_MS,
      headersTimeoutMs: env.WHATSAPP_TIMEOUT_MS,
      bodyTimeoutMs: env.WHATSAPP_TIMEOUT_MS,
    }),
    timeoutMs: env.WHATSAPP_TIMEOUT_MS,
  });
  // Every delivery and every job of a message reads its channel: cached like the bot and plan.
  const channelsRepo = createChannelsRepo(
    db.db,
    createHotCache<schema.ChannelRow>("channel", { ttlMs: HOT_CACHE_TTL_MS, bus: cacheBus }),
  );
  const channelAdapters = { whatsapp: createWhatsappAdapter({ graph }) };
  const membersClient = createWorkspaceMembersClient({
    authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
    secret: env.AUTH_EVENTS_SECRET,
  });
  const channels = createChannelsService({
    repo: channelsRepo,
    graph,
    secrets: createSealedBox(
      { version: "cs1", info: "parley channel secrets v1", what: "channel secret" },
      env.MODEL_KEYS_SECRET ?? env.AUTH_EVENTS_SECRET,
      env.MODEL_KEYS_SECRET_PREVIOUS,
    ),
    ownBot: chatbots.own,
    plan: webhooksPlan,
    audit,
    publicUrl: env.PUBLIC_URL,
    now,
    onNeedsAttention: async (row, reason) => channelJobs?.needsAttention(row, reason),
  });
  const delivery = createDeliveryService({ live: liveRepo, hub: liveHub, now });
  channelJobs = createChannelJobs({
    jobs,
    sendDoubtMs: env.WHATSAPP_SEND_DOUBT_MS,
    repo: channelsRepo,
    channels,
    adapters: channelAdapters,
    turn,
    conversations,
    live: liveRepo,
    teamBusy: (workspaceId, conversationId, waitingSince, content) =>
      live.teamBusy(workspaceId, conversationId, waitingSince, content),
    delivery,
    bot: (id) =>
      botCache.get(id, async () => {
        const [row] = await db.db.select().from(schema.chatbots).where(eq(schema.chatbots.id, id));
        return row ?? null;
      }),
    members: membersClient,
    appUrl: env.PUBLIC_URL,
    now,
    log,
  });
  const identity = createIdentityService({
    setSecret: chatbots.setIdentitySecret,
    findUser: users.find,
    box: createSecretBox(env.IDENTITY_SECRETS_KEY ?? env.AUTH_EVENTS_SECRET),
    ownBot: chatbots.own,
    now,
    onChange: (id) => botCache.invalidate(id),
  });
  const seatsUsed = createSeatsUsedClient({
    authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
    secret: env.AUTH_EVENTS_SECRET,
    log,
  });
  const usage = async (workspaceId: string) => {
    const [bots, sources, messages, teamMembers] = await Promise.all([
      chatbots.countForOwner(workspaceId),
      knowledge.countForOwner(workspaceId),
      messagesThisMonth(workspaceId),
      seatsUsed.used(workspaceId),
    ]);
    return { chatbots: bots, knowledgeSources: sources, messagesThisMonth: messages, teamMembers };
  };
  // The operator's console (issue #33): reads from each owner's repository, changes through services.
  const admin = createAdminService({
    audit: platformAudit,
    onWorkspaceSuspension: (workspaceId) => suspensionCache.invalidate(workspaceId),
    users: usersRepo,
    members: membersClient,
    subscriptions,
    subscriptionsRepo,
    plans,
    plansRepo,
    payments,
    paymentsRepo,
    chatbots,
    apiKeys: apiKeysRepo,
    webhooks: webhooksRepo,
    channels: channelsRepo,
    knowledge: knowledgeRepo,
    analytics: createAnalyticsRepo(db.db),
    jobs,
    usage,
    appUrl: env.PUBLIC_URL,
    currency: env.PLANS_CURRENCY,
    now,
    log,
  });
  return {
    admin,
    cacheBus,
    live,
    liveHub,
    /** Dropped by the writers through their modules; an out-of-band SQL write is seen when the entry expires. */
    caches: { bots: botCache, plans: planCache },
    outbound,
    modelKeys,
    audit,
    apiKeys,
    seats: seatsUsed,
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
    turn,
    channels,
    channelJobs,
    channelAdapters,
    widget: notifyOnLeads(widget, notifications, { now, log }),
    webhooks,
    webhookDelivery,
    notifications,
    widgetSessions: createWidgetSessions({ conversations }),
    identity,
    demo: createDemoService({
      chatbots,
      claimDemoSeed: users.claimDemoSeed,
      knowledge,
      grantPlan: (userId, code) => subscriptions.grant(userId, code),
    }),
    inbox: createInboxService({ db: db.db, conversations }),
    analytics: createAnalyticsService({ db: db.db, entitlements, messagesThisMonth }),
    lifecycle: createLifecycleService({
      db: db.db,
      now,
      conversations,
      owners: {
        user: users.find,
        subscription: subscriptions.find,
        bots: chatbots.rowsForOwner,
        payments: payments.listRows,
        sources: knowledge.rowsForBots,
      },
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

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
    logger:
      deps.logger === undefined
        ? withLogRedaction({ level: env.LOG_LEVEL })
        : deps.logger && typeof deps.logger === "object" && !("child" in deps.logger)
          ? withLogRedaction(deps.logger)
          : deps.logger,
    // Reuse a caller's request id when it is sane, so logs join up across services.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : nextRequestId();
    },
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

  const services = createServices(env, db, clock, app.log, metrics, deps.parserEntry);
  metrics.readFrom({
    jobCounts: () => services.jobs.depth(),
    paymentCounts: () => services.payments.countByState(),
  });
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
  const verifyToken = createTokenVerifier({
    jwksUrl: `${env.AUTH_INTERNAL_URL ?? env.AUTH_URL}/jwks`,
    issuer: env.AUTH_URL,
  });
  const membership = createMembershipCheck({
    authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
    secret: env.AUTH_EVENTS_SECRET,
  });

  await app.register(
    async (api) => {
      api.addHook("onRequest", bindChatbotLog);
      await api.register(healthRoutes, {
        db,
        version: VERSION,
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
      // The public API: API keys only (never an access token), its own scope and hook.
      await api.register(publicApi, {
        prefix: "/v1",
        version: VERSION,
        apiKeys: services.apiKeys,
        limiter,
        chatbots,
        knowledge,
        turn: services.turn,
        inbox: services.inbox,
        audit: services.audit,
      });
      const authenticate = requireAuth(verifyToken, membership, async (auth) => {
        await users.upsertFromClaims(auth.claims);
        if (env.DEMO_CONTENT) await services.demo.ensureForUser(auth.userId, auth.claims.email);
      });
      // The operator's console: platform staff only, its own scope (API keys refused before the token check).
      await api.register(adminRoutes, {
        prefix: "/admin",
        admin: services.admin,
        now: clock.now,
        authenticate,
      });
      // Everything registered in this scope needs a valid access token.
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
        await authed.register(subscriptionsRoutes, {
          subscriptions,
          entitlements,
          usage,
          audit: services.audit,
        });
        await authed.register(paymentsRoutes, { payments });
        await authed.register(chatbotsRoutes, { chatbots, audit: services.audit });
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
        await authed.register(knowledgeRoutes, { knowledge, audit: services.audit });
        await authed.register(playgroundRoutes, { chatbots, chat });
        await authed.register(notificationPrefsRoutes, { notifications: services.notifications });
        await authed.register(liveRoutes, {
          live: services.live,
          hub: services.liveHub,
          limiter,
          membership,
        });
        await authed.register(inboxRoutes, {
          inbox: services.inbox,
          analytics: services.analytics,
          lifecycle: services.lifecycle,
          appUrl: env.PUBLIC_URL,
          audit: services.audit,
        });
      });
    },
    { prefix: "/api" },
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
          frameAncestors((await widget.publishedBot(chatbotId)).allowedDomains, appOrigin),
        );
      } catch {
        // Unknown or unpublished: only the app itself may frame it.
        return securityHeaders.framablePolicy("frame-ancestors 'self'");
      }
    },
  });
  return app;
}
