import type { WidgetMessage } from "@parley/contracts";
import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { chatbots, conversations, leads, messages, type StoredCitation } from "../../db/schema";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewConversation = typeof conversations.$inferInsert;

/** A stored message as the API shows it (widget transcript, inbox, export). */
export const toMessage = (m: MessageRow): WidgetMessage => ({
  _id: m.id,
  role: m.role,
  content: m.content,
  citations: m.citations,
  answered: m.answered,
  feedback: m.feedback,
  createdAt: m.createdAt.toISOString(),
});

/** A message as the widget's prepare step needs it (newest first). */
export interface RecentMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  interrupted: boolean;
  quotaBlocked: boolean;
}

/** What storing a message changes on its conversation (the inbox's denormalised counters). */
export interface ConversationBump {
  /** Sets `lastMessageAt` to the message's time. */
  touch?: boolean;
  /** Keeps the first question (the first user message) for the inbox list. */
  firstQuestion?: string;
  /** +1 unanswered (a reply is unanswered until it completes as answered). */
  unanswered?: boolean;
}

/**
 * Conversations and messages: the one module that writes them. The widget, the reply draft, the
 * inbox and retention go through here. A message and its conversation's counters are written in
 * one statement (a data-modifying CTE): one round trip, and the counters never drift from the rows.
 */
export function createConversationsRepo(db: Database) {
  return {
    async create(values: NewConversation) {
      await db.insert(conversations).values(values);
    },

    /**
     * The conversation (when `where` allows it) and its newest `recent` messages, in one query.
     * Undefined when there is no such conversation or the caller may not see it.
     */
    async withRecentMessages(
      conversationId: string,
      where: SQL,
      recent: number,
    ): Promise<
      { conversation: Pick<ConversationRow, "id" | "messageCount">; recent: RecentMessage[] } | undefined
    > {
      const result = await db.execute(sql`
        select ${conversations.id} as conversation_id, ${conversations.messageCount} as message_count, m.id, m.role, m.content, m.interrupted, m.quota_blocked
        from ${conversations}
        left join lateral (
          select id, role, content, interrupted, quota_blocked, created_at from ${messages}
          where ${messages.conversationId} = ${conversations.id}
          order by ${messages.createdAt} desc, ${messages.id} desc
          limit ${recent}::int
        ) m on true
        where ${conversations.id} = ${conversationId} and ${where}
        order by m.created_at desc nulls last, m.id desc`);
      const rows = rowsOf<{
        conversation_id: string;
        message_count: number;
        id: string | null;
        role: "user" | "assistant" | null;
        content: string | null;
        interrupted: boolean | null;
        quota_blocked: boolean | null;
      }>(result);
      const first = rows[0];
      if (!first) return undefined;
      return {
        conversation: { id: first.conversation_id, messageCount: Number(first.message_count) },
        recent: rows.flatMap((r) =>
          r.id && r.role
            ? [
                {
                  id: r.id,
                  role: r.role,
                  content: r.content ?? "",
                  interrupted: Boolean(r.interrupted),
                  quotaBlocked: Boolean(r.quota_blocked),
                },
              ]
            : [],
        ),
      };
    },

    async find(conversationId: string, where: SQL): Promise<ConversationRow | undefined> {
      const [conv] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), where));
      return conv;
    },

    /** Every message of a conversation, oldest first, and whether it left contact details. */
    async transcript(conversationId: string) {
      const [rows, lead] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(eq(messages.conversationId, conversationId))
          .orderBy(asc(messages.createdAt), asc(messages.id)),
        db.select({ id: leads.id }).from(leads).where(eq(leads.conversationId, conversationId)).limit(1),
      ]);
      return { messages: rows, leadCaptured: lead.length > 0 };
    },

    /** Stores a message and updates its conversation's counters, in one statement. */
    async addMessage(
      message: {
        id: string;
        conversationId: string;
        chatbotId: string;
        ownerId: string;
        role: "user" | "assistant";
        content: string;
        citations?: StoredCitation[];
        answered?: boolean | null;
        interrupted?: boolean;
        quotaBlocked?: boolean;
        createdAt: Date;
      },
      bump: ConversationBump = {},
    ) {
      const sets = [sql`message_count = message_count + 1`];
      if (bump.touch) sets.push(sql`last_message_at = ${message.createdAt.toISOString()}::timestamptz`);
      if (bump.firstQuestion !== undefined)
        sets.push(sql`first_question = coalesce(first_question, ${bump.firstQuestion})`);
      if (bump.unanswered) sets.push(sql`unanswered_count = unanswered_count + 1`);
      await db.execute(sql`
        with m as (
          insert into ${messages} (id, conversation_id, chatbot_id, owner_id, role, content, citations,
                                   answered, interrupted, quota_blocked, created_at)
          values (${message.id}, ${message.conversationId}, ${message.chatbotId}, ${message.ownerId},
                  ${message.role}, ${message.content}, ${JSON.stringify(message.citations ?? [])}::jsonb,
                  ${message.answered ?? null}::boolean, ${message.interrupted ?? false}::boolean,
                  ${message.quotaBlocked ?? false}::boolean, ${message.createdAt.toISOString()}::timestamptz)
          returning conversation_id
        )
        update ${conversations} set ${sql.join(sets, sql`, `)}
        where id = (select conversation_id from m)`);
    },

    async setContent(messageId: string, content: string) {
      await db.update(messages).set({ content }).where(eq(messages.id, messageId));
    },

    /** A reply's final state; an answered one is taken off its conversation's unanswered count. */
    async completeReply(
      messageId: string,
      reply: { content: string; citations: StoredCitation[]; answered: boolean; interrupted: boolean },
    ) {
      const update = sql`
        update ${messages} set content = ${reply.content}, citations = ${JSON.stringify(reply.citations)}::jsonb,
          answered = ${reply.answered}::boolean, interrupted = ${reply.interrupted}::boolean
        where id = ${messageId} returning conversation_id`;
      if (!reply.answered) {
        await db.execute(update);
        return;
      }
      await db.execute(sql`
        with m as (${update})
        update ${conversations} set unanswered_count = greatest(unanswered_count - 1, 0)
        where id = (select conversation_id from m)`);
    },

    /** An assistant message of the bot, if the visitor may see its conversation. */
    async findAssistantMessage(messageId: string, chatbotId: string, where: SQL) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.chatbotId, chatbotId),
            eq(messages.role, "assistant"),
            where,
          ),
        );
      return row;
    },

    /** Records a thumbs up/down and recounts the conversation's (so repeats cannot inflate them). */
    async setFeedback(messageId: string, value: "up" | "down" | null) {
      await db.transaction(async (tx) => {
        const [msg] = await tx
          .update(messages)
          .set({ feedback: value })
          .where(eq(messages.id, messageId))
          .returning({ conversationId: messages.conversationId });
        if (!msg) return;
        await tx
          .update(conversations)
          .set({
            upCount: sql`(select count(*)::int from ${messages} where ${messages.conversationId} = ${msg.conversationId} and ${messages.feedback} = 'up')`,
            downCount: sql`(select count(*)::int from ${messages} where ${messages.conversationId} = ${msg.conversationId} and ${messages.feedback} = 'down')`,
          })
          .where(eq(conversations.id, msg.conversationId));
      });
    },

    /** Stores a lead (one per conversation) and flags the conversation for the inbox filter. */
    async addLead(values: typeof leads.$inferInsert) {
      await db.insert(leads).values(values).onConflictDoNothing();
      await db
        .update(conversations)
        .set({ hasLead: true })
        .where(eq(conversations.id, values.conversationId));
    },

    /** Everything one owner's conversations hold, oldest first (the account export). */
    async ownerRecords(ownerId: string) {
      const [convs, msgs, leadRows] = await Promise.all([
        db
          .select()
          .from(conversations)
          .where(eq(conversations.ownerId, ownerId))
          .orderBy(asc(conversations.createdAt), asc(conversations.id)),
        db
          .select()
          .from(messages)
          .where(eq(messages.ownerId, ownerId))
          .orderBy(asc(messages.createdAt), asc(messages.id)),
        db.select().from(leads).where(eq(leads.ownerId, ownerId)).orderBy(asc(leads.createdAt)),
      ]);
      return { conversations: convs, messages: msgs, leads: leadRows };
    },

    async remove(ownerId: string, conversationId: string) {
      await db
        .delete(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.ownerId, ownerId)));
    },

    /**
     * Deletes up to `batch` conversations whose last message is older than their bot's retention
     * (messages and leads go with them). Returns how many were deleted.
     */
    async deleteExpired(batch: number, now: Date): Promise<number> {
      const result = await db.execute(sql`
        delete from ${conversations} where id in (
          select c.id from ${conversations} c join ${chatbots} b on b.id = c.chatbot_id
          where c.last_message_at < ${now}::timestamptz - make_interval(days => b.retention_days)
          limit ${batch})
        returning id`);
      return rowsOf(result).length;
    },
  };
}
export type ConversationsRepo = ReturnType<typeof createConversationsRepo>;
