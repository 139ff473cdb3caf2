import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadeTo } from "./_columns";
import { chatbots } from "./chatbots";

/**
 * A bot's connection to a messaging channel (issue #31): today a WhatsApp Business number. The
 * access token, app secret and verify token are stored sealed (AES-256-GCM, bound to the
 * channel's id), never in plain text. A number is connected to one bot at a time.
 */
export const channels = pgTable(
  "channels",
  {
    id: text().primaryKey(),
    workspaceId: text().notNull(),
    chatbotId: cascadeTo(() => chatbots.id),
    kind: text({ enum: ["whatsapp"] }).notNull(),
    /** `needs_attention`: the provider refused the credentials (a revoked token); sends stopped. */
    status: text({ enum: ["connected", "needs_attention"] })
      .notNull()
      .default("connected"),
    /** Why it needs attention, in the provider's words (code and message). */
    statusReason: text(),
    statusChangedAt: timestamp({ withTimezone: true }),
    phoneNumberId: text().notNull(),
    businessAccountId: text().notNull(),
    /** As the Graph API reported it when the token was last checked. */
    displayPhoneNumber: text().notNull().default(""),
    verifiedName: text().notNull().default(""),
    qualityRating: text().notNull().default("UNKNOWN"),
    accessTokenSealed: text().notNull(),
    appSecretSealed: text().notNull(),
    verifyTokenSealed: text().notNull(),
    /** The last delivery the provider's webhook made (shown on the page: "last message received"). */
    lastWebhookAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("channels_phone_number_idx").on(t.kind, t.phoneNumberId),
    index("channels_bot_idx").on(t.chatbotId),
    index("channels_workspace_idx").on(t.workspaceId),
  ],
);
export type ChannelRow = typeof channels.$inferSelect;

/**
 * The provider's message ids a channel has received: a delivery made twice (the provider retries
 * until it is acknowledged, and may deliver more than once) is recognised here at receipt and not
 * processed again. Kept for eight days (the provider retries for up to seven).
 */
export const channelReceipts = pgTable(
  "channel_receipts",
  {
    channelId: cascadeTo(() => channels.id),
    externalId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("channel_receipts_idx").on(t.channelId, t.externalId),
    index("channel_receipts_age_idx").on(t.receivedAt),
  ],
);
