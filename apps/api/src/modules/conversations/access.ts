import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { conversations } from "../../db/schema";

/**
 * Who may reach a conversation, as callers outside this module say it (they never write SQL on
 * its tables):
 * - a widget visitor of one bot: their anonymous conversations by visitor id, or, when the
 *   business vouched for them, the verified customer's own on any device. A customer's
 *   conversation is never reachable by visitor id alone, so signing out on a shared computer
 *   leaves nothing for the next person;
 * - a workspace's team: its website conversations (the Playground is the owner's own test).
 */
export type ConversationAccess =
  | { visitor: { chatbotId: string; visitorId: string; customerId: string | null } }
  | { team: { workspaceId: string } };

/** The rule as a condition on `conversations` (this module's repositories only). */
export function accessCondition(access: ConversationAccess): SQL {
  if ("team" in access)
    return (
      and(eq(conversations.ownerId, access.team.workspaceId), eq(conversations.channel, "widget")) ??
      sql`false`
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
