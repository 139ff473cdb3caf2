import type {
  BotLanguage,
  HandoffResult,
  LeadInput,
  StreamDone,
  WidgetConfig,
  WidgetConversation,
} from "@parley/contracts";
import { asksForPerson, WIDGET_LIMITS, withinOfficeHours } from "@parley/contracts";
import type { Database } from "@parley/db";
import { eq } from "drizzle-orm";
import { type ChatbotRow, chatbots, type PlanRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { HotCache } from "../../lib/hot-cache";
import { newId } from "../../lib/ids";
import type { ChatService } from "../chat/chat.service";
import { textsFor, widgetLanguage } from "../chatbots/bot-languages";
import { type ConversationRow, type ConversationsRepo, toMessage } from "../conversations/conversations.repo";
import type { LiveService } from "../conversations/live.service";
import type { LiveHub } from "../conversations/live-hub";
import { monthOf, type UsageRepo } from "../entitlements/usage.repo";
import { createReplyDraft } from "./reply-draft";
import { accessOf, type Visitor } from "./widget-visitor";

export const UNAVAILABLE_REPLY =
  "Sorry, this assistant is unavailable right now. Please try again later, or contact the business directly.";
/** The same notice for a visitor the widget speaks Arabic to. */
export const UNAVAILABLE_REPLY_AR =
  "عذرًا، هذا المساعد غير متاح حاليًا. يُرجى المحاولة لاحقًا أو التواصل مع النشاط التجاري مباشرةً.";

export interface WidgetDeps {
  db: Database;
  chat: ChatService;
  conversations: ConversationsRepo;
  usage: UsageRepo;
  /** The plan that applies to the owner now (cached: read on every message). */
  plan: (ownerId: string) => Promise<PlanRow>;
  /** Bots by id, short-lived; dropped when a bot changes (see app.ts). */
  bots: HotCache<ChatbotRow | null>;
  now: () => Date;
  /** Live chat: hand-offs to a person, messages while the team holds a conversation. */
  live: LiveService;
  /** Live chat: tells the team's open inboxes that a conversation changed. */
  hub: LiveHub;
  /** How often a streaming reply's text is written (default every second). */
  replyFlushMs?: number;
}

/**
 * Newest messages read per message: enough for the history turns even when every other message
 * is a quota notice (those are not history), plus the last question and its failed answer.
 */
const RECENT = WIDGET_LIMITS.historyTurns * 2 + 2;

type ConversationRowLike = Pick<ConversationRow, "id" | "status" | "assigneeName" | "eventSeq">;

export function createWidgetService(deps: WidgetDeps) {
  const { db, chat, conversations: repo, usage, now } = deps;

  /**
   * The bot, if visitors may chat with it. With `explain`, the error says why not (for the site
   * owner's console: the loader prints it); otherwise unknown and unpublished bots look the same.
   */
  async function publishedBot(chatbotId: string, explain = false): Promise<ChatbotRow> {
    const bot = await deps.bots.get(chatbotId, async () => {
      const [row] = await db.select().from(chatbots).where(eq(chatbots.id, chatbotId));
      return row ?? null;
    });
    if (bot?.published) return bot;
    if (!explain) throw new AppError("NOT_FOUND", "This chat is not available");
    throw new AppError(
      "NOT_FOUND",
      bot
        ? `Chatbot ${bot.id} is not published. Publish it in the Parley dashboard to show the chat.`
        : `There is no chatbot ${chatbotId.slice(0, 64)}: it was deleted, or the data-chatbot-id is wrong.`,
    );
  }

  /**
   * The bot a conversation is with: published for visitors; any state for the public API
   * (`draft`: its caller checked the bot is the key's workspace's, like the Playground).
   */
  async function botFor(chatbotId: string, opts?: { draft?: boolean }): Promise<ChatbotRow> {
    if (!opts?.draft) return publishedBot(chatbotId);
    const bot = await deps.bots.get(chatbotId, async () => {
      const [row] = await db.select().from(chatbots).where(eq(chatbots.id, chatbotId));
      return row ?? null;
    });
    if (!bot) throw new AppError("NOT_FOUND", "Chatbot not found");
    return bot;
  }

  /** A widget conversation of this bot that this visitor (or verified customer) may continue. */
  const visitorScope = (bot: ChatbotRow, who: Visitor) => accessOf(bot.id, who);

  async function visitorConversation(bot: ChatbotRow, conversationId: string, who: Visitor) {
    const conv = await repo.find(conversationId, visitorScope(bot, who));
    // Another visitor's conversation is indistinguishable from a missing one.
    if (!conv) throw new AppError("NOT_FOUND", "Conversation not found");
    return conv;
  }

  async function transcript(conv: ConversationRowLike, chatbotId: string): Promise<WidgetConversation> {
    const t = await repo.transcript(conv.id);
    return {
      _id: conv.id,
      chatbotId,
      messages: t.messages.map(toMessage),
      leadCaptured: t.leadCaptured,
      status: conv.status,
      agent: conv.status === "claimed" && conv.assigneeName ? { name: conv.assigneeName } : null,
      lastEventId: conv.eventSeq,
    };
  }

  return {
    publishedBot,
    /** The chat page's settings, its texts in `wanted` when the bot speaks it (else its default). */
    async config(chatbotId: string, wanted?: BotLanguage): Promise<WidgetConfig> {
      const bot = await publishedBot(chatbotId);
      const language = widgetLanguage(bot, wanted);
      const texts = textsFor(bot, language);
      return {
        _id: bot.id,
        name: bot.name,
        language,
        greeting: texts.greeting,
        suggestedQuestions: texts.suggestedQuestions,
        theme: { ...bot.theme, launcherText: texts.launcherText },
        leadCapture: bot.leadCapture,
        showBranding: (await deps.plan(bot.ownerId)).tier === 0,
        greetingBubble:
          bot.greetingBubble.enabled && texts.greetingBubbleText
            ? { text: texts.greetingBubbleText, delaySeconds: bot.greetingBubble.delaySeconds }
            : null,
        // Office hours against the server's clock (the response is cached for 30 s: good enough).
        handoff: {
          enabled: bot.handoff.enabled,
          withinHours: bot.handoff.enabled && withinOfficeHours(bot.handoff.officeHours, now()),
        },
      };
    },

    async start(chatbotId: string, who: Visitor, opts?: { draft?: boolean }): Promise<WidgetConversation> {
      const bot = await botFor(chatbotId, opts);
      const id = newId("conv");
      const at = now();
      await repo.create({
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
      deps.hub.activity(bot.ownerId, bot.id, id, "created");
      return {
        _id: id,
        chatbotId: bot.id,
        messages: [],
        leadCaptured: false,
        status: "bot",
        agent: null,
        lastEventId: 0,
      };
    },

    async get(chatbotId: string, conversationId: string, who: Visitor): Promise<WidgetConversation> {
      const bot = await publishedBot(chatbotId);
      const conv = await visitorConversation(bot, conversationId, who);
      return transcript(conv, bot.id);
    },

    /** The visitor asks for a person (live chat). */
    async handoff(chatbotId: string, conversationId: string, who: Visitor, wanted?: BotLanguage) {
      const bot = await publishedBot(chatbotId);
      return deps.live.handoff(bot, conversationId, visitorScope(bot, who), widgetLanguage(bot, wanted));
    },

    /** The visitor's conversation, for its event stream: its owner and last event number. */
    async liveState(chatbotId: string, conversationId: string, who: Visitor) {
      const bot = await publishedBot(chatbotId);
      const conv = await visitorConversation(bot, conversationId, who);
      return { id: conv.id, ownerId: conv.ownerId, eventSeq: conv.eventSeq };
    },

    /**
     * Checks everything before the stream opens (so failures are plain JSON errors), stores the
     * visitor's message, and returns a function that streams and stores the reply.
     */
    async prepareMessage(
      chatbotId: string,
      conversationId: string,
      who: Visitor,
      content: string,
      /** The language the widget speaks to this visitor. */
      language?: BotLanguage,
      opts?: { draft?: boolean },
    ) {
      const bot = await botFor(chatbotId, opts);
      const unavailable = widgetLanguage(bot, language) === "ar" ? UNAVAILABLE_REPLY_AR : UNAVAILABLE_REPLY;
      // The conversation (visitor's own) and its newest messages in one query; its message count
      // is kept on the row, so no count(*).
      const found = await repo.withRecentMessages(conversationId, visitorScope(bot, who), RECENT);
      if (!found) throw new AppError("NOT_FOUND", "Conversation not found");
      if (found.conversation.messageCount >= WIDGET_LIMITS.maxMessagesPerConversation) {
        throw new AppError(
          "CONFLICT",
          "This conversation has reached its length limit. Please start a new conversation.",
        );
      }
      const scope = visitorScope(bot, who);
      const status = found.conversation.status;
      /** A reply that is not the bot's: the team holds the conversation, or it was just asked for. */
      const notTheBot = (userMessageId: string, handoff?: HandoffResult) => ({
        userMessageId,
        async run(
          _signal: AbortSignal,
          _onDelta: (text: string) => void,
        ): Promise<
          StreamDone & {
            held?: boolean;
            offerHandoff?: boolean;
            handoff?: HandoffResult;
            quotaBlocked?: boolean;
          }
        > {
          return {
            messageId: handoff?.reply?._id ?? null,
            answered: true,
            citations: [],
            engine: "builtin" as const,
            held: true,
            handoff,
          };
        },
      });
      if (status === "waiting" || status === "claimed") {
        // With the team: the message goes to them and the bot stays silent (unless it was just
        // handed back, then the bot answers as usual below).
        const id = newId("msg");
        if (await deps.live.visitorMessage(bot, conversationId, scope, { id, content })) return notTheBot(id);
      } else if (status === "closed") {
        await deps.live.reopen(conversationId, scope);
      }
      if (bot.handoff.enabled && asksForPerson(content)) {
        // "Can I talk to a person?": the question is kept, and handled as the button would be.
        const id = newId("msg");
        await repo.addMessage(
          {
            id,
            conversationId,
            chatbotId: bot.id,
            ownerId: bot.ownerId,
            role: "user",
            content,
            createdAt: now(),
          },
          { firstQuestion: content, touch: true },
        );
        const result = await deps.live.handoff(bot, conversationId, scope, widgetLanguage(bot, language));
        return notTheBot(id, result);
      }
      const recent = found.recent; // newest first
      // A retry after a failed answer re-sends the same question: reuse it rather than store it
      // twice. The failed answer is either missing (it failed before any text) or the partial
      // reply kept as `interrupted`, which the new answer then replaces (counted once).
      const [last, beforeLast] = recent;
      const failedAnswer = last?.role === "assistant" && last.interrupted ? last : undefined;
      const question = failedAnswer ? beforeLast : last;
      const retry = question?.role === "user" && question.content === content;
      const userMessageId = retry && question ? question.id : newId("msg");
      const replaces = retry ? failedAnswer?.id : undefined;
      // The retried question (and its failed answer) are the message itself, not history before it.
      const history = recent
        .slice(retry ? (replaces ? 2 : 1) : 0)
        .filter((m) => !m.quotaBlocked)
        .slice(0, WIDGET_LIMITS.historyTurns)
        .reverse()
        // A team member's words are the assistant's side of the conversation for the model.
        .map((m) => ({ role: m.role === "agent" ? ("assistant" as const) : m.role, content: m.content }));
      // The monthly quota: one unit reserved atomically now (exact under concurrency), given back
      // if no answer is stored. A retry replacing a partial answer was counted when that started.
      const month = monthOf(now());
      const counted = replaces === undefined;
      const reserve = async () =>
        counted
          ? usage.reserveMessage(bot.ownerId, month, (await deps.plan(bot.ownerId)).maxMessagesPerMonth)
          : true;
      // The question is stored whether or not the quota allows an answer: both at once.
      const [reserved, stored] = await Promise.allSettled([
        reserve(),
        retry
          ? Promise.resolve()
          : repo.addMessage(
              {
                id: userMessageId,
                conversationId,
                chatbotId: bot.id,
                ownerId: bot.ownerId,
                role: "user",
                content,
                createdAt: now(),
              },
              { firstQuestion: content },
            ),
      ]);
      const allowed = reserved.status === "fulfilled" && reserved.value;
      /** Nothing was stored for this answer (it failed before any text): it is not usage. */
      const giveBack = async () => {
        if (counted && allowed) await usage.releaseMessage(bot.ownerId, month).catch(() => {});
      };
      if (stored.status === "rejected") {
        await giveBack();
        throw stored.reason;
      }
      if (reserved.status === "rejected") throw reserved.reason;

      /** The quota notice: an assistant message that is not usage and not an unanswered question. */
      const storeQuotaNotice = async () => {
        const id = newId("msg");
        await repo.addMessage(
          {
            id,
            conversationId,
            chatbotId: bot.id,
            ownerId: bot.ownerId,
            role: "assistant",
            content: unavailable,
            citations: [],
            answered: false,
            quotaBlocked: true,
            createdAt: now(),
          },
          { touch: true },
        );
        return id;
      };

      return {
        userMessageId,
        /**
         * Streams the reply through `onDelta`, storing it as it goes (reply-draft.ts): what was
         * said is kept even if the visitor leaves, the model fails or the process dies mid-answer.
         */
        async run(
          signal: AbortSignal,
          onDelta: (text: string) => void,
        ): Promise<
          StreamDone & {
            held?: boolean;
            offerHandoff?: boolean;
            handoff?: HandoffResult;
            quotaBlocked?: boolean;
          }
        > {
          if (!allowed) {
            // The owner is past the plan's monthly messages: a polite reply, not an error page.
            onDelta(unavailable);
            const messageId = await storeQuotaNotice();
            return {
              messageId,
              answered: false,
              citations: [],
              engine: "builtin" as const,
              quotaBlocked: true,
            };
          }
          const draft = createReplyDraft({
            conversations: repo,
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
              language,
              onDelta: (d) => {
                onDelta(d);
                draft.append(d);
              },
            });
            const messageId = await draft.finish(reply);
            if (messageId === null) await giveBack();
            deps.hub.activity(bot.ownerId, bot.id, conversationId, "message");
            return {
              messageId,
              answered: reply.answered,
              citations: reply.citations,
              engine: reply.engine,
              // The bot could not answer: the visitor may ask a person instead.
              ...(!reply.answered && bot.handoff.enabled ? { offerHandoff: true } : {}),
            };
          } catch (err) {
            const kept = await draft
              .finish({ text: draft.text, answered: false, citations: [], interrupted: true })
              .catch(() => draft.id);
            if (kept === null) await giveBack();
            throw err;
          }
        },
      };
    },

    async feedback(chatbotId: string, who: Visitor, messageId: string, value: "up" | "down" | null) {
      const bot = await publishedBot(chatbotId);
      const row = await repo.findAssistantMessage(messageId, bot.id, accessOf(bot.id, who));
      if (!row) throw new AppError("NOT_FOUND", "Message not found");
      await repo.setFeedback(messageId, value);
    },

    async lead(chatbotId: string, conversationId: string, who: Visitor, input: LeadInput) {
      const bot = await publishedBot(chatbotId);
      if (!bot.leadCapture) throw new AppError("FORBIDDEN", "This chat does not collect contact details");
      await visitorConversation(bot, conversationId, who);
      await repo.addLead({
        id: newId("lead"),
        chatbotId: bot.id,
        ownerId: bot.ownerId,
        conversationId,
        email: input.email.toLowerCase(),
        name: input.name || null,
        createdAt: now(),
      });
      deps.hub.activity(bot.ownerId, bot.id, conversationId, "lead");
      return { saved: true };
    },
  };
}
export type WidgetService = ReturnType<typeof createWidgetService>;
