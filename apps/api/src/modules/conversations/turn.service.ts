import type {
  BotLanguage,
  FallbackOffers,
  HandoffResult,
  MessageContentType,
  StreamDone,
} from "@parley/contracts";
import { asksForPerson, WIDGET_LIMITS, withinOfficeHours } from "@parley/contracts";
import type { ChatbotRow, PlanRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { ChatService } from "../chat/chat.service";
import { monthOf, type UsageRepo } from "../entitlements/usage.repo";
import type { ConversationAccess } from "./access";
import {
  type ConversationRow,
  type ConversationsRepo,
  deliveryFor,
  type NewMessage,
} from "./conversations.repo";
import type { LiveService } from "./live.service";
import type { LiveHub } from "./live-hub";
import { createReplyDraft } from "./reply-draft";

export const UNAVAILABLE_REPLY =
  "Sorry, this assistant is unavailable right now. Please try again later, or contact the business directly.";
/** The same notice for a customer the bot speaks Arabic to. */
export const UNAVAILABLE_REPLY_AR =
  "عذرًا، هذا المساعد غير متاح حاليًا. يُرجى المحاولة لاحقًا أو التواصل مع النشاط التجاري مباشرةً.";

/** What the bot says to a picture, a voice note or a file on a messaging channel. */
export const TEXT_ONLY_REPLY =
  "I can only read text messages for now. Please type your question, and I'll answer.";
export const TEXT_ONLY_REPLY_AR = "أستطيع قراءة الرسائل النصية فقط حاليًا. يُرجى كتابة سؤالك وسأجيبك.";

export interface TurnDeps {
  chat: Pick<ChatService, "respond">;
  conversations: ConversationsRepo;
  usage: UsageRepo;
  /** The plan that applies to the owner now (cached: read on every message). */
  plan: (workspaceId: string) => Promise<PlanRow>;
  /** Whether platform staff suspended the whole workspace (cached: read on every message). */
  workspaceSuspended?: (workspaceId: string) => Promise<boolean>;
  live: LiveService;
  hub: LiveHub;
  now: () => Date;
  /** How often a streaming reply's text is written (default every second). */
  replyFlushMs?: number;
}

/** A customer's message that came in on a messaging channel (WhatsApp). */
export interface InboundMessage {
  /** Our id for it, derived from the provider's: a second delivery of it is the same row. */
  id: string;
  /** The provider's id (`wamid…`). */
  externalId: string;
  contentType: MessageContentType;
  /** When the customer sent it (the provider's time). */
  at: Date;
  /** Our id of the message the customer quoted, when they replied to one. */
  replyToId: string | null;
  /** The customer's name on the channel, and the language their words are in. */
  contactName: string | null;
  /** The customer tapped "Talk to a person". */
  asksForPerson?: boolean;
}

/** Where a new conversation happens, and who the customer is there. */
export type ConversationStart =
  | {
      channel: "widget";
      visitorId: string;
      customerId: string | null;
      customerEmail: string | null;
      customerName: string | null;
    }
  | { channel: "api" }
  | {
      channel: "whatsapp";
      channelId: string;
      contactId: string;
      contactName: string | null;
      language: BotLanguage | null;
    };

export interface TurnRequest {
  bot: ChatbotRow;
  conversationId: string;
  /** Who is writing: the rule the conversation is found by (and the customer's own scope). */
  access: ConversationAccess;
  content: string;
  /** The language the bot speaks to the customer (the widget's; a channel's detected one). */
  language: BotLanguage;
  /** A message from a messaging channel (stored once; answered once). */
  inbound?: InboundMessage;
}

export type TurnOutcome = StreamDone & {
  /** The team holds the conversation, or it was just handed to them: the bot did not answer. */
  held?: boolean;
  /** The bot could not answer: the customer may ask a person instead. */
  offerHandoff?: boolean;
  handoff?: HandoffResult;
  /** The owner is past the plan's monthly messages: the polite notice was given. */
  quotaBlocked?: boolean;
  /** A channel's message that was already handled (a second delivery, a retried job). */
  duplicate?: boolean;
};

export interface PreparedTurn {
  userMessageId: string;
  /** Answers (streaming through `onDelta` where the channel streams) and stores the reply. */
  run(signal: AbortSignal, onDelta: (text: string) => void): Promise<TurnOutcome>;
}

/**
 * Newest messages read per message: enough for the history turns even when every other message
 * is a quota notice (those are not history), plus the last question and its failed answer.
 */
const RECENT = WIDGET_LIMITS.historyTurns * 2 + 2;

/**
 * What an answer the bot could not give may invite a public API caller to: nothing. The widget's
 * e-mail form and "Talk to a person" button are not there (the caller is a program), so its
 * fallback reply is the default that only asks to rephrase (or the owner's own words), and no
 * handover is offered with it; the API marks such an answer `fallback` instead.
 */
const API_OFFERS: FallbackOffers = { leadCapture: false, liveChat: false };

const held = (messageId: string | null, handoff?: HandoffResult): TurnOutcome => ({
  messageId,
  answered: true,
  citations: [],
  engine: "builtin",
  held: true,
  handoff,
});

/**
 * One turn of a conversation, whatever the channel (issue #31): who answers (the bot, or the team
 * holding the conversation), words that ask for a person, the plan's monthly quota (reserved
 * before answering, given back when nothing was stored), the answer and storing it. The widget,
 * the public API and WhatsApp all call this; each channel only says who is writing and how the
 * reply leaves (the widget and the API stream it; a messaging channel sends it once whole, queued
 * in the transaction that stores it).
 */
export function createTurnService(deps: TurnDeps) {
  const { chat, conversations: repo, usage, now } = deps;
  /**
   * Whether a person can be offered under an answer the bot could not give: live chat on, and
   * someone in now (outside office hours the offer would promise what nobody can keep); never to a
   * public API caller (API_OFFERS).
   */
  const personNow = (bot: ChatbotRow, access: ConversationAccess) =>
    !("api" in access) && bot.handoff.enabled && withinOfficeHours(bot.handoff.officeHours, now());

  return {
    /**
     * Starts a conversation of the bot on a channel: the widget's (a visitor, maybe a verified
     * customer), the public API's (the workspace's own), or a messaging channel's (a contact).
     * Conversations started at the same moment share one statement. Resolves with its id.
     */
    async start(bot: ChatbotRow, on: ConversationStart): Promise<string> {
      const id = newId("conv");
      const at = now();
      await repo.create({
        id,
        chatbotId: bot.id,
        workspaceId: bot.workspaceId,
        ...on,
        createdAt: at,
        lastMessageAt: at,
      });
      deps.hub.activity(bot.workspaceId, bot.id, id, "created");
      return id;
    },

    /**
     * The conversation a messaging channel's contact writes in: their newest one (with room for
     * more), else a new one. Resolves with its id and the language it is held in (null: not
     * known yet).
     */
    async contactConversation(
      bot: ChatbotRow,
      contact: Extract<ConversationStart, { channel: "whatsapp" }>,
    ): Promise<{ id: string; language: ConversationRow["language"] }> {
      const at = now();
      const { id, created, language } = await repo.contactConversation({
        id: newId("conv"),
        chatbotId: bot.id,
        workspaceId: bot.workspaceId,
        ...contact,
        createdAt: at,
        lastMessageAt: at,
      });
      if (created) deps.hub.activity(bot.workspaceId, bot.id, id, "created");
      return { id, language };
    },

    /**
     * Checks everything before an answer starts (so failures are plain errors, not a broken
     * stream), stores the customer's message, and returns a function that answers and stores the
     * reply.
     */
    async prepare(req: TurnRequest): Promise<PreparedTurn> {
      const { bot, conversationId, access, content, language, inbound } = req;
      const unavailable = language === "ar" ? UNAVAILABLE_REPLY_AR : UNAVAILABLE_REPLY;
      /** What the fallback reply may invite to: the bot's offers, or none through the API. */
      const offers = "api" in access ? API_OFFERS : undefined;
      // The conversation (the writer's own) and its newest messages in one query; its message
      // count is kept on the row, so no count(*).
      const found = await repo.withRecentMessages(conversationId, access, RECENT);
      if (!found) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      const conversation = found.conversation;
      if (conversation.messageCount >= WIDGET_LIMITS.maxMessagesPerConversation && !inbound) {
        throw AppError.of("CONFLICT", "widget.conversationHasReachedItsLength");
      }
      /** An outgoing message of this conversation: queued for sending on a messaging channel. */
      const delivery = deliveryFor(conversation);
      const status = conversation.status;
      const userMessage = (id: string): NewMessage => ({
        id,
        conversationId,
        chatbotId: bot.id,
        workspaceId: bot.workspaceId,
        role: "user",
        content,
        contentType: inbound?.contentType ?? "text",
        externalId: inbound?.externalId ?? null,
        replyToId: inbound?.replyToId ?? null,
        // Received now: the conversation reads in the order messages came in (the provider's
        // time, whole seconds, only says when the customer's reply window opened).
        createdAt: now(),
      });
      const nothingToDo = (id: string): PreparedTurn => ({
        userMessageId: id,
        run: async () => ({ ...held(null), held: false, answered: false, duplicate: true }),
      });
      const notTheBot = (id: string, handoff?: HandoffResult): PreparedTurn => ({
        userMessageId: id,
        run: async () => held(handoff?.reply?._id ?? null, handoff),
      });

      if (status === "waiting" || status === "claimed") {
        // With the team: the message goes to them and the bot stays silent (unless it was just
        // handed back, then the bot answers as usual below).
        const id = inbound?.id ?? newId("msg");
        const passed = await deps.live
          .visitorMessage(bot, conversationId, access, userMessage(id))
          .catch((err: unknown) => {
            // A channel's message delivered a second time: already with the team.
            if (inbound && isDuplicate(err)) return "duplicate" as const;
            throw err;
          });
        if (passed === "duplicate") return nothingToDo(id);
        if (passed) return notTheBot(id);
      } else if (status === "closed") {
        await deps.live.reopen(conversationId, access);
      }

      const recent = found.recent; // newest first
      /** Switched off by platform staff: every question gets the neutral notice, nothing else runs. */
      const suspended =
        bot.suspendedAt != null || ((await deps.workspaceSuspended?.(bot.workspaceId)) ?? false);
      const wantsPerson =
        !suspended && bot.handoff.enabled && (inbound?.asksForPerson || asksForPerson(content));
      let userMessageId: string;
      /** An interrupted reply a retry replaces (the widget re-sending the same question). */
      let replaces: string | undefined;
      let history = recent;
      /** Stores the question beside the quota reservation (both at once), when not stored yet. */
      let storeQuestion: (() => Promise<void>) | undefined;
      if (inbound) {
        userMessageId = inbound.id;
        const stored = await repo.addInbound(userMessage(inbound.id), {
          name: inbound.contactName,
          language,
          sentAt: inbound.at,
        });
        if (!stored) {
          // Seen before. Answer it only if nothing came after it (the earlier attempt stopped
          // before its reply was stored); otherwise it was handled.
          if (recent[0]?.id !== inbound.id) return nothingToDo(inbound.id);
          history = recent.slice(1);
        }
      } else if (wantsPerson) {
        userMessageId = newId("msg");
        await repo.addMessage(userMessage(userMessageId), { firstQuestion: content, touch: true });
      } else {
        // A retry after a failed answer re-sends the same question: reuse it rather than store it
        // twice. The failed answer is either missing (it failed before any text) or the partial
        // reply kept as `interrupted`, which the new answer then replaces (counted once).
        const [last, beforeLast] = recent;
        const failedAnswer = last?.role === "assistant" && last.interrupted ? last : undefined;
        const question = failedAnswer ? beforeLast : last;
        const retry = question?.role === "user" && question.content === content;
        const id = retry && question ? question.id : newId("msg");
        userMessageId = id;
        replaces = retry ? failedAnswer?.id : undefined;
        // The retried question (and its failed answer) are the message itself, not history.
        history = retry ? recent.slice(replaces ? 2 : 1) : recent;
        if (!retry) storeQuestion = () => repo.addMessage(userMessage(id), { firstQuestion: content });
      }

      if (wantsPerson) {
        // "Can I talk to a person?": the question is kept, and handled as the button would be.
        const result = await deps.live.handoff(bot, conversationId, access, language);
        // A messaging channel's customer is reachable by their number: it becomes the lead.
        if ("contact" in access && !conversation.hasLead)
          await repo.addLead({
            id: newId("lead"),
            chatbotId: bot.id,
            workspaceId: bot.workspaceId,
            conversationId,
            email: null,
            phone: access.contact.contactId,
            name: inbound?.contactName ?? null,
            createdAt: now(),
          });
        return notTheBot(userMessageId, result);
      }

      /** A reply stored whole (a messaging channel, or a notice): queued for sending with it. */
      const storeWhole = async (
        message: Pick<NewMessage, "content" | "answered" | "quotaBlocked"> & {
          citations?: NewMessage["citations"];
        },
        opts: { unanswered?: boolean } = {},
      ) => {
        const id = newId("msg");
        const stored = await repo.addReply(
          {
            id,
            conversationId,
            chatbotId: bot.id,
            workspaceId: bot.workspaceId,
            role: "assistant",
            citations: [],
            ...message,
            replyToId: inbound ? userMessageId : null,
            delivery,
            createdAt: now(),
          },
          { touch: true, unanswered: opts.unanswered },
        );
        return stored ? id : null;
      };

      if (inbound && inbound.contentType !== "text") {
        // A picture, a voice note, a file: recorded, and answered politely that the bot reads
        // text (not an answer, not usage).
        return {
          userMessageId,
          run: async () => {
            const messageId = await storeWhole({
              content: language === "ar" ? TEXT_ONLY_REPLY_AR : TEXT_ONLY_REPLY,
              answered: null,
            });
            return { messageId, answered: false, citations: [], engine: "builtin", duplicate: !messageId };
          },
        };
      }

      const turns = history
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
        suspended
          ? false
          : counted
            ? usage.reserveMessage(
                bot.workspaceId,
                month,
                (await deps.plan(bot.workspaceId)).maxMessagesPerMonth,
              )
            : true;
      // The question is stored whether or not the quota allows an answer: both at once.
      const [reserved, stored] = await Promise.allSettled([reserve(), storeQuestion?.()]);
      const allowed = reserved.status === "fulfilled" && reserved.value;
      /** Nothing was stored for this answer (it failed before any text): it is not usage. */
      const giveBack = async () => {
        if (counted && allowed) await usage.releaseMessage(bot.workspaceId, month).catch(() => {});
      };
      if (stored.status === "rejected") {
        await giveBack();
        throw stored.reason;
      }
      if (reserved.status === "rejected") throw reserved.reason;

      return {
        userMessageId,
        async run(signal, onDelta) {
          if (!allowed) {
            // The owner is past the plan's monthly messages (or the bot is suspended): a polite
            // reply, not an error page, and no model is asked.
            onDelta(unavailable);
            const quotaBlocked = !suspended;
            const messageId = await storeWhole({ content: unavailable, answered: false, quotaBlocked });
            return { messageId, answered: false, citations: [], engine: "builtin", quotaBlocked };
          }
          const ask = (onAnswerDelta: (delta: string) => void) =>
            chat.respond({
              bot,
              question: content,
              history: turns,
              signal,
              language,
              offers,
              onDelta: onAnswerDelta,
            });
          if (delivery) {
            // A messaging channel: the whole reply, stored once and queued for sending with it.
            try {
              const reply = await ask(() => {});
              const messageId = await storeWhole(
                { content: reply.text, answered: reply.answered, citations: reply.citations },
                { unanswered: !reply.answered },
              );
              // Not stored: another attempt answered this question first.
              if (messageId === null) await giveBack();
              else deps.hub.activity(bot.workspaceId, bot.id, conversationId, "message");
              return {
                messageId,
                answered: reply.answered,
                citations: reply.citations,
                engine: reply.engine,
                duplicate: messageId === null,
                ...(!reply.answered && personNow(bot, access) ? { offerHandoff: true } : {}),
              };
            } catch (err) {
              await giveBack();
              throw err;
            }
          }
          // The widget and the API: streamed, and stored as it streams (reply-draft.ts), so what
          // was said is kept even if the customer leaves, the model fails or the process dies.
          const draft = createReplyDraft({
            conversations: repo,
            conversationId,
            chatbotId: bot.id,
            workspaceId: bot.workspaceId,
            now,
            flushEveryMs: deps.replyFlushMs,
            replaces,
          });
          try {
            const reply = await ask((d) => {
              onDelta(d);
              draft.append(d);
            });
            const messageId = await draft.finish(reply);
            if (messageId === null) await giveBack();
            deps.hub.activity(bot.workspaceId, bot.id, conversationId, "message");
            return {
              messageId,
              answered: reply.answered,
              citations: reply.citations,
              engine: reply.engine,
              ...(!reply.answered && personNow(bot, access) ? { offerHandoff: true } : {}),
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
  };
}
export type TurnService = ReturnType<typeof createTurnService>;

/** A unique-key violation: the row was stored before (Postgres and PGlite say 23505). */
function isDuplicate(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } } | undefined)?.code;
  const causeCode = (err as { cause?: { code?: string } } | undefined)?.cause?.code;
  return code === "23505" || causeCode === "23505";
}
