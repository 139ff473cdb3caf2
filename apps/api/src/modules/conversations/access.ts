import type { ConversationChannel } from "@parley/contracts";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { conversations } from "../../db/schema";

/** The channels a workspace's team works in the inbox (every conversation but the Playground's). */
export const TEAM_CHANNELS = ["widget", "api", "whatsapp"] as const satisfies readonly ConversationChannel[];
export type TeamChannel = (typeof TEAM_CHANNELS)[number];

/**
 * Who may reach a conversation, as callers outside this module say it (they never write SQL on
 * its tables):
 * - a widget visitor of one bot: their anonymous conversations by visitor id, or, when the
 *   business vouched for them, the verified customer's own on any device. A customer's
 *   conversation is never reachable by visitor id alone, so signing out on a shared computer
 *   leaves nothing for the next person;
 * - the public API, with a workspace's key: the conversations the API started with the bot;
 * - a customer on a messaging channel: the conversations of their address (a WhatsApp number) on
 *   that connection, and nobody else's;
 * - a workspace's team: its conversations on every channel.
 */
export type ConversationAccess =
  | { visitor: { chatbotId: string; visitorId: string; customerId: string | null } }
  | { api: { workspaceId: string; chatbotId: string } }
  | { contact: { channelId: string; contactId: string } }
  | { team: { workspaceId: string } };

/** The rule as a condition on `conversations` (this module's repositories only). */
export function accessCondition(access: ConversationAccess): SQL {
  if ("team" in access)
    return (
      and(
        eq(conversations.ownerId, access.team.workspaceId),
        inArray(conversations.channel, [...TEAM_CHANNELS]),
      ) ?? sql`false`
    );
  if ("api" in access)
    return (
      and(
        eq(conversations.ownerId, access.api.workspaceId),
        eq(conversations.chatbotId, access.api.chatbotId),
        eq(conversations.channel, "api"),
      ) ?? sql`false`
    );
  if ("contact" in access)
    return (
      and(
        eq(conversations.channelId, access.contact.channelId),
        eq(conversations.contactId, access.contact.contactId),
      ) ?? sql`false`
    );
  const { chatbotId, visitorId, customerId } = access.visitor;
  const anonymous = and(isNull(conversations.customerId), eq(conversations.visitorId, visitorId));
  const customer = customerId ? eq(conversations.customerId, customerId) : sql`false`;
  return (
    and(
      eq(conversations.chatbotId, chatbotId),
      eq(conversations.channel, "widget"),
      sql`(${anonymous} or ${customer})`,
    ) ?? sql`false`
  );
}
