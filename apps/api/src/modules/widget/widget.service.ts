import type { LeadInput, WidgetConfig, WidgetConversation, WidgetMessage } from "@parley/contracts";
import { WIDGET_LIMITS } from "@parley/contracts";
import type { Database } from "@parley/db";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { type ChatbotRow, chatbots, conversations, leads, messages } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { ChatService, Reply } from "../chat/chat.service";
import type { EntitlementsService } from "../entitlements/entitlements.service";

export const UNAVAILABLE_REPLY =
  "Sorry, this assistant is unavailable right now. Please try again later, or contact the business directly.";

type MessageRow = typeof messages.$inferSelect;
const toMessage = (m: MessageRow): WidgetMessage => ({
  _id: m.id,
  role: m.role,
  content: m.content,
  citations: m.citations,
  answered: m.answered,
  feedback: m.feedback,
  createdAt: m.createdAt.toISOString(),
});

export interface WidgetDeps {
  db: Database;
  chat: ChatService;
  entitlements: EntitlementsService;
  planTier: (ownerId: string) => Promise<number>;
  messagesThisMonth: (ownerId: string) => Promise<number>;
  now: () => Date;
}

export function createWidgetService(deps: WidgetDeps) {
  const { db, chat, entitlements, now } = deps;

  async function publishedBot(chatbotId: string): Promise<ChatbotRow> {
    const [bot] = await db.select().from(chatbots).where(eq(chatbots.id, chatbotId));
    // Unknown and unpublished bots look the same from outside.
    if (!bot?.published) throw new AppError("NOT_FOUND", "This chat is not available");
    return bot;
  }

  async function visitorConversation(bot: ChatbotRow, conversationId: string, visitorId: string) {
    const [conv] = await db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.chatbotId, bot.id),
          eq(conversations.channel, "widget"),
          eq(conversations.visitorId, visitorId),
        ),
      );
    // Another visitor's conversation is indistinguishable from a missing one.
    if (!conv) throw new AppError("NOT_FOUND", "Conversation not found");
    return conv;
  }

  async function transcript(conversationId: string, chatbotId: string): Promise<WidgetConversation> {
    const [rows, lead] = await Promise.all([
      db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(asc(messages.createdAt), asc(messages.id)),
      db.select({ id: leads.id }).from(leads).where(eq(leads.conversationId, conversationId)).limit(1),
    ]);
    return { _id: conversationId, chatbotId, messages: rows.map(toMessage), leadCaptured: lead.length > 0 };
  }

  return {
    publishedBot,
    async config(chatbotId: string): Promise<WidgetConfig> {
      const bot = await publishedBot(chatbotId);
      return {
        _id: bot.id,
        name: bot.name,
        greeting: bot.greeting,
        suggestedQuestions: bot.suggestedQuestions,
        theme: bot.theme,
        leadCapture: bot.leadCapture,
        showBranding: (await deps.planTier(bot.ownerId)) === 0,
      };
    },

    async start(chatbotId: string, visitorId: string): Promise<WidgetConversation> {
      const bot = await publishedBot(chatbotId);
      const id = newId("conv");
      const at = now();
      await db.insert(conversations).values({
        id,
        chatbotId: bot.id,
        ownerId: bot.ownerId,
        channel: "widget",
        visitorId,
        createdAt: at,
        lastMessageAt: at,
      });
      return { _id: id, chatbotId: bot.id, messages: [], leadCaptured: false };
    },

    async get(chatbotId: string, conversationId: string, visitorId: string): Promise<WidgetConversation> {
      const bot = await publishedBot(chatbotId);
      await visitorConversation(bot, conversationId, visitorId);
      return transcript(conversationId, bot.id);
    },

    /**
     * Checks everything before the stream opens (so failures are plain JSON errors), stores the
     * visitor's message, and returns a function that streams and stores the reply.
     */
    async prepareMessage(chatbotId: string, conversationId: string, visitorId: string, content: string) {
      const bot = await publishedBot(chatbotId);
      await visitorConversation(bot, conversationId, visitorId);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(messages)
        .where(eq(messages.conversationId, conversationId));
      if (n >= WIDGET_LIMITS.maxMessagesPerConversation) {
        throw new AppError(
          "CONFLICT",
          "This conversation has reached its length limit. Please start a new conversation.",
        );
      }
      const history = (
        await db
          .select({ role: messages.role, content: messages.content })
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), eq(messages.quotaBlocked, false)))
          .orderBy(desc(messages.createdAt))
          .limit(WIDGET_LIMITS.historyTurns)
      ).reverse();
      const quota = await entitlements.check(
        bot.ownerId,
        "messagesPerMonth",
        await deps.messagesThisMonth(bot.ownerId),
      );
      // A retry after a failed answer re-sends the same question: reuse it rather than store it twice.
      const [last] = await db
        .select({ id: messages.id, role: messages.role, content: messages.content })
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1);
      const retry = last?.role === "user" && last.content === content;
      const userMessageId = retry && last ? last.id : newId("msg");
      // The retried question is the message itself, not part of the history before it.
      if (retry) history.pop();
      if (!retry) {
        await db.insert(messages).values({
          id: userMessageId,
          conversationId,
          chatbotId: bot.id,
          ownerId: bot.ownerId,
          role: "user",
          content,
          createdAt: now(),
        });
        await db
          .update(conversations)
          .set({
            messageCount: sql`${conversations.messageCount} + 1`,
            firstQuestion: sql`coalesce(${conversations.firstQuestion}, ${content})`,
          })
          .where(eq(conversations.id, conversationId));
      }

      const store = async (
        reply: Pick<Reply, "text" | "answered" | "citations" | "interrupted">,
        quotaBlocked = false,
      ) => {
        const id = newId("msg");
        const at = now();
        await db.insert(messages).values({
          id,
          conversationId,
          chatbotId: bot.id,
          ownerId: bot.ownerId,
          role: "assistant",
          content: reply.text,
          citations: reply.citations,
          answered: reply.answered,
          interrupted: reply.interrupted,
          quotaBlocked,
          createdAt: at,
        });
        await db
          .update(conversations)
          .set({
            lastMessageAt: at,
            messageCount: sql`${conversations.messageCount} + 1`,
            // A fallback reply (not the quota notice) is a question the bot could not answer.
            unansweredCount: sql`${conversations.unansweredCount} + ${!reply.answered && !quotaBlocked ? 1 : 0}`,
          })
          .where(eq(conversations.id, conversationId));
        return id;
      };

      return {
        userMessageId,
        /** Streams the reply through `onDelta`; stores what was said even if the visitor left early. */
        async run(signal: AbortSignal, onDelta: (text: string) => void) {
          if (!quota.allowed) {
            // The owner is past the plan's monthly messages: a polite reply, not an error page.
            onDelta(UNAVAILABLE_REPLY);
            const messageId = await store(
              { text: UNAVAILABLE_REPLY, answered: false, citations: [], interrupted: false },
              true,
            );
            return { messageId, answered: false, citations: [], engine: "builtin" as const };
          }
          let text = "";
          try {
            const reply = await chat.respond({
              bot,
              question: content,
              history,
              signal,
              onDelta: (d) => {
                text += d;
                onDelta(d);
              },
            });
            const messageId = await store(reply);
            return { messageId, answered: reply.answered, citations: reply.citations, engine: reply.engine };
          } catch (err) {
            if (text) await store({ text, answered: false, citations: [], interrupted: true });
            throw err;
          }
        },
      };
    },

    async feedback(chatbotId: string, visitorId: string, messageId: string, value: "up" | "down" | null) {
      const bot = await publishedBot(chatbotId);
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.chatbotId, bot.id),
            eq(messages.role, "assistant"),
            eq(conversations.visitorId, visitorId),
          ),
        );
      if (!row) throw new AppError("NOT_FOUND", "Message not found");
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

    async lead(chatbotId: string, conversationId: string, visitorId: string, input: LeadInput) {
      const bot = await publishedBot(chatbotId);
      if (!bot.leadCapture) throw new AppError("FORBIDDEN", "This chat does not collect contact details");
      await visitorConversation(bot, conversationId, visitorId);
      await db
        .insert(leads)
        .values({
          id: newId("lead"),
          chatbotId: bot.id,
          ownerId: bot.ownerId,
          conversationId,
          email: input.email.toLowerCase(),
          name: input.name || null,
          createdAt: now(),
        })
        .onConflictDoNothing();
      await db.update(conversations).set({ hasLead: true }).where(eq(conversations.id, conversationId));
      return { saved: true };
    },
  };
}
export type WidgetService = ReturnType<typeof createWidgetService>;
