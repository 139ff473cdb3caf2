import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A Postgres regular expression for text the inbox search's analysis changes (`analyseForSearch`):
 * a character of the Arabic script or an invisible one it removes. Escapes are Postgres's own.
 */
export const MESSAGES_TO_ANALYSE = String.raw`[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u200B-\u200F\u2060-\u2064\u202A-\u202E\u2066-\u2069\u00AD]`;

import { cascadeTo } from "./_columns";
import { chatbots } from "./chatbots";

/** One WhatsApp message a stored message was sent as (a long answer goes in several). */
export interface DeliveryPart {
  /** The provider's id of the sent message (`wamid…`), once it accepted it. */
  externalId: string | null;
  status: "queued" | "sent" | "delivered" | "read" | "failed";
  /** Failed: the provider's code and words. */
  error: { code: number; message: string } | null;
  /**
   * When a send of this part last began (ISO), until the provider's answer: a part with it and no
   * `externalId` may have been taken by the provider (the process died, or the call timed out),
   * so it is not sent again until the provider's report had time to say so.
   */
  attemptAt?: string | null;
}

/** A template message as it was sent (name, language, the values of its placeholders). */
export interface SentTemplate {
  name: string;
  language: string;
  parameters: string[];
}

export interface StoredCitation {
  sourceId: string;
  title: string;
  kind: "text" | "qa" | "file" | "website";
  url: string | null;
  snippet: string;
}

/**
 * The messages a conversation holds at most (`WIDGET_LIMITS.maxMessagesPerConversation`, which a
 * test keeps equal): a channel contact's conversation with fewer is the one their next message
 * joins.
 */
export const CONVERSATION_MAX_MESSAGES = 200;
/** A channel contact's conversation that takes their next message (see the unique index below). */
export const CONTACT_CONVERSATION_OPEN = sql.raw(
  `contact_id is not null and message_count < ${CONVERSATION_MAX_MESSAGES}`,
);

export const conversations = pgTable(
  "conversations",
  {
    id: text().primaryKey(),
    chatbotId: cascadeTo(() => chatbots.id),
    workspaceId: text("owner_id").notNull(),
    /**
     * Where the customer writes from: the website's widget, the public API (the conversation is
     * the workspace's), or a messaging channel (`channelId`, the contact's address `contactId`).
     * `playground` is a legacy value no row uses.
     */
    channel: text({ enum: ["playground", "widget", "api", "whatsapp"] }).notNull(),
    visitorId: text(),
    /** A messaging channel's conversation: the connection (channels.id) and the customer's address on it. */
    channelId: text(),
    /** WhatsApp: the customer's number (`wa_id`, digits only). */
    contactId: text(),
    /** The name the customer gave themselves on the channel (WhatsApp profile name). */
    contactName: text(),
    /** The language the customer writes in, detected from their messages (channels answer in it). */
    language: text({ enum: ["en", "ar"] }),
    /** The customer's last message: WhatsApp allows free-form replies for 24 hours after it. */
    lastInboundAt: timestamp({ withTimezone: true }),
    /**
     * The business's own id of a verified customer (signed with the bot's identity secret). Set,
     * the conversation belongs to that customer: readable with their signature on any device,
     * never by visitor id alone. E-mail and name label them in the inbox (latest seen).
     */
    customerId: text(),
    customerEmail: text(),
    customerName: text(),
    /** Denormalised for a fast inbox at 100k conversations; kept up to date on every message. */
    messageCount: integer().notNull().default(0),
    firstQuestion: text(),
    hasLead: boolean().notNull().default(false),
    unansweredCount: integer().notNull().default(0),
    upCount: integer().notNull().default(0),
    downCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Live chat state (see conversationStatusSchema): bot, waiting, claimed, closed. */
    status: text({ enum: ["bot", "waiting", "claimed", "closed"] })
      .notNull()
      .default("bot"),
    /** The member handling it (claimed), with the name visitors see. */
    assigneeId: text(),
    assigneeName: text(),
    /** When the visitor last asked for a person (null unless waiting or claimed). */
    waitingSince: timestamp({ withTimezone: true }),
    /** Analytics: the first request for a person, and the first reply by a person after it. */
    firstHandoffAt: timestamp({ withTimezone: true }),
    firstHumanReplyAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** The last stored live event's number (conversation_events.seq): events are numbered in commit order. */
    eventSeq: integer().notNull().default(0),
  },
  (t) => [
    index("conversations_waiting_idx").on(t.workspaceId, t.status, t.waitingSince),
    index("conversations_bot_idx").on(t.chatbotId, t.lastMessageAt),
    index("conversations_owner_idx").on(t.workspaceId, t.lastMessageAt, t.id),
    index("conversations_bot_created_idx").on(t.chatbotId, t.createdAt),
    index("conversations_visitor_idx").on(t.chatbotId, t.visitorId, t.lastMessageAt),
    index("conversations_customer_idx").on(t.chatbotId, t.customerId, t.lastMessageAt),
    index("conversations_contact_idx").on(t.channelId, t.contactId, t.lastMessageAt),
    // A channel's contact has one conversation with room for more messages at a time (the turn
    // continues it): their first messages arriving at once, on any replica, never start two.
    uniqueIndex("conversations_contact_open_idx")
      .on(t.channelId, t.contactId)
      .where(CONTACT_CONVERSATION_OPEN),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: text().primaryKey(),
    conversationId: cascadeTo(() => conversations.id),
    chatbotId: text().notNull(),
    workspaceId: text("owner_id").notNull(),
    role: text({ enum: ["user", "assistant", "agent"] }).notNull(),
    content: text().notNull(),
    citations: jsonb().$type<StoredCitation[]>().notNull().default([]),
    /** Assistant messages: false when the fallback reply was given. */
    answered: boolean(),
    /** Assistant messages of the built-in engine: its confidence in the answer, 0–1 (confidence.ts). */
    confidence: real(),
    /** Set when the stream ended early (client left, model error). */
    interrupted: boolean().notNull().default(false),
    /** The polite "unavailable" reply sent past the owner's monthly quota: not counted as usage. */
    quotaBlocked: boolean().notNull().default(false),
    feedback: text({ enum: ["up", "down"] }),
    /** Agent messages: the member who wrote it, and their name as the visitor saw it. */
    authorId: text(),
    authorName: text(),
    /**
     * What the customer sent on a channel: text, or media the bot cannot read (recorded with its
     * caption as the content); `template` for a template message the team sent.
     */
    contentType: text({
      enum: ["text", "image", "document", "audio", "video", "sticker", "location", "template", "other"],
    })
      .notNull()
      .default("text"),
    /** The provider's id of a received message (`wamid…`). */
    externalId: text(),
    /** The message this one answers or quotes: the question a bot reply answers, a quoted message. */
    replyToId: text(),
    /** Outgoing on a channel: how far it got (the worst of its parts), and each part. */
    delivery: text({ enum: ["queued", "sent", "delivered", "read", "failed"] }),
    deliveryParts: jsonb().$type<DeliveryPart[]>(),
    deliveryAt: timestamp({ withTimezone: true }),
    /** A template message's name, language and parameters. */
    template: jsonb().$type<SentTemplate>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The content as search sees it when that differs from the content (Arabic: normalised and
     * stemmed by the answer engine's analysis, `analyseForSearch`; any text: zero-width characters
     * removed); null otherwise. Written in TypeScript, so PGlite and Postgres index the same words.
     */
    searchContent: text(),
    /** Inbox search over message text ('simple': visitors write in any language). */
    tsv: tsvector().generatedAlwaysAs(sql`to_tsvector('simple', coalesce(search_content, content))`),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
    index("messages_owner_month_idx").on(t.workspaceId, t.createdAt),
    index("messages_tsv_idx").using("gin", t.tsv),
    // Messages stored before `search_content` existed that the analysis would change: the
    // `inbox.search-backlog` job analyses them (the index is empty once it has).
    index("messages_search_backlog_idx")
      .on(t.id)
      .where(sql`search_content is null and content ~ ${sql.raw(`'${MESSAGES_TO_ANALYSE}'`)}`),
    // A question is answered by the bot once: a second answer (a retried job, a delivery the
    // provider made twice) cannot be stored.
    uniqueIndex("messages_bot_reply_idx")
      .on(t.replyToId)
      .where(sql`role = 'assistant' and reply_to_id is not null`),
    index("messages_external_idx").on(t.externalId),
  ],
);

/**
 * Live events of a conversation (live/live.ts), stored before they are published so a client that
 * reconnects catches up from here. `seq` numbers a conversation's events in commit order (taken
 * from conversations.event_seq under its row lock): the visitor's stream resumes by it. `id`
 * orders a workspace's events for the team's stream.
 */
export const conversationEvents = pgTable(
  "conversation_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    workspaceId: text("owner_id").notNull(),
    chatbotId: text().notNull(),
    conversationId: cascadeTo(() => conversations.id),
    seq: integer().notNull(),
    type: text({ enum: ["message", "status", "delivery"] }).notNull(),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversation_events_seq_idx").on(t.conversationId, t.seq),
    index("conversation_events_owner_idx").on(t.workspaceId, t.id),
  ],
);

/** A member's e-mail notifications (handoff requests, new leads) per workspace. */
export const memberNotificationPrefs = pgTable(
  "member_notification_prefs",
  {
    workspaceId: text().notNull(),
    userId: text().notNull(),
    email: text({ enum: ["each", "hourly", "none"] })
      .notNull()
      .default("each"),
    /** The hourly digest covered everything up to here. */
    digestThrough: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);
