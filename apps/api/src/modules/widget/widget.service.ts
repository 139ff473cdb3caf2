import type { LeadInput, WidgetConfig, WidgetConversation, WidgetMessage } from "@parley/contracts";
import { WIDGET_LIMITS } from "@parley/contracts";
import type { Database } from "@parley/db";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { type ChatbotRow, chatbots, conversations, leads, messages } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { ChatService } from "../chat/chat.service";
import type { EntitlementsService } from "../entitlements/entitlements.service";
import { createReplyDraft } from "./reply-draft";
import { accessibleBy, type Visitor } from "./widget-visitor";

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
  /** How often a streaming reply's text is written (default every second). */
  replyFlushMs?: number;
}

export function createWidgetService(deps: WidgetDeps) {
  const { db, chat, entitlements, now } = deps;

  /**
   * The bot, if visitors may chat with it. With `explain`, the error says why not (for the site
   * owner's console: the loader prints it); otherwise unknown and unpublished bots look the same.
   */
  async function publishedBot(chatbotId: string, explain = false): Promise<ChatbotRow> {
    const [bot] = await db.select().from(chatbots).where(eq(chatbots.id, chatbotId));
    if (bot?.published) return bot;
    if (!explain) throw new AppError("NOT_FOUND", "This chat is not available");
    throw new AppError(
      "NOT_FOUND",
      bot
        ? `Chatbot ${bot.id} is not published. Publish it in the Parley dashboard to show the chat.`
        : `There is no chatbot ${chatbotId.slice(0, 64)}: it was deleted, or the data-chatbot-id is wrong.`,
    );
  }

  async function visitorConversation(bot: ChatbotRow, conversationId: string, who: Visitor) {
    const [conv] = await db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.chatbotId, bot.id),
          eq(conversations.channel, "widget"),
          accessibleBy(who),
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
        greetingBubble:
          bot.greetingBubble.enabled && bot.greetingBubble.text
            ? { text: bot.greetingBubble.text, delaySeconds: bot.greetingBubble.delaySeconds }
            : null,
      };
    },

    async start(chatbotId: string, who: Visitor): Promise<WidgetConversation> {
      const bot = await publishedBot(chatbotId);
      const id = newId("conv");
      const at = now();
      await db.insert(conversations).values({
        id,
        chatbotId: bot.id,
        ownerId: bot.ownerId,
        channel: "widget",
        visitorId: who.visitorId,
        customerId: who.customer?.userId ?? null,
        customerEmail: who.customer?.email ?? null,
        customerName: who.customer?.name || null,
        createdAt: at,
        lastMessageAt: at,
      });
      return { _id: id, chatbotId: bot.id, messages: [], leadCaptured: false };
    },

    async get(chatbotId: string, conversationId: string, who: Visitor): Promise<WidgetConversation> {
      const bot = await publishedBot(chatbotId);
      await visitorConversation(bot, conversationId, who);
      return transcript(conversationId, bot.id);
    },

    /**
     * Checks everything before the stream opens (so failures are plain JSON errors), stores the
     * visitor's message, and returns a function that streams and stores the reply.
     */
    async prepareMessage(chatbotId: string, conversationId: string, who: Visitor, content: string) {
      const bot = await publishedBot(chatbotId);
      await visitorConversation(bot, conversationId, who);
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
      // A retry after a failed answer re-sends the same question: reuse it rather than store it
      // twice. The failed answer is either missing (it failed before any text) or the partial
      // reply kept as `interrupted`, which the new answer then replaces (counted once).
      const [last, beforeLast] = await db
        .select({
          id: messages.id,
          role: messages.role,
          content: messages.content,
          interrupted: messages.interrupted,
        })
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(2);
      const failedAnswer = last?.role === "assistant" && last.interrupted ? last : undefined;
      const question = failedAnswer ? beforeLast : last;
      const retry = question?.role === "user" && question.content === content;
      const userMessageId = retry && question ? question.id : newId("msg");
      const replaces = retry ? failedAnswer?.id : undefined;
      // The retried question (and its failed answer) are the message itself, not history before it.
      if (retry) history.splice(replaces ? -2 : -1);
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

      /** The quota notice: an assistant message that is not usage and not an unanswered question. */
      const storeQuotaNotice = async () => {
        const id = newId("msg");
        const at = now();
        await db.insert(messages).values({
          id,
          conversationId,
          chatbotId: bot.id,
          ownerId: bot.ownerId,
          role: "assistant",
          content: UNAVAILABLE_REPLY,
          citations: [],
          answered: false,
          quotaBlocked: true,
          createdAt: at,
        });
        await db
          .update(conversations)
          .set({ lastMessageAt: at, messageCount: sql`${conversations.messageCount} + 1` })
          .where(eq(conversations.id, conversationId));
        return id;
      };

      return {
        userMessageId,
        /**
         * Streams the reply through `onDelta`, storing it as it goes (reply-draft.ts): what was
         * said is kept even if the visitor leaves, the model fails or the process dies mid-answer.
         */
        async run(signal: AbortSignal, onDelta: (text: string) => void) {
          if (!quota.allowed) {
            // The owner is past the plan's monthly messages: a polite reply, not an error page.
            onDelta(UNAVAILABLE_REPLY);
            const messageId = await storeQuotaNotice();
            return { messageId, answered: false, citations: [], engine: "builtin" as const };
          }
          const draft = createReplyDraft({
            db,
            conversationId,
            chatbotId: bot.id,
            ownerId: bot.ownerId,
            now,
            flushEveryMs: deps.replyFlushMs,
            replaces,
          });
          try {
            const reply = await chat.respond({
              bot,
              question: content,
              history,
              signal,
              onDelta: (d) => {
                onDelta(d);
                draft.append(d);
              },
            });
            const messageId = await draft.finish(reply);
            return { messageId, answered: reply.answered, citations: reply.citations, engine: reply.engine };
          } catch (err) {
            await draft.finish({ text: draft.text, answered: false, citations: [], interrupted: true });
            throw err;
          }
        },
      };
    },

    async feedback(chatbotId: string, who: Visitor, messageId: string, value: "up" | "down" | null) {
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
            accessibleBy(who),
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

    async lead(chatbotId: string, conversationId: string, who: Visitor, input: LeadInput) {
      const bot = await publishedBot(chatbotId);
      if (!bot.leadCapture) throw new AppError("FORBIDDEN", "This chat does not collect contact details");
      await visitorConversation(bot, conversationId, who);
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
