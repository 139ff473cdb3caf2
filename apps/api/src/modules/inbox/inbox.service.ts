import type {
  ConversationFilters,
  ConversationPage,
  ConversationSummary,
  LeadRow,
  Transcript,
  UnansweredGroup,
} from "@parley/contracts";
import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { chatbots, conversations, knowledgeSources, leads, messages } from "../../db/schema";
import { AppError } from "../../lib/errors";
import {
  type ConversationsRepo,
  createConversationsRepo,
  toMessage,
} from "../conversations/conversations.repo";

type ConversationRow = typeof conversations.$inferSelect;

const toSummary = (c: ConversationRow, chatbotName: string): ConversationSummary => ({
  _id: c.id,
  chatbotId: c.chatbotId,
  chatbotName,
  channel: c.channel,
  visitorId: c.visitorId,
  createdAt: c.createdAt.toISOString(),
  lastMessageAt: c.lastMessageAt.toISOString(),
  messageCount: c.messageCount,
  firstQuestion: c.firstQuestion,
  unansweredCount: c.unansweredCount,
  upCount: c.upCount,
  downCount: c.downCount,
  hasLead: c.hasLead,
  customer: c.customerId ? { id: c.customerId, email: c.customerEmail, name: c.customerName } : null,
});

/** Keyset cursor: the last row's (lastMessageAt, id), so paging stays fast however deep it goes. */
const encodeCursor = (c: ConversationRow) =>
  Buffer.from(`${c.lastMessageAt.toISOString()}|${c.id}`).toString("base64url");
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  // The cursor is client-held text: a NUL in it would reach the query (Postgres refuses 0x00).
  if (!id || id.includes("\u0000") || Number.isNaN(date.getTime()))
    throw new AppError("BAD_REQUEST", "Invalid page cursor");
  return { at: date, id };
}

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const dayEnd = (d: string) => new Date(`${d}T23:59:59.999Z`);

/** Lexemes of a question, for grouping similar ones ('english': "refunds" and "refund" match). */
async function lexemeSets(db: Database, texts: string[]): Promise<string[][]> {
  if (texts.length === 0) return [];
  const result = await db.execute(sql`
    select t.ord::int as ord, coalesce(array_to_string(tsvector_to_array(to_tsvector('english', t.s)), ' '), '') as lexemes
    from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as t(s, ord)`);
  const out: string[][] = texts.map(() => []);
  for (const r of rowsOf<{ ord: number; lexemes: string }>(result))
    out[r.ord - 1] = r.lexemes.split(" ").filter(Boolean);
  return out;
}

const jaccard = (a: Set<string>, b: Set<string>) => {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
};

export function createInboxService(deps: { db: Database; conversations?: ConversationsRepo }) {
  const { db } = deps;
  const conversationsRepo = deps.conversations ?? createConversationsRepo(db);

  async function ownConversation(ownerId: string, id: string) {
    const [row] = await db
      .select({ c: conversations, name: chatbots.name })
      .from(conversations)
      .innerJoin(chatbots, eq(chatbots.id, conversations.chatbotId))
      .where(and(eq(conversations.id, id), eq(conversations.ownerId, ownerId)));
    if (!row) throw new AppError("NOT_FOUND", "Conversation not found");
    return row;
  }

  return {
    async list(ownerId: string, f: ConversationFilters): Promise<ConversationPage> {
      const where: (SQL | undefined)[] = [
        eq(conversations.ownerId, ownerId),
        eq(conversations.channel, "widget"),
      ];
      if (f.chatbotId) where.push(eq(conversations.chatbotId, f.chatbotId));
      if (f.from) where.push(gte(conversations.lastMessageAt, dayStart(f.from)));
      if (f.to) where.push(lte(conversations.lastMessageAt, dayEnd(f.to)));
      if (f.rating === "up") where.push(sql`${conversations.upCount} > 0`);
      if (f.rating === "down") where.push(sql`${conversations.downCount} > 0`);
      if (f.unanswered) where.push(sql`${conversations.unansweredCount} > 0`);
      if (f.hasLead !== undefined) where.push(eq(conversations.hasLead, f.hasLead));
      if (f.q) {
        where.push(sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id}
          and m.tsv @@ websearch_to_tsquery('simple', ${f.q}))`);
      }
      if (f.cursor) {
        const c = decodeCursor(f.cursor);
        where.push(
          or(
            lt(conversations.lastMessageAt, c.at),
            and(eq(conversations.lastMessageAt, c.at), lt(conversations.id, c.id)),
          ),
        );
      }
      const rows = await db
        .select({ c: conversations, name: chatbots.name })
        .from(conversations)
        .innerJoin(chatbots, eq(chatbots.id, conversations.chatbotId))
        .where(and(...where))
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => toSummary(r.c, r.name)),
        nextCursor: rows.length > f.limit && last ? encodeCursor(last.c) : null,
      };
    },

    async transcript(ownerId: string, id: string): Promise<Transcript> {
      const { c, name } = await ownConversation(ownerId, id);
      const [msgs, leadRows] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(eq(messages.conversationId, id))
          .orderBy(asc(messages.createdAt), asc(messages.id)),
        db.select().from(leads).where(eq(leads.conversationId, id)).orderBy(asc(leads.createdAt)),
      ]);
      return {
        ...toSummary(c, name),
        messages: msgs.map((m) => ({
          ...toMessage(m),
          interrupted: m.interrupted,
        })),
        leads: leadRows.map((l) => ({
          _id: l.id,
          email: l.email,
          name: l.name,
          createdAt: l.createdAt.toISOString(),
        })),
      };
    },

    /** A visitor asked the owner to erase their conversation: messages and leads go with it. */
    async remove(ownerId: string, id: string) {
      await ownConversation(ownerId, id);
      await conversationsRepo.remove(ownerId, id);
    },

    /**
     * Questions the bot met with its fallback reply or a thumbs-down, grouped by similarity
     * (shared words after stemming), most asked first. A group disappears once a Q&A entry that
     * covers it was added after its last occurrence.
     */
    async unanswered(
      ownerId: string,
      opts: { chatbotId?: string; limit?: number } = {},
    ): Promise<UnansweredGroup[]> {
      const rows = rowsOf<{
        question: string;
        conversation_id: string;
        chatbot_id: string;
        chatbot_name: string;
        asked_at: Date | string;
        reason: "fallback" | "down";
      }>(
        await db.execute(sql`
          select q.content as question, q.conversation_id, q.chatbot_id, b.name as chatbot_name, q.created_at as asked_at,
                 case when a.answered = false then 'fallback' else 'down' end as reason
          from ${messages} a
          join ${chatbots} b on b.id = a.chatbot_id
          join lateral (
            select u.content, u.conversation_id, u.chatbot_id, u.created_at from ${messages} u
            where u.conversation_id = a.conversation_id and u.role = 'user' and u.created_at <= a.created_at
            order by u.created_at desc, u.id desc limit 1
          ) q on true
          where a.owner_id = ${ownerId} and a.role = 'assistant' and a.quota_blocked = false
            and (a.answered = false or a.feedback = 'down')
            ${opts.chatbotId ? sql`and a.chatbot_id = ${opts.chatbotId}` : sql``}
          order by a.created_at desc
          limit 2000`),
      );
      const qaRows = await db
        .select({
          chatbotId: knowledgeSources.chatbotId,
          question: knowledgeSources.question,
          createdAt: knowledgeSources.createdAt,
        })
        .from(knowledgeSources)
        .where(and(eq(knowledgeSources.ownerId, ownerId), eq(knowledgeSources.kind, "qa")));
      const [qLex, qaLex] = await Promise.all([
        lexemeSets(
          db,
          rows.map((r) => r.question),
        ),
        lexemeSets(
          db,
          qaRows.map((r) => r.question ?? ""),
        ),
      ]);
      const qa = qaRows.map((r, i) => ({ ...r, lex: new Set(qaLex[i]) }));

      const groups: (UnansweredGroup & { lex: Set<string>; lastAt: Date })[] = [];
      rows.forEach((r, i) => {
        const lex = new Set(qLex[i]);
        const askedAt = new Date(r.asked_at);
        const group = groups.find((g) => g.chatbotId === r.chatbot_id && jaccard(g.lex, lex) >= 0.5);
        if (group) {
          group.count++;
          group.reasons[r.reason === "fallback" ? "fallback" : "thumbsDown"]++;
          if (group.examples.length < 5)
            group.examples.push({
              question: r.question,
              conversationId: r.conversation_id,
              askedAt: askedAt.toISOString(),
            });
          return;
        }
        groups.push({
          key: `${r.chatbot_id}:${[...lex].sort().join(" ")}`,
          chatbotId: r.chatbot_id,
          chatbotName: r.chatbot_name,
          question: r.question,
          count: 1,
          reasons: { fallback: r.reason === "fallback" ? 1 : 0, thumbsDown: r.reason === "fallback" ? 0 : 1 },
          lastAskedAt: askedAt.toISOString(),
          examples: [
            { question: r.question, conversationId: r.conversation_id, askedAt: askedAt.toISOString() },
          ],
          lex,
          lastAt: askedAt,
        });
      });
      return groups
        .filter(
          (g) =>
            !qa.some(
              (q) => q.chatbotId === g.chatbotId && q.createdAt > g.lastAt && jaccard(q.lex, g.lex) >= 0.5,
            ),
        )
        .sort((a, b) => b.count - a.count || b.lastAt.getTime() - a.lastAt.getTime())
        .slice(0, opts.limit ?? 50)
        .map(({ lex: _lex, lastAt: _lastAt, ...g }) => g);
    },

    async leads(ownerId: string, opts: { chatbotId?: string } = {}): Promise<LeadRow[]> {
      const rows = await db
        .select({ l: leads, name: chatbots.name })
        .from(leads)
        .innerJoin(chatbots, eq(chatbots.id, leads.chatbotId))
        .where(
          and(eq(leads.ownerId, ownerId), opts.chatbotId ? eq(leads.chatbotId, opts.chatbotId) : undefined),
        )
        .orderBy(desc(leads.createdAt))
        .limit(10_000);
      return rows.map((r) => ({
        _id: r.l.id,
        email: r.l.email,
        name: r.l.name,
        createdAt: r.l.createdAt.toISOString(),
        chatbotId: r.l.chatbotId,
        chatbotName: r.name,
        conversationId: r.l.conversationId,
      }));
    },

    /** RFC 4180 CSV; cells that a spreadsheet would run as a formula are neutralised. */
    leadsCsv(rows: LeadRow[], appUrl: string): string {
      const cell = (v: string | null) => {
        let s = v ?? "";
        if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
        return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
      };
      const header = ["email", "name", "chatbot", "captured_at", "conversation"].join(",");
      const lines = rows.map((r) =>
        [
          cell(r.email),
          cell(r.name),
          cell(r.chatbotName),
          cell(r.createdAt),
          cell(`${appUrl}/inbox/${r.conversationId}`),
        ].join(","),
      );
      return `${[header, ...lines].join("\r\n")}\r\n`;
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
