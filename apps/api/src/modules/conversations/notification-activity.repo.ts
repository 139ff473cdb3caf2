import type { Database } from "@parley/db";
import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import { chatbots, conversationEvents, conversations, leads } from "../../db/schema";

/** A visitor asked for a person (the conversation now waits for the team). */
export interface HandoffItem {
  kind: "handoff";
  conversationId: string;
  chatbotName: string;
  /** The visitor's name or address when known (a verified customer); else "A visitor". */
  visitorLabel: string | null;
  /** What the visitor wrote (their first question), when there is one. */
  preview: string | null;
  /** ISO time of the request. */
  at: string;
}

/** A visitor left their contact details. */
export interface LeadItem {
  kind: "lead";
  conversationId: string;
  chatbotName: string;
  email: string;
  name: string | null;
  at: string;
}

/** A handoff request or a lead, as the notifications module's mails name it. */
export type ActivityItem = HandoffItem | LeadItem;

/**
 * Reads for the notifications module's hourly digest (the conversations module owns these
 * tables): a workspace's handoff requests and leads in a time window. A handoff request is a
 * stored `status` event to `waiting` (live/live.ts), timed by its `waitingSince` (the app's clock,
 * like a lead's `created_at`). Deleted conversations (retention, by hand) take theirs with them.
 */
export function createNotificationActivityRepo(db: Database) {
  const waitingSince = sql<string>`(${conversationEvents.payload}->>'waitingSince')`;
  const waitingAt = sql`(${conversationEvents.payload}->>'waitingSince')::timestamptz`;
  const handoffScope = (workspaceId: string, from: Date, to: Date) =>
    and(
      eq(conversationEvents.workspaceId, workspaceId),
      eq(conversationEvents.type, "status"),
      sql`${conversationEvents.payload}->>'status' = 'waiting'`,
      sql`${waitingAt} > ${from.toISOString()}::timestamptz`,
      sql`${waitingAt} <= ${to.toISOString()}::timestamptz`,
    );
  const leadScope = (workspaceId: string, from: Date, to: Date) =>
    and(eq(leads.workspaceId, workspaceId), gt(leads.createdAt, from), lte(leads.createdAt, to));

  return {
    /** Up to `limit` items in (from, to], oldest first, and how many there are in all. */
    async between(
      workspaceId: string,
      from: Date,
      to: Date,
      limit: number,
    ): Promise<{ items: ActivityItem[]; total: number }> {
      const [handoffs, leadRows, [handoffCount], [leadCount]] = await Promise.all([
        db
          .select({
            conversationId: conversationEvents.conversationId,
            chatbotName: chatbots.name,
            customerName: conversations.customerName,
            customerEmail: conversations.customerEmail,
            contactName: conversations.contactName,
            contactId: conversations.contactId,
            preview: conversations.firstQuestion,
            at: waitingSince,
          })
          .from(conversationEvents)
          .innerJoin(conversations, eq(conversations.id, conversationEvents.conversationId))
          .innerJoin(chatbots, eq(chatbots.id, conversationEvents.chatbotId))
          .where(handoffScope(workspaceId, from, to))
          .orderBy(asc(waitingAt), asc(conversationEvents.id))
          .limit(limit),
        db
          .select({
            conversationId: leads.conversationId,
            chatbotName: chatbots.name,
            email: leads.email,
            phone: leads.phone,
            name: leads.name,
            at: leads.createdAt,
          })
          .from(leads)
          .innerJoin(chatbots, eq(chatbots.id, leads.chatbotId))
          .where(leadScope(workspaceId, from, to))
          .orderBy(asc(leads.createdAt), asc(leads.id))
          .limit(limit),
        db
          .select({ n: count() })
          .from(conversationEvents)
          .where(handoffScope(workspaceId, from, to)),
        db
          .select({ n: count() })
          .from(leads)
          .where(leadScope(workspaceId, from, to)),
      ]);
      const items: ActivityItem[] = [
        ...handoffs.map(
          (h): ActivityItem => ({
            kind: "handoff",
            conversationId: h.conversationId,
            chatbotName: h.chatbotName,
            visitorLabel:
              h.customerName || h.customerEmail || h.contactName || (h.contactId ? `+${h.contactId}` : null),
            preview: h.preview,
            at: new Date(h.at).toISOString(),
          }),
        ),
        ...leadRows.map(
          (l): ActivityItem => ({
            kind: "lead",
            conversationId: l.conversationId,
            chatbotName: l.chatbotName,
            // How to reach them: the e-mail left in the widget, or a WhatsApp customer's number.
            email: l.email ?? (l.phone ? `+${l.phone}` : ""),
            name: l.name,
            at: l.at.toISOString(),
          }),
        ),
      ].sort((a, b) => a.at.localeCompare(b.at));
      return {
        items: items.slice(0, limit),
        total: Number(handoffCount?.n ?? 0) + Number(leadCount?.n ?? 0),
      };
    },
  };
}
export type NotificationActivityRepo = ReturnType<typeof createNotificationActivityRepo>;
