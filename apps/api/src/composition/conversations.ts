import { eq } from "drizzle-orm";
import * as schema from "../db/schema";
import { createHotCache } from "../lib/hot-cache";
import { createOutboundGuard } from "../lib/outbound";
import { createSealedBox } from "../lib/secret-box";
import {
  CHANNEL_SEND_JOB,
  type ChannelJobs,
  createChannelJobs,
  queueChannelSendSql,
  queueChannelSends,
} from "../modules/channels/channel-jobs";
import { createChannelsRepo } from "../modules/channels/channels.repo";
import { createChannelsService } from "../modules/channels/channels.service";
import { createGraphClient } from "../modules/channels/whatsapp/graph-client";
import { createWhatsappAdapter } from "../modules/channels/whatsapp/whatsapp.adapter";
import { createConversationsRepo } from "../modules/conversations/conversations.repo";
import { createDeliveryService } from "../modules/conversations/delivery.service";
import { createLiveRepo } from "../modules/conversations/live.repo";
import { createLiveService } from "../modules/conversations/live.service";
import { createLiveHub } from "../modules/conversations/live-hub";
import { createTurnService } from "../modules/conversations/turn.service";
import { createWorkspaceMembersClient } from "../modules/notifications/members-client";
import {
  contactConversationCreatedEvent,
  conversationCreatedEvents,
  leadCreatedEvents,
  liveTransitionEvents,
} from "../modules/webhooks/webhook-events";
import { createWidgetService } from "../modules/widget/widget.service";

import { HOT_CACHE_TTL_MS, type Wiring } from "./context";
import type { Core } from "./core";
import type { Events } from "./events";
import type { Knowledge } from "./knowledge";

/**
 * Conversations, the hub: live chat, the turn every channel shares, the widget, and the messaging
 * channels (WhatsApp) with their jobs.
 */
export function createConversations(
  w: Wiring,
  { jobs, audit, usageRepo, currentPlan, platformAudit }: Core,
  { webhookDelivery, notifications, webhooksPlan }: Events,
  { chat, chatbots }: Knowledge,
) {
  const { env, db, now, log, cacheBus } = w;
  const { bot: botCache, suspension: suspensionCache } = w.caches;
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
  // A conversation's turn, one for every channel (the widget, the public API, WhatsApp).
  const turn = createTurnService({
    chat,
    conversations,
    usage: usageRepo,
    plan: currentPlan,
    workspaceSuspended: (workspaceId) =>
      suspensionCache.get(workspaceId, async () => Boolean(await platformAudit.suspension(workspaceId))),
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
  return {
    conversations,
    liveRepo,
    liveHub,
    live,
    turn,
    widget,
    channelsRepo,
    channelAdapters,
    membersClient,
    channels,
    delivery,
    channelJobs,
  };
}
