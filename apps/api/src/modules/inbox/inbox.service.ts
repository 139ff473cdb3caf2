import type {
  ConversationFilters,
  ConversationPage,
  ConversationSummary,
  LeadRow,
  Transcript,
  UnansweredGroup,
} from "@parley/contracts";
import { WHATSAPP_WINDOW_MS } from "@parley/contracts";
import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, eq, sql } from "drizzle-orm";
import { knowledgeSources } from "../../db/schema";
import { toCsv } from "../../lib/csv";
import { AppError } from "../../lib/errors";
import {
  type ConversationRow,
  type ConversationsRepo,
  createConversationsRepo,
  type LeadRow as LeadRecord,
  toDelivery,
  toMessage,
} from "../conversations/conversations.repo";
import { createInboxQueries, type InboxQueries } from "../conversations/inbox-queries.repo";

const toLeadRow = ({ lead: l, chatbotName }: { lead: LeadRecord; chatbotName: string }): LeadRow => ({
  _id: l.id,
  email: l.email,
  phone: l.phone,
  name: l.name,
  createdAt: l.createdAt.toISOString(),
  chatbotId: l.chatbotId,
  chatbotName,
  conversationId: l.conversationId,
});

const toSummary = (c: ConversationRow, chatbotName: string): ConversationSummary => ({
  _id: c.id,
  chatbotId: c.chatbotId,
  chatbotName,
  // A legacy `playground` row (none is stored) reads as the widget's.
  channel: c.channel === "playground" ? "widget" : c.channel,
  visitorId: c.visitorId,
  contact: c.contactId ? { id: c.contactId, name: c.contactName } : null,
  language: c.language,
  replyWindowEndsAt:
    c.channel === "whatsapp" && c.lastInboundAt
      ? new Date(c.lastInboundAt.getTime() + WHATSAPP_WINDOW_MS).toISOString()
      : null,
  createdAt: c.createdAt.toISOString(),
  lastMessageAt: c.lastMessageAt.toISOString(),
  messageCount: c.messageCount,
  firstQuestion: c.firstQuestion,
  unansweredCount: c.unansweredCount,
  upCount: c.upCount,
  downCount: c.downCount,
  hasLead: c.hasLead,
  customer: c.customerId ? { id: c.customerId, email: c.customerEmail, name: c.customerName } : null,
  status: c.status,
  assignee: c.assigneeId ? { id: c.assigneeId, name: c.assigneeName ?? "" } : null,
  waitingSince: c.waitingSince?.toISOString() ?? null,
});

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

/** Where an unanswered question's reason is counted in its group. */
const reasonKey = { fallback: "fallback", down: "thumbsDown", low_confidence: "lowConfidence" } as const;

export function createInboxService(deps: {
  db: Database;
  conversations?: ConversationsRepo;
  queries?: InboxQueries;
}) {
  const { db } = deps;
  const conversationsRepo = deps.conversations ?? createConversationsRepo(db);
  const queries = deps.queries ?? createInboxQueries(db);

  async function ownConversation(workspaceId: string, id: string) {
    const row = await queries.conversation(workspaceId, id);
    if (!row) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
    return row;
  }

  return {
    /**
     * Search analysis for messages stored before it existed (issue #35), a batch at a time: the
     * number analysed, 0 once none is left. Run by the `inbox.search-backlog` job.
     */
    analyseSearchBacklog: (limit?: number) => conversationsRepo.analyseSearchBacklog(limit),
    /**
     * One page of the workspace's conversations: waiting for a person first (longest waiting
     * first), then by last message. `memberId` is the signed-in member (the `assignee=me` filter).
     */
    async list(
      workspaceId: string,
      f: ConversationFilters,
      memberId: string | null = null,
    ): Promise<ConversationPage> {
      const page = await queries.page(workspaceId, f, memberId);
      return {
        items: page.items.map((r) => toSummary(r.c, r.chatbotName)),
        nextCursor: page.nextCursor,
      };
    },

    async transcript(workspaceId: string, id: string): Promise<Transcript> {
      const { c, chatbotName } = await ownConversation(workspaceId, id);
      const rows = await queries.transcript(id);
      return {
        ...toSummary(c, chatbotName),
        messages: rows.messages.map((m) => ({
          ...toMessage(m),
          interrupted: m.interrupted,
          confidence: m.role === "assistant" ? (m.confidence ?? null) : null,
          author: m.role === "agent" ? { id: m.authorId ?? "", name: m.authorName ?? "" } : null,
          contentType: m.contentType,
          delivery: toDelivery(m),
        })),
        leads: rows.leads.map((l) => ({
          _id: l.id,
          email: l.email,
          phone: l.phone,
          name: l.name,
          createdAt: l.createdAt.toISOString(),
        })),
      };
    },

    /** A visitor asked the owner to erase their conversation: messages and leads go with it. */
    async remove(workspaceId: string, id: string) {
      await ownConversation(workspaceId, id);
      await conversationsRepo.remove(workspaceId, id);
    },

    /**
     * Questions the bot met with its fallback reply or a thumbs-down, grouped by similarity
     * (shared words after stemming), most asked first. A group disappears once a Q&A entry that
     * covers it was added after its last occurrence.
     */
    async unanswered(
      workspaceId: string,
      opts: { chatbotId?: string; limit?: number } = {},
    ): Promise<UnansweredGroup[]> {
      const rows = await queries.unansweredQuestions(workspaceId, opts.chatbotId);
      const qaRows = await db
        .select({
          chatbotId: knowledgeSources.chatbotId,
          question: knowledgeSources.question,
          createdAt: knowledgeSources.createdAt,
        })
        .from(knowledgeSources)
        .where(and(eq(knowledgeSources.workspaceId, workspaceId), eq(knowledgeSources.kind, "qa")));
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
        const askedAt = r.askedAt;
        const group = groups.find((g) => g.chatbotId === r.chatbotId && jaccard(g.lex, lex) >= 0.5);
        if (group) {
          group.count++;
          group.reasons[reasonKey[r.reason]]++;
          if (group.examples.length < 5)
            group.examples.push({
              question: r.question,
              conversationId: r.conversationId,
              askedAt: askedAt.toISOString(),
            });
          return;
        }
        groups.push({
          key: `${r.chatbotId}:${[...lex].sort().join(" ")}`,
          chatbotId: r.chatbotId,
          chatbotName: r.chatbotName,
          question: r.question,
          count: 1,
          reasons: { fallback: 0, thumbsDown: 0, lowConfidence: 0, [reasonKey[r.reason]]: 1 },
          lastAskedAt: askedAt.toISOString(),
          examples: [
            { question: r.question, conversationId: r.conversationId, askedAt: askedAt.toISOString() },
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

    async leads(workspaceId: string, opts: { chatbotId?: string } = {}): Promise<LeadRow[]> {
      const rows = await queries.leads(workspaceId, opts.chatbotId);
      return rows.map(toLeadRow);
    },

    /** One page of the workspace's leads, newest first (the public API's list). */
    async leadsPage(
      workspaceId: string,
      opts: { chatbotId?: string; cursor?: string; limit: number },
    ): Promise<{ items: LeadRow[]; nextCursor: string | null }> {
      const page = await queries.leadsPage(workspaceId, opts);
      return {
        items: page.items.map(toLeadRow),
        nextCursor: page.nextCursor,
      };
    },

    /** RFC 4180 CSV; cells that a spreadsheet would run as a formula are neutralised (lib/csv.ts). */
    leadsCsv(rows: LeadRow[], appUrl: string): string {
      return toCsv(
        ["email", "name", "chatbot", "captured_at", "conversation"],
        rows.map((r) => [r.email, r.name, r.chatbotName, r.createdAt, `${appUrl}/inbox/${r.conversationId}`]),
      );
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
