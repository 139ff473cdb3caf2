import { createAdminService } from "../modules/admin/admin.service";
import { createAuthEventsRepo } from "../modules/auth-events/auth-events.repo";
import { createAuthEventsService } from "../modules/auth-events/auth-events.service";
import { createAnalyticsRepo } from "../modules/conversations/analytics.repo";
import { createDemoService } from "../modules/demo/demo.service";
import { createIdentityService } from "../modules/identity/identity.service";
import { createSecretBox } from "../modules/identity/identity-crypto";
import { createAnalyticsService } from "../modules/inbox/analytics.service";
import { createInboxService } from "../modules/inbox/inbox.service";
import { createLifecycleService } from "../modules/inbox/lifecycle.service";
import { notifyOnLeads } from "../modules/notifications/widget-leads";
import { createWidgetSessions } from "../modules/widget/widget-session";
import { createSeatsUsedClient } from "../modules/workspaces/seats-client";

import type { Wiring } from "./context";
import { createConversations } from "./conversations";
import { createCore } from "./core";
import { createEvents } from "./events";
import { createKnowledge } from "./knowledge";

/** Every service of the API, wired: the parts in the order they need each other. */
export function createServices(w: Wiring, parserEntry: string | undefined) {
  const { env, db, now, log, cacheBus } = w;
  const { bot: botCache, plan: planCache, suspension: suspensionCache } = w.caches;
  const core = createCore(w);
  const events = createEvents(w, core);
  const knowledgeParts = createKnowledge(w, core, events, parserEntry);
  const hub = createConversations(w, core, events, knowledgeParts);
  const { notifications, webhooksRepo, webhookDelivery, webhooks } = events;
  const { modelKeys, chatbots, outbound, knowledgeRepo, knowledge, retrieval, chat } = knowledgeParts;
  const authEvents = createAuthEventsService({
    db: db.db,
    repo: createAuthEventsRepo(),
    erase: {
      chatbots: chatbots.erase,
      conversations: hub.conversations.eraseOwner,
      subscriptions: core.subscriptions.erase,
      contact: core.contact.erase,
      payments: core.payments.detachUser,
      users: core.users.erase,
      audit: core.audit.erase,
      apiKeys: core.apiKeys.erase,
      webhooks: webhooks.erase,
      channels: (tx, workspaceId) => hub.channelsRepo.eraseWorkspace(tx, workspaceId),
    },
    forgetUser: (id) => {
      core.users.forget(id);
      notifications
        .eraseUser(id)
        .catch((err: Error) => log.error({ err }, "could not delete a deleted user's notification settings"));
      // Their bots are gone: no replica may keep serving them from its cache.
      botCache.invalidate("*");
      planCache.invalidate(id);
      core.usageRepo
        .forget(id)
        .catch((err: Error) => log.error({ err }, "could not delete a deleted user's usage"));
    },
    audit: core.audit,
    onMembershipChanged: (workspaceId) => hub.liveHub.kick(workspaceId),
  });
  const identity = createIdentityService({
    setSecret: chatbots.setIdentitySecret,
    findUser: core.users.find,
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
      core.messagesThisMonth(workspaceId),
      seatsUsed.used(workspaceId),
    ]);
    return { chatbots: bots, knowledgeSources: sources, messagesThisMonth: messages, teamMembers };
  };
  // The operator's console (issue #33): reads from each owner's repository, changes through services.
  const admin = createAdminService({
    audit: core.platformAudit,
    onWorkspaceSuspension: (workspaceId) => suspensionCache.invalidate(workspaceId),
    users: core.usersRepo,
    members: hub.membersClient,
    subscriptions: core.subscriptions,
    subscriptionsRepo: core.subscriptionsRepo,
    plans: core.plans,
    plansRepo: core.plansRepo,
    payments: core.payments,
    paymentsRepo: core.paymentsRepo,
    chatbots,
    apiKeys: core.apiKeysRepo,
    webhooks: webhooksRepo,
    channels: hub.channelsRepo,
    knowledge: knowledgeRepo,
    analytics: createAnalyticsRepo(db.db),
    jobs: core.jobs,
    usage,
    appUrl: env.PUBLIC_URL,
    currency: env.PLANS_CURRENCY,
    now,
    log,
  });
  return {
    admin,
    cacheBus,
    live: hub.live,
    liveHub: hub.liveHub,
    /** Dropped by the writers through their modules; an out-of-band SQL write is seen when the entry expires. */
    caches: { bots: botCache, plans: planCache },
    outbound,
    modelKeys,
    audit: core.audit,
    apiKeys: core.apiKeys,
    seats: seatsUsed,
    plans: core.plans,
    contact: core.contact,
    users: core.users,
    subscriptions: core.subscriptions,
    entitlements: core.entitlements,
    payments: core.payments,
    authEvents,
    jobs: core.jobs,
    chatbots,
    knowledge,
    retrieval,
    chat,
    usage,
    turn: hub.turn,
    channels: hub.channels,
    channelJobs: hub.channelJobs,
    channelAdapters: hub.channelAdapters,
    widget: notifyOnLeads(hub.widget, notifications, { now, log }),
    webhooks,
    webhookDelivery,
    notifications,
    widgetSessions: createWidgetSessions({ conversations: hub.conversations }),
    identity,
    demo: createDemoService({
      chatbots,
      claimDemoSeed: core.users.claimDemoSeed,
      knowledge,
      grantPlan: (userId, code) => core.subscriptions.grant(userId, code),
    }),
    inbox: createInboxService({ db: db.db, conversations: hub.conversations }),
    analytics: createAnalyticsService({
      db: db.db,
      entitlements: core.entitlements,
      messagesThisMonth: core.messagesThisMonth,
    }),
    lifecycle: createLifecycleService({
      db: db.db,
      now,
      conversations: hub.conversations,
      owners: {
        user: core.users.find,
        subscription: core.subscriptions.find,
        bots: chatbots.rowsForOwner,
        payments: core.payments.listRows,
        sources: knowledge.rowsForBots,
      },
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
