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
        eq(conversations.workspaceId, access.team.workspaceId),
        inArray(conversations.channel, [...TEAM_CHANNELS]),
      ) ?? sql`false`
    );
  if ("api" in access)
    return (
      and(
        eq(conversations.workspaceId, access.api.workspaceId),
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

/**
 * The same rule with the caller's side as data, for reads made many at a time in one statement
 * (one row of `jsonb_to_recordset` each, see ACCESS_COLUMNS): building a condition per read cost a
 * busy API more than running the statement.
 */
export function accessRow(access: ConversationAccess) {
  const none = {
    chatbot_id: null as string | null,
    visitor_id: null as string | null,
    customer_id: null as string | null,
    workspace_id: null as string | null,
    channel_id: null as string | null,
    contact_id: null as string | null,
  };
  if ("team" in access) return { ...none, kind: "team", workspace_id: access.team.workspaceId };
  if ("api" in access)
    return { ...none, kind: "api", workspace_id: access.api.workspaceId, chatbot_id: access.api.chatbotId };
  if ("contact" in access)
    return {
      ...none,
      kind: "contact",
      channel_id: access.contact.channelId,
      contact_id: access.contact.contactId,
    };
  const { chatbotId, visitorId, customerId } = access.visitor;
  return { ...none, kind: "visitor", chatbot_id: chatbotId, visitor_id: visitorId, customer_id: customerId };
}

/** The record columns of accessRow() in `jsonb_to_recordset(…) as x(…)`. */
export const ACCESS_COLUMNS = sql.raw(
  "kind text, chatbot_id text, visitor_id text, customer_id text, workspace_id text, channel_id text, contact_id text",
);

/**
 * accessCondition() for a conversation aliased `c` and an accessRow() aliased `x` (kept beside
 * it: the two say the same rule, and the repository tests hold both to it).
 */
export const ACCESS_MATCHES = sql.raw(`(
  (x.kind = 'visitor' and c.chatbot_id = x.chatbot_id and c.channel = 'widget'
    and ((c.customer_id is null and c.visitor_id = x.visitor_id) or c.customer_id = x.customer_id))
  or (x.kind = 'api' and c.owner_id = x.workspace_id and c.chatbot_id = x.chatbot_id and c.channel = 'api')
  or (x.kind = 'contact' and c.channel_id = x.channel_id and c.contact_id = x.contact_id)
  or (x.kind = 'team' and c.owner_id = x.workspace_id
    and c.channel in (${TEAM_CHANNELS.map((ch) => `'${ch}'`).join(", ")}))
)`);
