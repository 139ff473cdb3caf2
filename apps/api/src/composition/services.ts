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
  const {
    platformAudit,
    plansRepo,
    plans,
    contact,
    usersRepo,
    users,
    audit,
    subscriptionsRepo,
    subscriptions,
    entitlements,
    apiKeysRepo,
    apiKeys,
    paymentsRepo,
    payments,
    jobs,
    usageRepo,
    messagesThisMonth,
  } = core;
  const { notifications, webhooksRepo, webhookDelivery, webhooks } = events;
  const { modelKeys, chatbots, outbound, knowledgeRepo, knowledge, retrieval, chat } = knowledgeParts;
  const {
    conversations,
    liveHub,
    live,
    turn,
    widget,
    channelsRepo,
    channelAdapters,
    membersClient,
    channels,
    channelJobs,
  } = hub;
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
