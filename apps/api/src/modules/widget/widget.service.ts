import type { BotLanguage, LeadInput, WidgetConfig, WidgetConversation } from "@parley/contracts";
import { HANDOFF_WAIT_SECONDS, withinOfficeHours } from "@parley/contracts";
import type { Database } from "@parley/db";
import { eq } from "drizzle-orm";
import { type ChatbotRow, chatbots, type PlanRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { HotCache } from "../../lib/hot-cache";
import { newId } from "../../lib/ids";
import { textsFor, widgetLanguage } from "../chatbots/bot-languages";
import { type ConversationRow, type ConversationsRepo, toMessage } from "../conversations/conversations.repo";
import type { LiveService } from "../conversations/live.service";
import type { LiveHub } from "../conversations/live-hub";
import type { TurnService } from "../conversations/turn.service";
import { accessOf, type Visitor } from "./widget-visitor";

export interface WidgetDeps {
  db: Database;
  conversations: ConversationsRepo;
  /** The conversation's turn (who answers, quota, the answer, storing it), shared by every channel. */
  turn: TurnService;
  /** The plan that applies to the owner now (cached: read on every message). */
  plan: (workspaceId: string) => Promise<PlanRow>;
  /** Bots by id, short-lived; dropped when a bot changes (see app.ts). */
  bots: HotCache<ChatbotRow | null>;
  now: () => Date;
  /** Live chat: hand-offs to a person, messages while the team holds a conversation. */
  live: LiveService;
  /** Live chat: tells the team's open inboxes that a conversation changed. */
  hub: LiveHub;
}

type ConversationRowLike = Pick<ConversationRow, "id" | "status" | "assigneeName" | "eventSeq">;

export function createWidgetService(deps: WidgetDeps) {
  const { db, conversations: repo, now } = deps;

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
    if (!explain) throw AppError.of("NOT_FOUND", "widget.chatNotAvailable");
    throw new AppError(
      "NOT_FOUND",
      bot
        ? `Chatbot ${bot.id} is not published. Publish it in the Parley dashboard to show the chat.`
        : `There is no chatbot ${chatbotId.slice(0, 64)}: it was deleted, or the data-chatbot-id is wrong.`,
    );
  }

  /** A widget conversation of this bot that this visitor (or verified customer) may continue. */
  const visitorScope = (bot: ChatbotRow, who: Visitor) => accessOf(bot.id, who);

  async function visitorConversation(bot: ChatbotRow, conversationId: string, who: Visitor) {
    const conv = await repo.find(conversationId, visitorScope(bot, who));
    // Another visitor's conversation is indistinguishable from a missing one.
    if (!conv) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
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
        showBranding: (await deps.plan(bot.workspaceId)).tier === 0,
        greetingBubble:
          bot.greetingBubble.enabled && texts.greetingBubbleText
            ? { text: texts.greetingBubbleText, delaySeconds: bot.greetingBubble.delaySeconds }
            : null,
        // Office hours against the server's clock (the response is cached for 30 s: good enough).
        handoff: {
          enabled: bot.handoff.enabled,
          withinHours: bot.handoff.enabled && withinOfficeHours(bot.handoff.officeHours, now()),
          waitSeconds: bot.handoff.waitSeconds ?? HANDOFF_WAIT_SECONDS,
        },
      };
    },

    async start(chatbotId: string, who: Visitor): Promise<WidgetConversation> {
      const bot = await publishedBot(chatbotId);
      const id = await deps.turn.start(bot, {
        channel: "widget",
        visitorId: who.visitorId,
        customerId: who.customer?.userId ?? null,
        customerEmail: who.customer?.email ?? null,
        customerName: who.customer?.name || null,
      });
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
      return { id: conv.id, workspaceId: conv.workspaceId, eventSeq: conv.eventSeq, status: conv.status };
    },

    /**
     * Checks everything before the stream opens (so failures are plain JSON errors), stores the
     * visitor's message, and returns a function that streams and stores the reply (the
     * conversation's turn: conversations/turn.service.ts).
     */
    async prepareMessage(
      chatbotId: string,
      conversationId: string,
      who: Visitor,
      content: string,
      /** The language the widget speaks to this visitor. */
      language?: BotLanguage,
    ) {
      const bot = await publishedBot(chatbotId);
      return deps.turn.prepare({
        bot,
        conversationId,
        access: visitorScope(bot, who),
        content,
        language: widgetLanguage(bot, language),
      });
    },

    async feedback(chatbotId: string, who: Visitor, messageId: string, value: "up" | "down" | null) {
      const bot = await publishedBot(chatbotId);
      const row = await repo.findAssistantMessage(messageId, bot.id, accessOf(bot.id, who));
      if (!row) throw AppError.of("NOT_FOUND", "inbox.messageNotFound");
      await repo.setFeedback(messageId, value);
    },

    async lead(chatbotId: string, conversationId: string, who: Visitor, input: LeadInput) {
      const bot = await publishedBot(chatbotId);
      if (!bot.leadCapture) throw AppError.of("FORBIDDEN", "widget.chatDoesNotCollectContact");
      await visitorConversation(bot, conversationId, who);
      await repo.addLead({
        id: newId("lead"),
        chatbotId: bot.id,
        workspaceId: bot.workspaceId,
        conversationId,
        email: input.email.toLowerCase(),
        name: input.name || null,
        createdAt: now(),
      });
      deps.hub.activity(bot.workspaceId, bot.id, conversationId, "lead");
      return { saved: true };
    },
  };
}
export type WidgetService = ReturnType<typeof createWidgetService>;
