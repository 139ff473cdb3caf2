import type { ConversationFilters } from "@parley/contracts";
import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { chatbots, conversations, leads, messages } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { likeContaining } from "../../lib/like";
import {
  decodePageCursor,
  encodePageCursor,
  isCursorId,
  isStamp,
  stampOf as stamp,
} from "../../lib/page-cursor";
import { LOW_CONFIDENCE } from "../chat/confidence";
import { TEAM_CHANNELS } from "./access";
import type { ConversationRow, MessageRow } from "./conversations.repo";
import { searchTerms } from "./message-search";

export type LeadRecord = typeof leads.$inferSelect;

/** A conversation as the inbox lists it: the row and its bot's name. */
export interface InboxConversation {
  c: ConversationRow;
  chatbotName: string;
}

/** A question the bot met with its fallback reply or a thumbs-down (the newest first). */
export interface UnansweredQuestion {
  question: string;
  conversationId: string;
  chatbotId: string;
  chatbotName: string;
  askedAt: Date;
  reason: "fallback" | "down" | "low_confidence";
}

/**
 * Keyset cursor. The list is two blocks: conversations waiting for a person first (longest
 * waiting first: `waiting_since`, id ascending), then the others by last message (newest first:
 * `last_message_at`, id descending). The cursor names the block of the page's last row and that
 * row's key in that block, so the next page continues exactly there: no row is skipped or
 * repeated while the rows keep their keys. Keys are carried at the database's full precision
 * (microseconds), so a timestamp written with SQL's now() compares exactly.
 */
type Block = "waiting" | "rest";
interface Cursor {
  block: Block;
  at: string;
  id: string;
}
const encodeCursor = (c: Cursor) =>
  Buffer.from(`${c.block === "waiting" ? "w" : "m"}|${c.at}|${c.id}`).toString("base64url");
function decodeCursor(cursor: string): Cursor {
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // Two parts: a cursor of the list before it had a waiting block (`lastMessageAt|id`).
  const [tag, at, id] = parts.length === 2 ? ["m", ...parts] : parts;
  // The cursor is client-held text: only a well-formed one reaches the query.
  if (parts.length > 3 || (tag !== "w" && tag !== "m") || !at || !isStamp(at) || !isCursorId(id))
    throw AppError.of("BAD_REQUEST", "general.invalidPageCursor");
  return { block: tag === "w" ? "waiting" : "rest", at, id };
}

/** Text to find inside a column with ILIKE: `%`, `_` and the escape character match themselves. */

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const dayEnd = (d: string) => new Date(`${d}T23:59:59.999Z`);

/**
 * The inbox's reads of conversations, messages and leads (the conversations module owns them; the
 * inbox service shapes what these return).
 */
export function createInboxQueries(db: Database) {
  return {
    /**
     * One page of a workspace's widget conversations: waiting ones first (longest waiting first),
     * then the rest by last message. `memberId` is the signed-in member (`assignee: "me"`).
     */
    async page(
      workspaceId: string,
      f: ConversationFilters,
      memberId: string | null,
    ): Promise<{ items: InboxConversation[]; nextCursor: string | null }> {
      const cursor = f.cursor ? decodeCursor(f.cursor) : null;
      const where: (SQL | undefined)[] = [
        eq(conversations.workspaceId, workspaceId),
        f.channel ? eq(conversations.channel, f.channel) : inArray(conversations.channel, [...TEAM_CHANNELS]),
      ];
      if (f.chatbotId) where.push(eq(conversations.chatbotId, f.chatbotId));
      if (f.from) where.push(gte(conversations.lastMessageAt, dayStart(f.from)));
      if (f.to) where.push(lte(conversations.lastMessageAt, dayEnd(f.to)));
      if (f.rating === "up") where.push(sql`${conversations.upCount} > 0`);
      if (f.rating === "down") where.push(sql`${conversations.downCount} > 0`);
      if (f.unanswered) where.push(sql`${conversations.unansweredCount} > 0`);
      if (f.hasLead !== undefined) where.push(eq(conversations.hasLead, f.hasLead));
      if (f.status) where.push(eq(conversations.status, f.status));
      if (f.assignee === "me") where.push(memberId ? eq(conversations.assigneeId, memberId) : sql`false`);
      if (f.q) {
        const like = likeContaining(f.q);
        // The words as the index holds them: the answer engine's analysis (Arabic normalised and
        // stemmed, invisible characters removed), so الشحن finds ﺍﻟﺸﺤﻦ, الشَّحن and الشـحن.
        const terms = searchTerms(f.q);
        where.push(
          or(
            terms
              ? sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id}
              and m.tsv @@ websearch_to_tsquery('simple', ${terms}))`
              : undefined,
            sql`${conversations.customerName} ilike ${like} escape '\\'`,
            sql`${conversations.customerEmail} ilike ${like} escape '\\'`,
          ),
        );
      }

      const waitingKey = sql`coalesce(${conversations.waitingSince}, ${conversations.lastMessageAt})`;
      const wantWaiting = (!f.status || f.status === "waiting") && (!cursor || cursor.block === "waiting");
      const wantRest = f.status !== "waiting";
      const [waiting, rest] = await Promise.all([
        wantWaiting
          ? db
              .select({ c: conversations, chatbotName: chatbots.name, key: stamp(waitingKey) })
              .from(conversations)
              .innerJoin(chatbots, eq(chatbots.id, conversations.chatbotId))
              .where(
                and(
                  ...where,
                  eq(conversations.status, "waiting"),
                  cursor
                    ? sql`(${waitingKey} > ${cursor.at}::timestamptz
                        or (${waitingKey} = ${cursor.at}::timestamptz and ${conversations.id} > ${cursor.id}))`
                    : undefined,
                ),
              )
              .orderBy(asc(waitingKey), asc(conversations.id))
              .limit(f.limit + 1)
          : [],
        wantRest
          ? db
              .select({
                c: conversations,
                chatbotName: chatbots.name,
                key: stamp(conversations.lastMessageAt),
              })
              .from(conversations)
              .innerJoin(chatbots, eq(chatbots.id, conversations.chatbotId))
              .where(
                and(
                  ...where,
                  ne(conversations.status, "waiting"),
                  cursor?.block === "rest"
                    ? sql`(${conversations.lastMessageAt} < ${cursor.at}::timestamptz
                        or (${conversations.lastMessageAt} = ${cursor.at}::timestamptz and ${conversations.id} < ${cursor.id}))`
                    : undefined,
                ),
              )
              .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
              .limit(f.limit + 1)
          : [],
      ]);
      const rows = [
        ...waiting.map((r) => ({ ...r, block: "waiting" as const })),
        ...rest.map((r) => ({ ...r, block: "rest" as const })),
      ];
      const page = rows.slice(0, f.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ c, chatbotName }) => ({ c, chatbotName })),
        nextCursor:
          rows.length > f.limit && last
            ? encodeCursor({ block: last.block, at: last.key, id: last.c.id })
            : null,
      };
    },

    /** A workspace's conversation with its bot's name, or undefined when it is not theirs. */
    async conversation(workspaceId: string, id: string): Promise<InboxConversation | undefined> {
      const [row] = await db
        .select({ c: conversations, chatbotName: chatbots.name })
        .from(conversations)
        .innerJoin(chatbots, eq(chatbots.id, conversations.chatbotId))
        .where(and(eq(conversations.id, id), eq(conversations.workspaceId, workspaceId)));
      return row;
    },

    /** Every message and lead of a conversation, oldest first. */
    async transcript(conversationId: string): Promise<{ messages: MessageRow[]; leads: LeadRecord[] }> {
      const [msgs, leadRows] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(eq(messages.conversationId, conversationId))
          .orderBy(asc(messages.createdAt), asc(messages.id)),
        db.select().from(leads).where(eq(leads.conversationId, conversationId)).orderBy(asc(leads.createdAt)),
      ]);
      return { messages: msgs, leads: leadRows };
    },

    /**
     * The visitor question behind each bot reply that was the fallback, got a thumbs-down or was
     * given with low confidence (confidence.ts LOW_CONFIDENCE)
     * (quota notices excluded), newest first, at most 2000.
     */
    async unansweredQuestions(workspaceId: string, chatbotId?: string): Promise<UnansweredQuestion[]> {
      const rows = rowsOf<{
        question: string;
        conversation_id: string;
        chatbot_id: string;
        chatbot_name: string;
        asked_at: Date | string;
        reason: "fallback" | "down" | "low_confidence";
      }>(
        await db.execute(sql`
          select q.content as question, q.conversation_id, q.chatbot_id, b.name as chatbot_name, q.created_at as asked_at,
                 case when a.answered = false then 'fallback' when a.feedback = 'down' then 'down' else 'low_confidence' end as reason
          from ${messages} a
          join ${chatbots} b on b.id = a.chatbot_id
          join lateral (
            select u.content, u.conversation_id, u.chatbot_id, u.created_at from ${messages} u
            where u.conversation_id = a.conversation_id and u.role = 'user' and u.created_at <= a.created_at
            order by u.created_at desc, u.id desc limit 1
          ) q on true
          where a.owner_id = ${workspaceId} and a.role = 'assistant' and a.quota_blocked = false
            and (a.answered = false or a.feedback = 'down' or a.confidence < ${LOW_CONFIDENCE})
            ${chatbotId ? sql`and a.chatbot_id = ${chatbotId}` : sql``}
          order by a.created_at desc
          limit 2000`),
      );
      return rows.map((r) => ({
        question: r.question,
        conversationId: r.conversation_id,
        chatbotId: r.chatbot_id,
        chatbotName: r.chatbot_name,
        askedAt: new Date(r.asked_at),
        reason: r.reason,
      }));
    },

    /**
     * One page of a workspace's leads, newest first (keyset on created_at, id: the public API's
     * cursor; see encodeLeadCursor).
     */
    async leadsPage(
      workspaceId: string,
      opts: { chatbotId?: string; cursor?: string; limit: number },
    ): Promise<{ items: { lead: LeadRecord; chatbotName: string }[]; nextCursor: string | null }> {
      const cursor = opts.cursor ? decodePageCursor("l", opts.cursor) : null;
      const rows = await db
        .select({ lead: leads, chatbotName: chatbots.name, key: stamp(leads.createdAt) })
        .from(leads)
        .innerJoin(chatbots, eq(chatbots.id, leads.chatbotId))
        .where(
          and(
            eq(leads.workspaceId, workspaceId),
            opts.chatbotId ? eq(leads.chatbotId, opts.chatbotId) : undefined,
            cursor
              ? sql`(${leads.createdAt} < ${cursor.at}::timestamptz
                  or (${leads.createdAt} = ${cursor.at}::timestamptz and ${leads.id} < ${cursor.id}))`
              : undefined,
          ),
        )
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(opts.limit + 1);
      const page = rows.slice(0, opts.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ lead, chatbotName }) => ({ lead, chatbotName })),
        nextCursor: rows.length > opts.limit && last ? encodePageCursor("l", last.key, last.lead.id) : null,
      };
    },

    /** A workspace's leads with their bot's name, newest first (at most 10 000). */
    async leads(
      workspaceId: string,
      chatbotId?: string,
    ): Promise<{ lead: LeadRecord; chatbotName: string }[]> {
      return db
        .select({ lead: leads, chatbotName: chatbots.name })
        .from(leads)
        .innerJoin(chatbots, eq(chatbots.id, leads.chatbotId))
        .where(
          and(eq(leads.workspaceId, workspaceId), chatbotId ? eq(leads.chatbotId, chatbotId) : undefined),
        )
        .orderBy(desc(leads.createdAt))
        .limit(10_000);
    },
  };
}
export type InboxQueries = ReturnType<typeof createInboxQueries>;
