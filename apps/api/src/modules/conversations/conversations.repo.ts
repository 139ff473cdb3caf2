import type { Delivery, WidgetMessage } from "@parley/contracts";
import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CONTACT_CONVERSATION_OPEN,
  chatbots,
  conversations,
  type DeliveryPart,
  leads,
  MESSAGES_TO_ANALYSE,
  messages,
  type SentTemplate,
  type StoredCitation,
} from "../../db/schema";
import type { Tx } from "../../db/tx";
import { createBatcher, jsonRows } from "../../lib/batch";
import {
  ACCESS_COLUMNS,
  ACCESS_MATCHES,
  accessCondition,
  accessRow,
  type ConversationAccess,
} from "./access";
import { messageSearchText } from "./message-search";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
/** A conversation as it starts (the columns a channel sets; counters and status have defaults). */
export type NewConversation = Pick<
  typeof conversations.$inferInsert,
  | "id"
  | "chatbotId"
  | "workspaceId"
  | "channel"
  | "visitorId"
  | "channelId"
  | "contactId"
  | "contactName"
  | "language"
  | "customerId"
  | "customerEmail"
  | "customerName"
> & { createdAt: Date; lastMessageAt: Date };

/** A message to store (the columns a writer sets; the rest have defaults). */
export interface NewMessage {
  id: string;
  conversationId: string;
  chatbotId: string;
  workspaceId: string;
  role: "user" | "assistant" | "agent";
  content: string;
  /** Agent messages: the member who wrote it and the name the visitor sees. */
  authorId?: string | null;
  authorName?: string | null;
  citations?: StoredCitation[];
  answered?: boolean | null;
  interrupted?: boolean;
  quotaBlocked?: boolean;
  /** What a channel's customer sent (media recorded with its caption), or a template sent. */
  contentType?: MessageRow["contentType"];
  /** The provider's id of a message received on a channel. */
  externalId?: string | null;
  /** The question a bot reply answers, or the message a customer quoted. */
  replyToId?: string | null;
  /**
   * `queued`: an outgoing message on a messaging channel. It is queued for sending in the
   * transaction that stores it (the channels outbox, `onQueued`), so it is sent exactly when it is
   * kept, even if the process dies right after.
   */
  delivery?: "queued" | null;
  template?: SentTemplate | null;
  createdAt: Date;
}

/** The channels whose outgoing messages this service sends itself (the widget and API read theirs). */
export const DELIVERING_CHANNELS: readonly ConversationRow["channel"][] = ["whatsapp"];

/** `queued` for an outgoing message of a conversation on a delivering channel, else null. */
export const deliveryFor = (row: Pick<ConversationRow, "channel">): "queued" | null =>
  DELIVERING_CHANNELS.includes(row.channel) ? "queued" : null;

/** The stored columns of a message to insert (the same in every writer of this module). */
export const messageValues = (m: NewMessage) => ({
  id: m.id,
  conversationId: m.conversationId,
  chatbotId: m.chatbotId,
  workspaceId: m.workspaceId,
  role: m.role,
  content: m.content,
  searchContent: messageSearchText(m.content),
  citations: m.citations ?? [],
  answered: m.answered ?? null,
  interrupted: m.interrupted ?? false,
  quotaBlocked: m.quotaBlocked ?? false,
  authorId: m.authorId ?? null,
  authorName: m.authorName ?? null,
  contentType: m.contentType ?? "text",
  externalId: m.externalId ?? null,
  replyToId: m.replyToId ?? null,
  delivery: m.delivery ?? null,
  deliveryParts: null,
  template: m.template ?? null,
  createdAt: m.createdAt,
});

/** A stored message as the API shows it (widget transcript, inbox, export). */
export const toMessage = (m: MessageRow): WidgetMessage => ({
  _id: m.id,
  role: m.role,
  content: m.content,
  citations: m.citations,
  answered: m.answered,
  feedback: m.feedback,
  author: m.role === "agent" ? { name: m.authorName ?? "" } : null,
  createdAt: m.createdAt.toISOString(),
});

/** How far an outgoing channel message got (null for any other message). */
export const toDelivery = (m: MessageRow): Delivery | null =>
  m.delivery
    ? {
        status: m.delivery,
        error: m.deliveryParts?.find((p) => p.error)?.error ?? null,
        at: m.deliveryAt?.toISOString() ?? null,
      }
    : null;

/** A message as the widget's prepare step needs it (newest first). */
export interface RecentMessage {
  id: string;
  role: "user" | "assistant" | "agent";
  content: string;
  interrupted: boolean;
  quotaBlocked: boolean;
}

/** A conversation's message count and its newest messages (newest first). */
export interface WithRecent {
  conversation: Pick<ConversationRow, "id" | "messageCount" | "status" | "channel" | "hasLead">;
  recent: RecentMessage[];
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
export type LeadRow = typeof leads.$inferSelect;

export function createConversationsRepo(
  db: Database,
  opts: {
    /**
     * Run inside the transaction that stores new conversations, or a lead, after its writes (the
     * webhooks' outbox: the event of a change is stored with it, or not at all).
     */
    afterCreate?: (tx: Tx, rows: NewConversation[]) => Promise<void>;
    /**
     * The same for a channel contact's conversation, made by one statement: the event's insert,
     * run by that statement `when` it made the conversation; then told whether it did.
     */
    createdSql?: (row: NewConversation, when: SQL) => { sql: SQL; settle: (inserted: boolean) => void };
    afterLead?: (tx: Tx, lead: LeadRow) => Promise<void>;
    /**
     * The channels outbox: the insert of an outgoing channel message's send (`delivery:
     * "queued"`), run by the statement that stores the message, only `when` it stored it; then
     * told whether it did (`settle`).
     */
    queueSend?: (messageId: string, when: SQL) => { sql: SQL; settle: (inserted: boolean) => void };
  } = {},
) {
  const { afterCreate, afterLead, createdSql, queueSend } = opts;
  // One JSON parameter for the whole batch: the query builder's per-row, per-column values cost a
  // busy API more than the insert itself.
  const insertConversationsSql = (rows: NewConversation[], tail: SQL = sql``) => sql`
      insert into ${conversations} (id, chatbot_id, owner_id, channel, visitor_id, channel_id, contact_id,
                                    contact_name, language, customer_id, customer_email, customer_name,
                                    created_at, last_message_at)
      select id, chatbot_id, owner_id, channel, visitor_id, channel_id, contact_id, contact_name, language,
             customer_id, customer_email, customer_name, created_at, last_message_at
      from jsonb_to_recordset(${jsonRows(
        rows.map((c) => ({
          id: c.id,
          chatbot_id: c.chatbotId,
          owner_id: c.workspaceId,
          channel: c.channel,
          visitor_id: c.visitorId ?? null,
          channel_id: c.channelId ?? null,
          contact_id: c.contactId ?? null,
          contact_name: c.contactName ?? null,
          language: c.language ?? null,
          customer_id: c.customerId ?? null,
          customer_email: c.customerEmail ?? null,
          customer_name: c.customerName ?? null,
          created_at: c.createdAt.toISOString(),
          last_message_at: c.lastMessageAt.toISOString(),
        })),
      )}::jsonb) as x(
        id text, chatbot_id text, owner_id text, channel text, visitor_id text, channel_id text,
        contact_id text, contact_name text, language text, customer_id text, customer_email text,
        customer_name text, created_at timestamptz, last_message_at timestamptz) ${tail}`;
  const insertConversations = (run: Pick<Database, "execute">, rows: NewConversation[]) =>
    run.execute(insertConversationsSql(rows));
  const createConversations = createBatcher<NewConversation, void>(async (rows) => {
    if (afterCreate)
      await db.transaction(async (tx) => {
        await insertConversations(tx, rows);
        await afterCreate(tx, rows);
      });
    else await insertConversations(db, rows);
    return rows.map(() => undefined);
  });

  // One row per message, passed as one JSON parameter; the counters are summed per conversation.
  const addMessages = createBatcher<{ message: NewMessage; bump: ConversationBump }, void>(async (inputs) => {
    const rows = inputs.map(({ message: m, bump }, ord) => ({
      ord,
      id: m.id,
      conversation_id: m.conversationId,
      chatbot_id: m.chatbotId,
      owner_id: m.workspaceId,
      role: m.role,
      content: m.content,
      search_content: messageSearchText(m.content),
      citations: m.citations ?? [],
      answered: m.answered ?? null,
      interrupted: m.interrupted ?? false,
      quota_blocked: m.quotaBlocked ?? false,
      author_id: m.authorId ?? null,
      author_name: m.authorName ?? null,
      created_at: m.createdAt.toISOString(),
      touch: bump.touch ?? false,
      first_question: bump.firstQuestion ?? null,
      unanswered: bump.unanswered ?? false,
    }));
    await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as x(
          ord int, id text, conversation_id text, chatbot_id text, owner_id text, role text, content text,
          search_content text, citations jsonb, answered boolean, interrupted boolean, quota_blocked boolean,
          author_id text, author_name text, created_at timestamptz, touch boolean, first_question text, unanswered boolean)
      ),
      m as (
        insert into ${messages} (id, conversation_id, chatbot_id, owner_id, role, content, search_content,
                                 citations, answered, interrupted, quota_blocked, author_id, author_name, created_at)
        select id, conversation_id, chatbot_id, owner_id, role, content, search_content,
               citations, answered, interrupted, quota_blocked, author_id, author_name, created_at
        from input order by ord
        returning conversation_id
      )
      update ${conversations} c set
        message_count = c.message_count + b.n,
        last_message_at = coalesce(b.touched_at, c.last_message_at),
        first_question = coalesce(c.first_question, b.first_question),
        unanswered_count = c.unanswered_count + b.unanswered
      from (
        select conversation_id, count(*)::int as n,
          max(created_at) filter (where touch) as touched_at,
          (array_agg(first_question order by ord) filter (where first_question is not null))[1] as first_question,
          (count(*) filter (where unanswered))::int as unanswered
        from input group by conversation_id
      ) b
      where c.id = b.conversation_id and exists (select 1 from m)`);
    return inputs.map(() => undefined);
  });

  const completeReplies = createBatcher<
    {
      id: string;
      content: string;
      citations: StoredCitation[];
      answered: boolean;
      interrupted: boolean;
      confidence: number | null;
    },
    void
  >(async (replies) => {
    const rows = replies.map((r) => ({ ...r, search_content: messageSearchText(r.content) }));
    await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as x(
          id text, content text, search_content text, citations jsonb, answered boolean, interrupted boolean,
          confidence real)
      ),
      m as (
        update ${messages} set content = i.content, search_content = i.search_content, citations = i.citations,
          answered = i.answered, interrupted = i.interrupted, confidence = i.confidence
        from input i where ${messages.id} = i.id
        returning ${messages.conversationId} as conversation_id, i.answered
      )
      update ${conversations} c set unanswered_count = greatest(c.unanswered_count - b.n, 0)
      from (select conversation_id, count(*)::int as n from m where answered group by conversation_id) b
      where c.id = b.conversation_id`);
    return replies.map(() => undefined);
  });

  const readRecent = createBatcher<
    { conversationId: string; access: ConversationAccess; recent: number },
    WithRecent | undefined
  >(async (reads) => {
    // One row per read (the conversation, how many messages, who asks), as one JSON parameter.
    const input = reads.map(({ conversationId, access, recent }, i) => ({
      i,
      id: conversationId,
      recent,
      ...accessRow(access),
    }));
    const result = await db.execute(sql`
      select x.i, c.id as conversation_id, c.message_count, c.status, c.channel, c.has_lead,
             m.id, m.role, m.content, m.interrupted, m.quota_blocked, m.created_at
      from jsonb_to_recordset(${jsonRows(input)}::jsonb) as x(i int, id text, recent int, ${ACCESS_COLUMNS})
      join ${conversations} c on c.id = x.id and ${ACCESS_MATCHES}
      left join lateral (
        select id, role, content, interrupted, quota_blocked, created_at from ${messages}
        where ${messages.conversationId} = c.id
        order by ${messages.createdAt} desc, ${messages.id} desc
        limit x.recent
      ) m on true
      order by x.i, m.created_at desc nulls last, m.id desc`);
    const rows = rowsOf<{
      i: number;
      conversation_id: string;
      message_count: number;
      status: ConversationRow["status"];
      channel: ConversationRow["channel"];
      has_lead: boolean;
      id: string | null;
      role: "user" | "assistant" | "agent" | null;
      content: string | null;
      interrupted: boolean | null;
      quota_blocked: boolean | null;
    }>(result);
    const byRead = reads.map(() => [] as typeof rows);
    for (const row of rows) byRead[Number(row.i)]?.push(row);
    return byRead.map((own) => {
      const first = own[0];
      if (!first) return undefined;
      return {
        conversation: {
          id: first.conversation_id,
          messageCount: Number(first.message_count),
          status: first.status,
          channel: first.channel,
          hasLead: Boolean(first.has_lead),
        },
        recent: own.flatMap((r) =>
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
    });
  });

  return {
    /**
     * The conversation a channel's contact continues: their one conversation with room for more
     * messages, else a new one (`values`), found or made in one statement. A contact has one such
     * conversation at a time (a unique index): two of their first messages arriving at once never
     * start two; the one that loses the race finds the other's on its next try.
     */
    async contactConversation(
      values: NewConversation & { channelId: string; contactId: string },
    ): Promise<{ id: string; created: boolean; language: ConversationRow["language"] }> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const found = db
          .select({ id: conversations.id, language: conversations.language })
          .from(conversations)
          .where(
            and(
              eq(conversations.channelId, values.channelId),
              eq(conversations.contactId, values.contactId),
              CONTACT_CONVERSATION_OPEN,
            ),
          )
          .limit(1);
        const event = createdSql?.(values, sql`exists (select 1 from made)`);
        let created = false;
        let eventQueued = false;
        try {
          const result = await db.execute(sql`
            with found as (${found.getSQL()}),
            made as (${insertConversationsSql(
              [values],
              sql`where not exists (select 1 from found)
                on conflict (channel_id, contact_id) where ${CONTACT_CONVERSATION_OPEN} do nothing
                returning id`,
            )})${event ? sql`, e as (${event.sql})` : sql``}
            select id, language, false as created, ${event ? sql`(select count(*) from e)::int` : sql`0`} as events from found
            union all select id, null, true, ${event ? sql`(select count(*) from e)::int` : sql`0`} from made`);
          const [row] = rowsOf<{
            id: string;
            language: ConversationRow["language"];
            created: boolean;
            events: number;
          }>(result);
          if (row) {
            created = Boolean(row.created);
            // The event's job exists only when a subscriber wants it, not whenever the conversation
            // is new: its own insert says.
            eventQueued = Number(row.events) > 0;
            return created
              ? { id: values.id, created: true, language: values.language ?? null }
              : { id: row.id, created: false, language: row.language };
          }
          // Another writer made it since this statement's snapshot: the next try finds it.
        } finally {
          event?.settle(eventQueued);
        }
      }
      throw new Error(`no conversation found or made for contact ${values.contactId}`);
    },

    /** Starts a conversation; conversations started at the same moment share the statement. */
    create(values: NewConversation): Promise<void> {
      return createConversations(values);
    },

    /**
     * The conversation (when `where` allows it) and its newest `recent` messages, in one query.
     * Undefined when there is no such conversation or the caller may not see it. Reads made at the
     * same moment share the query (one input row each).
     */
    withRecentMessages(
      conversationId: string,
      access: ConversationAccess,
      recent: number,
    ): Promise<WithRecent | undefined> {
      return readRecent({ conversationId, access, recent });
    },

    async find(conversationId: string, access: ConversationAccess): Promise<ConversationRow | undefined> {
      const [conv] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), accessCondition(access)));
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

    /**
     * Stores a message and updates its conversation's counters, in one statement. Messages stored
     * at the same moment (a burst of visitors) share that statement (lib/batch.ts).
     */
    addMessage(message: NewMessage, bump: ConversationBump = {}): Promise<void> {
      return addMessages({ message, bump });
    },

    /**
     * A customer's message that came in on a channel, under the id derived from the provider's:
     * stored once (a second delivery finds it there and stores nothing: resolves false). The
     * conversation learns the customer's last message time (WhatsApp's reply window), their
     * name on the channel and the language they write in.
     */
    async addInbound(
      message: NewMessage,
      contact: { name: string | null; language: "en" | "ar" | null; sentAt: Date },
    ): Promise<boolean> {
      const sentAt = contact.sentAt > message.createdAt ? message.createdAt : contact.sentAt;
      // The message and its conversation in one statement (the update runs only when the
      // message was new).
      const insert = db
        .insert(messages)
        .values(messageValues(message))
        .onConflictDoNothing({ target: messages.id })
        .returning({ id: messages.id });
      const bump = db
        .update(conversations)
        .set({
          messageCount: sql`${conversations.messageCount} + 1`,
          lastMessageAt: message.createdAt,
          // The reply window runs from when the customer sent it (never later than its receipt).
          lastInboundAt: sql`greatest(coalesce(${conversations.lastInboundAt}, ${sentAt}), ${sentAt})`,
          firstQuestion: sql`coalesce(${conversations.firstQuestion}, ${message.contentType === "text" || !message.contentType ? message.content : null})`,
          ...(contact.name ? { contactName: contact.name } : {}),
          ...(contact.language ? { language: contact.language } : {}),
        })
        .where(and(eq(conversations.id, message.conversationId), sql`exists (select 1 from m)`));
      const result = await db.execute(
        sql`with m as (${insert.getSQL()}), c as (${bump.getSQL()}) select count(*)::int as n from m`,
      );
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0;
    },

    /**
     * A whole reply (or notice) to store at once, with its conversation's counters, in one
     * transaction that also queues an outgoing channel message for sending (`onQueued`). A bot
     * reply to a question that already has one (`replyToId`) is not stored: resolves false.
     */
    async addReply(message: NewMessage, bump: ConversationBump = {}): Promise<boolean> {
      // The message and its conversation's counters in one statement (the update runs only when
      // the message was new), with the outbox's insert when it is sent on a channel.
      const insert = db
        .insert(messages)
        .values(messageValues(message))
        .onConflictDoNothing({
          target: messages.replyToId,
          where: sql`role = 'assistant' and reply_to_id is not null`,
        })
        .returning({ id: messages.id });
      const counters = db
        .update(conversations)
        .set({
          messageCount: sql`${conversations.messageCount} + 1`,
          ...(bump.touch ? { lastMessageAt: message.createdAt } : {}),
          ...(bump.unanswered ? { unansweredCount: sql`${conversations.unansweredCount} + 1` } : {}),
        })
        .where(and(eq(conversations.id, message.conversationId), sql`exists (select 1 from m)`));
      // A reply sent on a channel: its send is queued by the same statement (the outbox).
      const outbox =
        message.delivery === "queued" ? queueSend?.(message.id, sql`exists (select 1 from m)`) : undefined;
      let stored = false;
      try {
        const result = await db.execute(
          sql`with m as (${insert.getSQL()}), c as (${counters.getSQL()})${outbox ? sql`, j as (${outbox.sql})` : sql``}
            select count(*)::int as n from m`,
        );
        stored = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0;
        return stored;
      } finally {
        outbox?.settle(stored);
      }
    },

    /**
     * An outgoing message and its conversation, for the channel's sender (internal: no access
     * rule), with the provider's id of the message it answers (`replyToExternalId`), in one query.
     * `firstAttemptAt`: a message never tried yet that may go now (queued, its window open or a
     * template) gets its first part's attempt mark (see DeliveryPart.attemptAt, `markAttempt`) in
     * the same statement, and `firstAttempt` is its parts as marked: the read and the mark were two
     * round trips of every reply on a channel. `message` is as it was before the mark.
     */
    async outgoing(
      messageId: string,
      opts: { firstAttemptAt?: Date; windowMs?: number } = {},
    ): Promise<
      | {
          message: MessageRow;
          conversation: ConversationRow;
          replyToExternalId: string | null;
          firstAttempt: DeliveryPart[] | null;
        }
      | undefined
    > {
      const question = alias(messages, "question");
      const at = opts.firstAttemptAt;
      const mark = db
        .$with("mark", {
          id: sql<string>`id`.as("mark_id"),
          parts: sql<DeliveryPart[] | string | null>`parts`.as("mark_parts"),
        })
        .as(
          at
            ? sql`update ${messages} m
                set delivery_parts = jsonb_build_array(jsonb_build_object(
                  'externalId', null, 'status', 'queued', 'error', null, 'attemptAt', ${at.toISOString()}::text))
                from ${conversations} c
                where m.id = ${messageId} and c.id = m.conversation_id
                  and m.delivery = 'queued' and m.delivery_parts is null
                  and (m.content_type = 'template'
                    or c.last_inbound_at > ${new Date(at.getTime() - (opts.windowMs ?? 0)).toISOString()}::timestamptz)
                returning m.id as mark_id, m.delivery_parts as mark_parts`
            : sql`select null::text as mark_id, null::jsonb as mark_parts where false`,
        );
      const [row] = await db
        .with(mark)
        .select({
          message: messages,
          conversation: conversations,
          replyToExternalId: question.externalId,
          marked: mark.parts,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .leftJoin(question, eq(question.id, messages.replyToId))
        .leftJoin(mark, eq(mark.id, messages.id))
        .where(eq(messages.id, messageId));
      if (!row) return undefined;
      const { marked, ...rest } = row;
      return {
        ...rest,
        replyToExternalId: row.replyToExternalId ?? null,
        firstAttempt: typeof marked === "string" ? (JSON.parse(marked) as DeliveryPart[]) : (marked ?? null),
      };
    },

    /** Our id of the customer's message with the provider's id `externalId` in the conversation. */
    async byExternalId(conversationId: string, externalId: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.externalId, externalId)));
      return row;
    },

    async setContent(messageId: string, content: string) {
      await db
        .update(messages)
        .set({ content, searchContent: messageSearchText(content) })
        .where(eq(messages.id, messageId));
    },

    /**
     * Analyses up to `limit` messages stored before inbox search analysed them (migration 0027)
     * whose text the analysis changes; resolves how many. The `inbox.search-backlog` job calls it
     * until none are left; the partial index it reads is empty from then on.
     */
    async analyseSearchBacklog(limit = 500): Promise<number> {
      const pending = await db
        .select({ id: messages.id, content: messages.content })
        .from(messages)
        .where(
          sql`${messages.searchContent} is null and ${messages.content} ~ ${sql.raw(`'${MESSAGES_TO_ANALYSE}'`)}`,
        )
        .limit(limit);
      if (!pending.length) return 0;
      // Every such text changes under the analysis (an Arabic run is rewritten between spaces, an
      // invisible character removed), so each row leaves the backlog.
      const rows = pending.map((m) => ({
        id: m.id,
        search_content: messageSearchText(m.content) ?? m.content,
      }));
      await db.execute(sql`
        update ${messages} set search_content = i.search_content
        from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as i(id text, search_content text)
        where ${messages.id} = i.id and ${messages.searchContent} is null`);
      return pending.length;
    },

    /**
     * A reply's final state; an answered one is taken off its conversation's unanswered count.
     * Replies completing at the same moment share the statement.
     */
    completeReply(
      messageId: string,
      reply: {
        content: string;
        citations: StoredCitation[];
        answered: boolean;
        interrupted: boolean;
        /** Built-in engine: its confidence (confidence.ts); null for a model or an interrupted reply. */
        confidence?: number | null;
      },
    ): Promise<void> {
      return completeReplies({ id: messageId, ...reply, confidence: reply.confidence ?? null });
    },

    /** An assistant message of the bot, if the visitor may see its conversation. */
    async findAssistantMessage(messageId: string, chatbotId: string, access: ConversationAccess) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.chatbotId, chatbotId),
            eq(messages.role, "assistant"),
            accessCondition(access),
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
    async addLead(values: typeof leads.$inferInsert): Promise<LeadRow> {
      return db.transaction(async (tx) => {
        const [lead] = await tx.insert(leads).values(values).returning();
        if (!lead) throw new Error("the lead was not stored");
        await tx
          .update(conversations)
          .set({ hasLead: true })
          .where(eq(conversations.id, values.conversationId));
        await afterLead?.(tx, lead);
        return lead;
      });
    },

    /** Everything one owner's conversations hold, oldest first (the account export). */
    async ownerRecords(workspaceId: string) {
      const [convs, msgs, leadRows] = await Promise.all([
        db
          .select()
          .from(conversations)
          .where(eq(conversations.workspaceId, workspaceId))
          .orderBy(asc(conversations.createdAt), asc(conversations.id)),
        db
          .select()
          .from(messages)
          .where(eq(messages.workspaceId, workspaceId))
          .orderBy(asc(messages.createdAt), asc(messages.id)),
        db.select().from(leads).where(eq(leads.workspaceId, workspaceId)).orderBy(asc(leads.createdAt)),
      ]);
      return { conversations: convs, messages: msgs, leads: leadRows };
    },

    /**
     * A verified customer signed in on this browser: the visitor's earlier anonymous widget
     * conversations with the bot become theirs, and the e-mail and name the business sent label
     * all of the customer's conversations with it.
     */
    async assignToCustomer(
      chatbotId: string,
      visitorId: string,
      customer: { userId: string; email?: string | null; name?: string | null },
    ) {
      await db
        .update(conversations)
        .set({
          customerId: customer.userId,
          customerEmail: customer.email ?? null,
          customerName: customer.name || null,
        })
        .where(
          and(
            eq(conversations.chatbotId, chatbotId),
            eq(conversations.channel, "widget"),
            eq(conversations.visitorId, visitorId),
            isNull(conversations.customerId),
          ),
        );
      if (!customer.email && !customer.name) return;
      await db
        .update(conversations)
        .set({
          ...(customer.email ? { customerEmail: customer.email } : {}),
          ...(customer.name ? { customerName: customer.name } : {}),
        })
        .where(and(eq(conversations.chatbotId, chatbotId), eq(conversations.customerId, customer.userId)));
    },

    /** The id of the newest widget conversation with the bot that `access` allows, or null. */
    async latestWidgetConversation(chatbotId: string, access: ConversationAccess): Promise<string | null> {
      const [latest] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.chatbotId, chatbotId),
            eq(conversations.channel, "widget"),
            accessCondition(access),
          ),
        )
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(1);
      return latest?.id ?? null;
    },

    /** A deleted account: every conversation it owns (messages and leads go with them). */
    async eraseOwner(tx: Tx, workspaceId: string) {
      await tx.delete(conversations).where(eq(conversations.workspaceId, workspaceId));
    },

    async remove(workspaceId: string, conversationId: string) {
      await db
        .delete(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)));
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
