import {
  type BotLanguage,
  type ConversationStatus,
  HANDOFF_WAIT_SECONDS,
  type HandoffResult,
  type LiveEvent,
  type LiveMessage,
  type LiveStatus,
  WHATSAPP_WINDOW_MS,
  withinOfficeHours,
} from "@parley/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { ChatbotRow, SentTemplate } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { textsFor } from "../chatbots/bot-languages";
import type { ConversationAccess } from "./access";
import { type ConversationRow, deliveryFor, type NewMessage } from "./conversations.repo";
import type { LiveRepo } from "./live.repo";
import type { LiveHub } from "./live-hub";

/** A member acting in the inbox: their id and the name visitors see. */
export interface Member {
  userId: string;
  name: string;
}

export interface LiveDeps {
  repo: LiveRepo;
  hub: LiveHub;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, "error">;
  /** E-mails the workspace's agents (notifications module); failures are logged, never thrown. */
  onHandoffRequested?: (input: {
    workspaceId: string;
    conversationId: string;
    chatbotName: string;
    /** Who asked: a verified customer's name or e-mail, a WhatsApp customer's name or number. */
    visitorLabel: string | null;
    preview: string | null;
    at: Date;
  }) => Promise<void> | void;
  /**
   * A conversation on a messaging channel began waiting for a person (within office hours): the
   * channels module schedules the customer's "everyone is busy" notice for when the bot's wait
   * runs out. Failures are logged, never thrown.
   */
  onWaiting?: (input: {
    workspaceId: string;
    conversationId: string;
    channel: ConversationRow["channel"];
    waitingSince: Date;
    waitSeconds: number;
    language: BotLanguage;
  }) => Promise<void> | void;
}

export const toLiveMessage = (m: NewMessage): LiveMessage => ({
  _id: m.id,
  role: m.role,
  content: m.content,
  citations: [],
  answered: m.answered ?? null,
  feedback: null,
  author:
    m.role === "agent" ? ({ id: m.authorId ?? "", name: m.authorName ?? "" } as LiveMessage["author"]) : null,
  contentType: m.contentType ?? "text",
  delivery: m.delivery ? { status: m.delivery, error: null, at: null } : null,
  createdAt: m.createdAt.toISOString(),
});

export const toLiveStatus = (row: ConversationRow): LiveStatus => ({
  conversationId: row.id,
  status: row.status,
  assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? "" } : null,
  waitingSince: row.waitingSince?.toISOString() ?? null,
});

const statusEvent = (row: ConversationRow, patch: Partial<ConversationRow>): LiveEvent => ({
  type: "status",
  ...toLiveStatus({ ...row, ...patch }),
});

const CLOSED = "This conversation is closed. It reopens when the visitor writes again.";
const takenBy = (name: string | null) =>
  `${name?.trim() || "Another member"} is already handling this conversation.`;
const handledBy = (name: string | null) =>
  `${name?.trim() || "Another member"} is handling this conversation. Only they, an owner or an admin can hand it back or close it.`;

/**
 * Who may hand back or close: the member handling it, or an owner or admin (who the web app asks
 * first, naming the handler). Another agent's panel would otherwise flip under their hands.
 */
export interface Actor extends Member {
  canOverride: boolean;
}
const mayEnd = (row: ConversationRow, actor: Actor) =>
  row.status !== "claimed" || row.assigneeId === actor.userId || actor.canOverride;

/**
 * Live chat: the conversation's state machine (see conversationStatusSchema in @parley/contracts).
 * Every change goes through `repo.transition` (row locked, events numbered in commit order) and is
 * published after the commit, so a stream that misses the publish still finds it in the database.
 */
export function createLiveService(deps: LiveDeps) {
  const { repo, hub, now } = deps;

  /** Only customers' conversations can reach a person (the Playground is the owner's own test). */
  const teamChannel = (row: ConversationRow) => {
    if (row.channel === "playground")
      throw AppError.of("CONFLICT", "channels.onlyCustomersConversationsCanBe");
  };

  /**
   * WhatsApp allows free-form messages for 24 hours after the customer's last one; past that only
   * a template may be sent (Meta would refuse the message later, error 131047).
   */
  const windowOpen = (row: ConversationRow, at: Date) =>
    row.channel !== "whatsapp" ||
    (row.lastInboundAt !== null && at.getTime() - row.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS);

  async function publish<T>(out: { events: { id: number }[] } & T) {
    await hub.publish(out.events as Parameters<LiveHub["publish"]>[0]);
    return out;
  }

  const teamScope = (workspaceId: string): ConversationAccess => ({ team: { workspaceId } });

  return {
    /**
     * The visitor asks for a person. Within office hours the conversation waits for the team and
     * the bot says so; outside them the bot says when, and offers the contact form. Already with
     * the team: nothing changes.
     */
    async handoff(
      bot: ChatbotRow,
      conversationId: string,
      customerScope: ConversationAccess,
      language: BotLanguage,
    ): Promise<HandoffResult> {
      if (!bot.handoff.enabled) throw AppError.of("FORBIDDEN", "liveChat.chatDoesNotOfferPerson");
      const at = now();
      const within = withinOfficeHours(bot.handoff.officeHours, at);
      const texts = textsFor(bot, language);
      const out = await repo.transition<HandoffResult>(conversationId, customerScope, (row) => {
        teamChannel(row);
        if (row.status === "waiting" || row.status === "claimed")
          return {
            result: { status: row.status, withinHours: true, reply: null, offerLead: false },
          };
        const reply: NewMessage = {
          id: newId("msg"),
          conversationId,
          chatbotId: bot.id,
          workspaceId: bot.workspaceId,
          role: "assistant",
          content: within ? texts.handoffReply : texts.offHoursReply,
          answered: true,
          delivery: deliveryFor(row),
          createdAt: at,
        };
        const replyInfo = { _id: reply.id, content: reply.content, createdAt: at.toISOString() };
        if (!within)
          return {
            messages: [reply],
            events: [{ type: "message", conversationId, message: toLiveMessage(reply) }],
            result: { status: row.status, withinHours: false, reply: replyInfo, offerLead: bot.leadCapture },
          };
        const patch = {
          status: "waiting" as const,
          assigneeId: null,
          assigneeName: null,
          waitingSince: at,
          firstHandoffAt: row.firstHandoffAt ?? at,
        };
        return {
          patch,
          messages: [reply],
          events: [
            { type: "message", conversationId, message: toLiveMessage(reply) },
            statusEvent(row, patch),
          ],
          result: { status: "waiting", withinHours: true, reply: replyInfo, offerLead: false },
        };
      });
      if (!out) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      await publish(out);
      // Both are one insert into the job queue, awaited (as a lead's is) so that a crash or a busy
      // machine after the answer cannot lose the team's e-mail or the customer's "busy" notice; a
      // failure is logged, never the visitor's error.
      if (out.result.status === "waiting" && out.result.reply && deps.onWaiting && out.row.waitingSince) {
        await Promise.resolve(
          deps.onWaiting({
            workspaceId: bot.workspaceId,
            conversationId,
            channel: out.row.channel,
            waitingSince: out.row.waitingSince,
            waitSeconds: bot.handoff.waitSeconds ?? HANDOFF_WAIT_SECONDS,
            language,
          }),
        ).catch((err: Error) =>
          deps.log?.error({ err, conversationId }, "could not schedule the waiting customer's notice"),
        );
      }
      if (out.result.status === "waiting" && out.result.reply && deps.onHandoffRequested) {
        await Promise.resolve(
          deps.onHandoffRequested({
            workspaceId: bot.workspaceId,
            conversationId,
            chatbotName: bot.name,
            visitorLabel:
              out.row.customerName ||
              out.row.customerEmail ||
              out.row.contactName ||
              (out.row.contactId ? `+${out.row.contactId}` : null),
            preview: out.row.firstQuestion,
            at,
          }),
        ).catch((err: Error) =>
          deps.log?.error({ err, conversationId }, "could not queue the handoff request's notifications"),
        );
      }
      return out.result;
    },

    /**
     * A visitor's message while the team holds the conversation: stored and sent to the team; the
     * bot stays silent. Resolves false when the conversation is (no longer) with the team: the bot
     * answers as usual.
     */
    async visitorMessage(
      bot: ChatbotRow,
      conversationId: string,
      customerScope: ConversationAccess,
      message: Omit<NewMessage, "role" | "conversationId" | "chatbotId" | "workspaceId">,
    ): Promise<boolean> {
      const out = await repo.transition(conversationId, customerScope, (row) => {
        if (row.status !== "waiting" && row.status !== "claimed") return { result: false };
        const m: NewMessage = {
          ...message,
          conversationId,
          chatbotId: bot.id,
          workspaceId: bot.workspaceId,
          role: "user",
        };
        return {
          messages: [m],
          events: [{ type: "message", conversationId, message: toLiveMessage(m) }],
          result: true,
        };
      });
      if (!out) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      await publish(out);
      return out.result;
    },

    /**
     * Nobody took a conversation in the bot's wait: the customer is told the team will answer
     * there (sent on their channel like any reply). Only while it still waits since `waitingSince`
     * (claimed, handed back, or asked again since: nothing). True when the notice was stored.
     */
    async teamBusy(workspaceId: string, conversationId: string, waitingSince: string, content: string) {
      const at = now();
      const out = await repo.transition(conversationId, teamScope(workspaceId), (row) => {
        if (row.status !== "waiting" || row.waitingSince?.toISOString() !== waitingSince)
          return { result: false };
        const m: NewMessage = {
          id: newId("msg"),
          conversationId,
          chatbotId: row.chatbotId,
          workspaceId: row.workspaceId,
          role: "assistant",
          content,
          answered: true,
          delivery: deliveryFor(row),
          createdAt: at,
        };
        return {
          messages: [m],
          events: [{ type: "message", conversationId, message: toLiveMessage(m) }],
          result: true,
        };
      });
      if (out) await publish(out);
      return out?.result ?? false;
    },

    /** The visitor writes to a closed conversation: it is the bot's again. */
    async reopen(conversationId: string, customerScope: ConversationAccess) {
      const out = await repo.transition(conversationId, customerScope, (row) => {
        if (row.status !== "closed") return { result: row.status };
        const patch = { status: "bot" as const, assigneeId: null, assigneeName: null, waitingSince: null };
        return { patch, events: [statusEvent(row, patch)], result: "bot" as ConversationStatus };
      });
      if (out) await publish(out);
    },

    /** A member takes the conversation. Two at once: one wins, the other is told who. */
    async claim(workspaceId: string, member: Member, conversationId: string): Promise<LiveStatus> {
      const out = await repo.transition(conversationId, teamScope(workspaceId), (row) => {
        teamChannel(row);
        if (row.status === "closed") throw new AppError("CONFLICT", CLOSED);
        if (row.status === "claimed" && row.assigneeId !== member.userId)
          throw new AppError("CONFLICT", takenBy(row.assigneeName));
        if (row.status === "claimed") return { result: toLiveStatus(row) };
        const patch = { status: "claimed" as const, assigneeId: member.userId, assigneeName: member.name };
        return { patch, events: [statusEvent(row, patch)], result: toLiveStatus({ ...row, ...patch }) };
      });
      if (!out) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      await publish(out);
      return out.result;
    },

    /**
     * A member's reply. It claims a conversation nobody handles; a closed one is refused. On
     * WhatsApp, a free-form reply past the 24-hour window is refused; `template` (its text filled
     * in as `content`) is sent whatever the window, and reopens it when the customer answers.
     */
    async reply(
      workspaceId: string,
      member: Member,
      conversationId: string,
      content: string,
      template?: SentTemplate,
    ) {
      const at = now();
      const out = await repo.transition(conversationId, teamScope(workspaceId), (row) => {
        teamChannel(row);
        if (row.status === "closed") throw new AppError("CONFLICT", CLOSED);
        if (row.status === "claimed" && row.assigneeId !== member.userId)
          throw new AppError("CONFLICT", takenBy(row.assigneeName));
        if (!template && !windowOpen(row, at))
          throw AppError.of("REPLY_WINDOW_CLOSED", "channels.moreThan24HoursHave");
        const m: NewMessage = {
          id: newId("msg"),
          conversationId,
          chatbotId: row.chatbotId,
          workspaceId: row.workspaceId,
          role: "agent",
          content,
          authorId: member.userId,
          authorName: member.name,
          delivery: deliveryFor(row),
          ...(template ? { contentType: "template" as const, template } : {}),
          createdAt: at,
        };
        const events: LiveEvent[] = [];
        const patch: Partial<ConversationRow> = {};
        if (row.status !== "claimed") {
          Object.assign(patch, { status: "claimed", assigneeId: member.userId, assigneeName: member.name });
          events.push(statusEvent(row, patch));
        }
        if (!row.firstHumanReplyAt) patch.firstHumanReplyAt = at;
        events.push({ type: "message", conversationId, message: toLiveMessage(m) });
        return { patch, messages: [m], events, result: toLiveMessage(m) };
      });
      if (!out) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      await publish(out);
      return out.result;
    },

    /** Back to the bot: it answers the visitor's next message. */
    async release(workspaceId: string, actor: Actor, conversationId: string): Promise<LiveStatus> {
      const out = await repo.transition(conversationId, teamScope(workspaceId), (row) => {
        if (row.status === "closed") throw new AppError("CONFLICT", CLOSED);
        if (row.status === "bot") return { result: toLiveStatus(row) };
        if (!mayEnd(row, actor)) throw new AppError("FORBIDDEN", handledBy(row.assigneeName));
        const patch = { status: "bot" as const, assigneeId: null, assigneeName: null, waitingSince: null };
        return { patch, events: [statusEvent(row, patch)], result: toLiveStatus({ ...row, ...patch }) };
      });
      if (!out) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      await publish(out);
      return out.result;
    },

    /** Done: closed until the visitor writes again. */
    async close(workspaceId: string, actor: Actor, conversationId: string): Promise<LiveStatus> {
      const at = now();
      const out = await repo.transition(conversationId, teamScope(workspaceId), (row) => {
        if (row.status === "closed") return { result: toLiveStatus(row) };
        if (!mayEnd(row, actor)) throw new AppError("FORBIDDEN", handledBy(row.assigneeName));
        const patch = { status: "closed" as const, waitingSince: null, closedAt: at };
        return { patch, events: [statusEvent(row, patch)], result: toLiveStatus({ ...row, ...patch }) };
      });
      if (!out) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      await publish(out);
      return out.result;
    },

    /** The messaging channel a conversation of the workspace is on (its connection's id), if any. */
    async channelOf(workspaceId: string, conversationId: string) {
      const state = await repo.state(conversationId, teamScope(workspaceId));
      if (!state) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      return { channel: state.channel, channelId: state.channelId };
    },

    /** A member is typing: the visitor sees "<name> is typing". */
    async agentTyping(workspaceId: string, member: Member, conversationId: string) {
      const state = await repo.state(conversationId, teamScope(workspaceId));
      if (!state) throw AppError.of("NOT_FOUND", "inbox.conversationNotFound");
      hub.typing(state.workspaceId, conversationId, member.name, "visitor");
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
