import type { ConversationStatus, LiveEvent } from "@parley/contracts";
import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, eq, gt, max, type SQL, sql } from "drizzle-orm";
import { conversationEvents, conversations, type DeliveryPart, messages } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { accessCondition, type ConversationAccess } from "./access";
import { type ConversationRow, type MessageRow, messageValues, type NewMessage } from "./conversations.repo";

/** A stored live event, as the streams send it. */
export interface StoredEvent {
  /** Global id (the team stream's `id:`). */
  id: number;
  /** Number within its conversation (the visitor stream's `id:`). */
  seq: number;
  workspaceId: string;
  chatbotId: string;
  conversationId: string;
  event: LiveEvent;
}

/** What a transition changes on the conversation row. */
export type ConversationPatch = Partial<
  Pick<
    ConversationRow,
    | "status"
    | "assigneeId"
    | "assigneeName"
    | "waitingSince"
    | "firstHandoffAt"
    | "firstHumanReplyAt"
    | "closedAt"
    | "lastMessageAt"
  >
>;

/** What one transition writes, in one transaction with the row locked. */
export interface TransitionPlan {
  patch?: ConversationPatch;
  /** Messages stored with it (each bumps the conversation's counters like any message). */
  messages?: NewMessage[];
  /** Events stored with it, numbered in order after the conversation's last. */
  events?: LiveEvent[];
}

const toStored = (r: {
  id: number | string;
  seq: number;
  owner_id: string;
  chatbot_id: string;
  conversation_id: string;
  payload: unknown;
}): StoredEvent => ({
  id: Number(r.id),
  seq: Number(r.seq),
  workspaceId: r.owner_id,
  chatbotId: r.chatbot_id,
  conversationId: r.conversation_id,
  event: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as LiveEvent,
});

/** A row of the event log, read through drizzle (its own column names). */
const storedEvent = (r: typeof conversationEvents.$inferSelect): StoredEvent => ({
  id: Number(r.id),
  seq: r.seq,
  workspaceId: r.workspaceId,
  chatbotId: r.chatbotId,
  conversationId: r.conversationId,
  event: r.payload as LiveEvent,
});

/**
 * Live chat's writes and the event log. Every change of hands goes through `transition`: the
 * conversation row is locked (`for update`), the caller decides from its current state, and the
 * patch, its messages and its events are written in the same transaction. Events take their
 * numbers from `conversations.event_seq` under that lock, so a conversation's events are numbered
 * in commit order: a stream that resumes after number n gets exactly what followed.
 */
export function createLiveRepo(
  db: Database,
  opts: {
    /**
     * Runs inside every transition's transaction, after its writes (the webhooks' outbox: an event
     * of the change is stored with it, or not at all).
     */
    afterTransition?: (tx: Tx, before: ConversationRow, after: ConversationRow) => Promise<void>;
    /** The channels outbox: queues the sending of the transition's outgoing channel messages. */
    onQueued?: (tx: Tx, messageIds: string[]) => Promise<void>;
    /** After that transaction committed: the senders may take the messages now. */
    onQueuedCommitted?: () => void;
  } = {},
) {
  return {
    /**
     * Locks the conversation (when `access` allows it), lets `decide` plan the change from its
     * current state, and writes it. `decide` may throw to refuse (nothing is written). Resolves
     * undefined when there is no such conversation (or `access` hides it).
     */
    async transition<T>(
      conversationId: string,
      access: ConversationAccess,
      decide: (row: ConversationRow) => TransitionPlan & { result: T },
    ): Promise<{ row: ConversationRow; events: StoredEvent[]; result: T } | undefined> {
      let queuedAny = false;
      const out = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(conversations)
          .where(and(eq(conversations.id, conversationId), accessCondition(access)))
          .for("update");
        if (!row) return undefined;
        const plan = decide(row);
        const newMessages = plan.messages ?? [];
        const events = plan.events ?? [];
        if (newMessages.length) await tx.insert(messages).values(newMessages.map(messageValues));
        const users = newMessages.filter((m) => m.role === "user");
        const lastInbound = users.reduce<Date | undefined>(
          (at, m) => (at && at > m.createdAt ? at : m.createdAt),
          undefined,
        );
        const lastAt = newMessages.reduce<Date | undefined>(
          (at, m) => (at && at > m.createdAt ? at : m.createdAt),
          undefined,
        );
        const [updated] = await tx
          .update(conversations)
          .set({
            ...plan.patch,
            ...(newMessages.length
              ? {
                  messageCount: sql`${conversations.messageCount} + ${newMessages.length}`,
                  lastMessageAt: plan.patch?.lastMessageAt ?? lastAt,
                  ...(users[0] && !row.firstQuestion ? { firstQuestion: users[0].content } : {}),
                  // The customer's last message (a channel's reply window runs from it).
                  ...(lastInbound ? { lastInboundAt: lastInbound } : {}),
                }
              : {}),
            eventSeq: row.eventSeq + events.length,
          })
          .where(eq(conversations.id, conversationId))
          .returning();
        let stored: StoredEvent[] = [];
        if (events.length) {
          const inserted = await tx
            .insert(conversationEvents)
            .values(
              events.map((event, i) => ({
                workspaceId: row.workspaceId,
                chatbotId: row.chatbotId,
                conversationId,
                seq: row.eventSeq + i + 1,
                type: event.type,
                payload: event,
              })),
            )
            .returning();
          stored = inserted.map(storedEvent).sort((a, b) => a.seq - b.seq);
        }
        if (updated && opts.afterTransition) await opts.afterTransition(tx, row, updated);
        const queued = newMessages.filter((m) => m.delivery === "queued").map((m) => m.id);
        if (queued.length) await opts.onQueued?.(tx, queued);
        queuedAny = queued.length > 0;
        return { row: updated ?? row, events: stored, result: plan.result };
      });
      if (queuedAny) opts.onQueuedCommitted?.();
      return out;
    },

    /**
     * Changes how far an outgoing channel message got, with its `delivery` event, in one
     * statement: `change` decides from the message's parts as read (`current` when the caller
     * has just read them; undefined: nothing changes), and the write happens only if they are
     * still those parts, else they are read again and `change` decides anew. The message row is
     * locked before the conversation's (as a reply's completion and feedback lock them), and the
     * event takes its number from `conversations.event_seq` under that row's lock, like
     * `transition`'s. A report is applied per delivery of Meta's webhook and per send, so this was
     * a transaction of eight statements each; it is one, after a read the report made anyway.
     * Resolves with the stored event, or undefined when nothing changed or there is no such message.
     */
    async deliveryChange(
      messageId: string,
      change: (
        message: Pick<MessageRow, "delivery" | "deliveryParts">,
      ) => { parts: DeliveryPart[]; delivery: NonNullable<MessageRow["delivery"]>; at: Date } | undefined,
      current?: Pick<MessageRow, "delivery" | "deliveryParts">,
    ): Promise<StoredEvent | undefined> {
      let message = current;
      // Each lost race means another writer moved the message on; a handful is already unusual.
      for (let attempt = 0; attempt < 8; attempt++) {
        if (!message || attempt > 0) {
          [message] = await db
            .select({ delivery: messages.delivery, deliveryParts: messages.deliveryParts })
            .from(messages)
            .where(eq(messages.id, messageId));
          if (!message) return undefined;
        }
        const next = change(message);
        if (!next) return undefined;
        const failed = next.parts.find((p) => p.error)?.error ?? null;
        const delivery = { status: next.delivery, error: failed, at: next.at.toISOString() };
        const before = message.deliveryParts === null ? null : JSON.stringify(message.deliveryParts);
        const result = await db.execute(sql`
          with m as (
            update ${messages}
            set delivery_parts = ${JSON.stringify(next.parts)}::jsonb, delivery = ${next.delivery},
                delivery_at = ${next.at.toISOString()}::timestamptz
            where id = ${messageId} and delivery_parts is not distinct from ${before}::jsonb
              and delivery is not distinct from ${message.delivery}
            returning conversation_id
          ),
          c as (
            update ${conversations} set event_seq = ${conversations.eventSeq} + 1
            from m where ${conversations.id} = m.conversation_id
            returning ${conversations.id} as id, ${conversations.workspaceId} as owner_id,
              ${conversations.chatbotId} as chatbot_id, ${conversations.eventSeq} as seq
          )
          insert into ${conversationEvents} (owner_id, chatbot_id, conversation_id, seq, type, payload)
          select owner_id, chatbot_id, id, seq, 'delivery',
            jsonb_build_object('type', 'delivery', 'conversationId', id, 'messageId', ${messageId}::text,
              'delivery', ${JSON.stringify(delivery)}::jsonb)
          from c
          returning id, seq, owner_id, chatbot_id, conversation_id, payload`);
        const [stored] = rowsOf<Parameters<typeof toStored>[0]>(result);
        if (stored) return toStored(stored);
        // Gone since the read, or moved on by another writer: read it again.
      }
      throw new Error(`delivery of ${messageId}: its state kept changing under the update`);
    },

    /**
     * Records when a send of part `index` began (null: it ended, not taken). See DeliveryPart. One
     * statement: the row's lock is taken by the update, and its parts are read under it (a report
     * written at the same moment is kept). Resolves with the delivery as it now stands (what a
     * change after the send checks against), undefined when there is no such message.
     */
    async markAttempt(
      messageId: string,
      index: number,
      total: number,
      at: Date | null,
    ): Promise<Pick<MessageRow, "delivery" | "deliveryParts"> | undefined> {
      const queued = JSON.stringify({ externalId: null, status: "queued", error: null });
      const result = await db.execute(sql`
        update ${messages} m set delivery_parts = (
          select jsonb_agg(
            case when i = ${index}::int
              then coalesce(m.delivery_parts -> i, ${queued}::jsonb)
                || jsonb_build_object('attemptAt', ${at ? at.toISOString() : null}::text)
              else coalesce(m.delivery_parts -> i, ${queued}::jsonb) end
            order by i)
          from generate_series(
            0, greatest(${total}::int, coalesce(jsonb_array_length(m.delivery_parts), 0), ${index}::int + 1) - 1
          ) as i
        )
        where m.id = ${messageId}
        returning m.delivery, m.delivery_parts`);
      const [row] = rowsOf<{
        delivery: MessageRow["delivery"];
        delivery_parts: DeliveryPart[] | string | null;
      }>(result);
      if (!row) return undefined;
      const parts = row.delivery_parts;
      return {
        delivery: row.delivery,
        deliveryParts: typeof parts === "string" ? (JSON.parse(parts) as DeliveryPart[]) : parts,
      };
    },

    /**
     * A provider's report on part `part` of the workspace's outgoing message `messageId`, applied
     * in one statement: the row is locked, the part moved on (never backwards: `advancePart` in
     * SQL), the message's state worked out from its parts (`overallDelivery`), and the change
     * stored with its `delivery` event, all only when the report changes something. Resolves
     * with the event when it changed something, and whether the message is one of the
     * workspace's outgoing ones. (A read, then a checked write, cost two round trips, and a third
     * and fourth when the sender's own record of the part raced the report.)
     */
    async applyReport(
      workspaceId: string,
      messageId: string,
      part: number,
      report: {
        status: "sent" | "delivered" | "read" | "failed";
        externalId: string;
        error: { code: number; message: string } | null;
      },
      at: Date,
    ): Promise<{ found: boolean; event?: StoredEvent }> {
      const queued = JSON.stringify({ externalId: null, status: "queued", error: null });
      const rank = (status: SQL) =>
        sql`array_position(array['queued', 'sent', 'delivered', 'read', 'failed'], ${status})`;
      /** The part has no provider's id yet. */
      const noId = sql`(p->'externalId' is null or p->'externalId' = 'null'::jsonb)`;
      const result = await db.execute(sql`
        with cur as (
          select id, conversation_id, coalesce(delivery_parts, '[]'::jsonb) as parts
          from ${messages}
          where id = ${messageId} and owner_id = ${workspaceId} and delivery is not null
          for update
        ),
        next as (
          select i, case
            when i <> ${part}::int then p
            when p->>'status' <> 'failed' and ${rank(sql`${report.status}::text`)} > ${rank(sql`p->>'status'`)} then
              p || jsonb_build_object(
                'status', ${report.status}::text,
                'error', case when ${report.status}::text = 'failed'
                  then coalesce(${report.error ? JSON.stringify(report.error) : null}::jsonb, 'null'::jsonb)
                  else coalesce(p->'error', 'null'::jsonb) end,
                'externalId', case when ${noId} then to_jsonb(${report.externalId}::text) else p->'externalId' end)
            when ${noId} then p || jsonb_build_object('externalId', ${report.externalId}::text)
            else p end as p
          from (
            select i, coalesce(cur.parts -> i, ${queued}::jsonb) as p
            from cur, generate_series(0, greatest(jsonb_array_length(cur.parts), ${part}::int + 1) - 1) as i
          ) expanded
        ),
        agg as (
          select jsonb_agg(p order by i) as parts,
            case when bool_or(p->>'status' = 'failed') then 'failed'
              else (array['queued', 'sent', 'delivered', 'read'])[min(${rank(sql`p->>'status'`)})] end as delivery,
            (array_agg(p->'error' order by i) filter (where jsonb_typeof(p->'error') = 'object'))[1] as error
          from next
        ),
        m as (
          update ${messages} set delivery_parts = agg.parts, delivery = agg.delivery,
            delivery_at = ${at.toISOString()}::timestamptz
          from cur, agg
          where ${messages.id} = cur.id and agg.parts is distinct from cur.parts
          returning ${messages.conversationId} as conversation_id, agg.delivery, agg.error
        ),
        c as (
          update ${conversations} set event_seq = ${conversations.eventSeq} + 1
          from m where ${conversations.id} = m.conversation_id
          returning ${conversations.id} as id, ${conversations.workspaceId} as owner_id,
            ${conversations.chatbotId} as chatbot_id, ${conversations.eventSeq} as seq
        ),
        e as (
          insert into ${conversationEvents} (owner_id, chatbot_id, conversation_id, seq, type, payload)
          select c.owner_id, c.chatbot_id, c.id, c.seq, 'delivery',
            jsonb_build_object('type', 'delivery', 'conversationId', c.id, 'messageId', ${messageId}::text,
              'delivery', jsonb_build_object('status', m.delivery, 'error', coalesce(m.error, 'null'::jsonb),
                'at', ${at.toISOString()}::text))
          from c, m
          returning id, seq, owner_id, chatbot_id, conversation_id, payload
        )
        select (select count(*) from cur)::int as found, e.* from (select 1) one left join e on true`);
      const [row] = rowsOf<Parameters<typeof toStored>[0] & { found: number }>(result);
      if (!row || Number(row.found) === 0) return { found: false };
      return { found: true, event: row.id === null || row.id === undefined ? undefined : toStored(row) };
    },

    /**
     * The workspace's outgoing message with a part the provider knows as `externalId` (a report
     * without our callback data, or a customer quoting one of our messages). Undefined when it is
     * none of ours. With the message's delivery as read (not locked): enough to see that a report
     * changes nothing, as reports never move back. (A report with our callback data names its
     * message: `applyReport`.)
     */
    async messageForReport(
      workspaceId: string,
      report: { externalId: string },
    ): Promise<
      | {
          messageId: string;
          part: number;
          delivery: MessageRow["delivery"];
          parts: DeliveryPart[];
          /** The parts as stored (null before the first send): what `deliveryChange` checks against. */
          rawParts: MessageRow["deliveryParts"];
        }
      | undefined
    > {
      const result = await db.execute(sql`
        select id, delivery, delivery_parts from ${messages}
        where owner_id = ${workspaceId} and delivery is not null
          and delivery_parts @> ${JSON.stringify([{ externalId: report.externalId }])}::jsonb
        limit 1`);
      const [row] = rowsOf<{
        id: string;
        delivery: MessageRow["delivery"];
        delivery_parts: DeliveryPart[] | string;
      }>(result);
      if (!row) return undefined;
      const parts = (
        typeof row.delivery_parts === "string" ? JSON.parse(row.delivery_parts) : row.delivery_parts
      ) as DeliveryPart[];
      const part = parts.findIndex((p) => p.externalId === report.externalId);
      return part >= 0
        ? { messageId: row.id, part, delivery: row.delivery, parts, rawParts: parts }
        : undefined;
    },

    /** A conversation's events after `seq`, oldest first (at most `limit`). */
    async eventsAfterSeq(conversationId: string, seq: number, limit: number): Promise<StoredEvent[]> {
      const rows = await db
        .select()
        .from(conversationEvents)
        .where(and(eq(conversationEvents.conversationId, conversationId), gt(conversationEvents.seq, seq)))
        .orderBy(asc(conversationEvents.seq))
        .limit(limit);
      return rows.map(storedEvent);
    },

    /** A workspace's events after global id `id`, oldest first (at most `limit`). */
    async workspaceEventsAfter(workspaceId: string, id: number, limit: number): Promise<StoredEvent[]> {
      const result = await db.execute(sql`
        select id, seq, owner_id, chatbot_id, conversation_id, payload from ${conversationEvents}
        where owner_id = ${workspaceId} and id > ${id} order by id limit ${limit}`);
      return rowsOf<Parameters<typeof toStored>[0]>(result).map(toStored);
    },

    /** The newest event id of a workspace (0 with none): where a fresh team stream starts. */
    async latestWorkspaceEventId(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ id: max(conversationEvents.id) })
        .from(conversationEvents)
        .where(eq(conversationEvents.workspaceId, workspaceId));
      return Number(row?.id ?? 0);
    },

    /** One stored event (a pointer published instead of an event too big for the bus). */
    async eventById(id: number): Promise<StoredEvent | undefined> {
      const [r] = await db.select().from(conversationEvents).where(eq(conversationEvents.id, id));
      return r ? storedEvent(r) : undefined;
    },

    /** The conversation's live state (status and last event number), when `access` allows it. */
    async state(
      conversationId: string,
      access: ConversationAccess,
    ): Promise<
      | Pick<
          ConversationRow,
          | "id"
          | "workspaceId"
          | "chatbotId"
          | "status"
          | "assigneeName"
          | "eventSeq"
          | "waitingSince"
          | "channel"
          | "channelId"
        >
      | undefined
    > {
      const [row] = await db
        .select({
          id: conversations.id,
          workspaceId: conversations.workspaceId,
          chatbotId: conversations.chatbotId,
          status: conversations.status,
          assigneeName: conversations.assigneeName,
          eventSeq: conversations.eventSeq,
          waitingSince: conversations.waitingSince,
          channel: conversations.channel,
          channelId: conversations.channelId,
        })
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), accessCondition(access)));
      return row;
    },
  };
}
export type LiveRepo = ReturnType<typeof createLiveRepo>;
export type { ConversationStatus };
