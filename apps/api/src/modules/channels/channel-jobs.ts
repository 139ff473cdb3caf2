import { createHash } from "node:crypto";
import { WHATSAPP_WINDOW_MS, withinOfficeHours } from "@parley/contracts";
import type { SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ChannelRow, ChatbotRow } from "../../db/schema";
import type { Tx } from "../../db/tx";
import type { JobQueue } from "../../lib/job-queue";
import { questionLanguage, replyLanguage } from "../chatbots/bot-languages";
import type { ConversationsRepo } from "../conversations/conversations.repo";
import type { DeliveryService } from "../conversations/delivery.service";
import type { LiveRepo } from "../conversations/live.repo";
import type { TurnService } from "../conversations/turn.service";
import type { WorkspaceMembersClient } from "../notifications/members-client";
import { channelNeedsAttentionMail } from "../notifications/notification-mail";
import { NOTIFY_MAIL_JOB } from "../notifications/notifications.service";
import type { ChannelAdapter, ChannelMessage, DeliveryReport, OpenChannel } from "./channel-adapter";
import type { ChannelsRepo } from "./channels.repo";
import type { ChannelsService } from "./channels.service";
import { GraphError } from "./whatsapp/graph-client";

/** One customer's message to answer (queued at receipt, with the receipt of its id). */
export const CHANNEL_INBOUND_JOB = "channels.inbound";
/**
 * A delivery's reports (sent, delivered, read, failed) to apply: queued by earlier versions, which
 * applied reports through the queue; still run for those jobs (a delivery's reports are applied in
 * its webhook request now, see `receive`).
 */
export const CHANNEL_REPORTS_JOB = "channels.reports";
/** One outgoing message to send (queued in the transaction that stored it). */
export const CHANNEL_SEND_JOB = "channels.send";
/** A channel turned to `needs_attention`: its workspace's owners are e-mailed. */
export const CHANNEL_ATTENTION_JOB = "channels.needs_attention";
/** A customer waiting for a person past the bot's wait: told the team will answer there. */
export const CHANNEL_WAIT_JOB = "channels.team_busy";

/** What a WhatsApp customer reads when nobody from the team took the conversation in time. */
export const TEAM_BUSY_REPLY =
  "Everyone on our team is busy right now. They'll answer you here as soon as they can, so there's no need to write again.";
export const TEAM_BUSY_REPLY_AR =
  "جميع أعضاء فريقنا مشغولون الآن. سيجيبونك هنا في أقرب وقت، فلا حاجة إلى الكتابة من جديد.";
/** The kinds the channel workers run, side by side (see server.ts). */
export const CHANNEL_KINDS = [
  CHANNEL_INBOUND_JOB,
  CHANNEL_REPORTS_JOB,
  CHANNEL_SEND_JOB,
  CHANNEL_WAIT_JOB,
] as const;

/** A send retried this often (about four minutes of backoff) before the message is marked failed. */
const SEND_ATTEMPTS = 10;

/** A send waits for Meta's word on an earlier attempt (retried by the queue, with its backoff). */
class SendInDoubt extends Error {
  constructor(messageId: string) {
    super(`waiting for Meta's report on an earlier send of ${messageId}`);
    this.name = "SendInDoubt";
  }
}

/**
 * The conversations module's outbox hook: each outgoing channel message's send, queued in the
 * transaction that stores the message (so it is sent exactly when it is kept).
 */
export const queueChannelSends =
  (jobs: Pick<JobQueue, "enqueue">) =>
  async (tx: Tx, messageIds: string[]): Promise<void> => {
    for (const messageId of messageIds)
      await jobs.enqueue(CHANNEL_SEND_JOB, { messageId }, { tx, maxAttempts: SEND_ATTEMPTS });
  };

/**
 * The same outbox as one statement: a bot reply's send, inserted by the statement that stores the
 * reply (`when` it stored it), and handed straight to an idle channel worker of this process.
 */
export const queueChannelSendSql =
  (jobs: Pick<JobQueue, "enqueueSql">) =>
  (messageId: string, when: SQL): ReturnType<JobQueue["enqueueSql"]> =>
    jobs.enqueueSql(CHANNEL_SEND_JOB, { messageId }, { maxAttempts: SEND_ATTEMPTS, when });

/**
 * Our id of a customer's message, made from the channel's and the provider's: a second delivery
 * of it, or a retried job, finds the same row instead of storing it twice.
 */
export function inboundMessageId(channelId: string, externalId: string): string {
  const digest = createHash("sha256").update(`${channelId}\u0000${externalId}`).digest("base64url");
  return `msg_${digest.replace(/[-_]/g, "").slice(0, 24)}`;
}

type StoredChannelMessage = Omit<ChannelMessage, "at"> & { at: string };

export interface ChannelJobsDeps {
  jobs: Pick<JobQueue, "enqueue" | "enqueueSql" | "register" | "wake">;
  repo: ChannelsRepo;
  channels: ChannelsService;
  adapters: Record<ChannelRow["kind"], ChannelAdapter>;
  turn: Pick<TurnService, "prepare" | "contactConversation">;
  conversations: Pick<ConversationsRepo, "outgoing" | "byExternalId">;
  live: Pick<LiveRepo, "messageForReport">;
  /** Stores the "everyone is busy" notice while the conversation still waits (live.service). */
  teamBusy: (
    workspaceId: string,
    conversationId: string,
    waitingSince: string,
    content: string,
  ) => Promise<boolean>;
  delivery: DeliveryService;
  /** A bot by id (cached), null when it is gone. */
  bot: (id: string) => Promise<ChatbotRow | null>;
  members: Pick<WorkspaceMembersClient, "list">;
  appUrl: string;
  /**
   * How long a part whose send may have reached Meta (the process died, or the call got no
   * answer) waits for Meta's report before it is sent again (WHATSAPP_SEND_DOUBT_MS). Meta
   * reports every message it takes (`sent`, with our callback data) within seconds, and retries a
   * report our webhook missed.
   */
  sendDoubtMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The channels' side of the job queue (issue #31): a verified delivery is stored as jobs before
 * it is acknowledged (one per new message, one for its reports) and answered by them; an
 * outgoing message is a job queued in the transaction that stored it. So a crash never loses a
 * customer's message or a reply, and never doubles one: receipts are deduplicated on the
 * provider's id, a message's id is derived from it, a question takes one bot reply (a unique
 * index), and a part the provider accepted is never sent again.
 */
export function createChannelJobs(deps: ChannelJobsDeps) {
  const { jobs, repo, channels, delivery, now, log } = deps;

  /** A contact's messages are answered one after another in this process (in the order received). */
  const perContact = new Map<string, Promise<unknown>>();
  function inOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = perContact.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => {});
    perContact.set(key, tail);
    void tail.then(() => {
      if (perContact.get(key) === tail) perContact.delete(key);
    });
    return run;
  }

  jobs.register(CHANNEL_INBOUND_JOB, async (payload, ctx) => {
    const channelId = String(payload.channelId);
    const m = payload.message as StoredChannelMessage;
    const row = await repo.byId(channelId);
    // Disconnected since: the message has nowhere to go.
    if (!row) return;
    const bot = await deps.bot(row.chatbotId);
    if (!bot) return;
    await inOrder(`${channelId}:${m.contactId}`, async () => {
      const detected = questionLanguage(m.text);
      const { id: conversationId, language: held } = await deps.turn.contactConversation(bot, {
        channel: "whatsapp",
        channelId,
        contactId: m.contactId,
        contactName: m.contactName,
        language: detected && bot.languages.includes(detected) ? detected : null,
      });
      const access = { contact: { channelId, contactId: m.contactId } };
      // The language of the customer's words, else the one they wrote in before, else the bot's.
      const language = replyLanguage(bot, detected, held ?? undefined);
      let replyToId: string | null = null;
      if (m.replyToExternalId) {
        // A quote of their own message, or of one of ours (its part's id).
        const own = await deps.conversations.byExternalId(conversationId, m.replyToExternalId);
        const ours = own
          ? undefined
          : await deps.live.messageForReport(row.workspaceId, { externalId: m.replyToExternalId });
        replyToId = own?.id ?? ours?.messageId ?? null;
      }
      const prepared = await deps.turn.prepare({
        bot,
        conversationId,
        access,
        content: m.text,
        language,
        inbound: {
          id: inboundMessageId(channelId, m.externalId),
          externalId: m.externalId,
          contentType: m.contentType,
          at: new Date(m.at),
          replyToId,
          contactName: m.contactName,
          asksForPerson: m.asksForPerson,
        },
      });
      const outcome = await prepared.run(ctx.signal, () => {});
      ctx.log.debug(
        { conversationId, duplicate: outcome.duplicate, held: outcome.held },
        "channel message handled",
      );
    });
  });

  jobs.register(CHANNEL_REPORTS_JOB, async (payload) => {
    const row = await repo.byId(String(payload.channelId));
    if (!row) return;
    for (const r of payload.reports as (Omit<DeliveryReport, "at"> & { at: string })[])
      await delivery.report(row.workspaceId, r);
  });

  const fail = (messageId: string, part: number, code: number, message: string) =>
    delivery.failed(messageId, part, { code, message });

  /** Meta's refusal in words the team can act on. */
  function refusal(err: GraphError): string {
    switch (err.kind) {
      case "window_closed":
        return "Not delivered: more than 24 hours have passed since the customer's last message. Send an approved template instead.";
      case "undeliverable":
        return `The customer can't receive this message: they may have blocked the business, or this number is not on WhatsApp. Meta said: ${err.message}`;
      case "revoked":
        return `Not sent: Meta refused the number's access token, so the WhatsApp connection needs attention. Meta said: ${err.message}`;
      default:
        return `Meta refused this message: ${err.message}`;
    }
  }

  jobs.register(
    CHANNEL_SEND_JOB,
    async (payload) => {
      const messageId = String(payload.messageId);
      const at = now();
      // A message never tried that may go now has its first attempt marked by the same statement.
      const target = await deps.conversations.outgoing(messageId, {
        firstAttemptAt: at,
        windowMs: WHATSAPP_WINDOW_MS,
      });
      if (!target) return;
      const { message, conversation } = target;
      if (message.delivery !== "queued" && message.delivery !== null) {
        // Sent, delivered, read or failed: nothing left to send (a retried job, a second worker).
        const parts = message.deliveryParts ?? [];
        if (message.delivery === "failed" || (parts.length && parts.every((p) => p.externalId))) return;
      }
      const row = conversation.channelId ? await repo.byId(conversation.channelId) : undefined;
      if (!row || !conversation.contactId)
        return void (await fail(messageId, 0, 0, "Not sent: the WhatsApp number was disconnected."));
      if (row.status === "needs_attention")
        return void (await fail(
          messageId,
          0,
          0,
          "Not sent: the WhatsApp connection needs attention. An owner or admin can reconnect it in the chatbot's settings.",
        ));
      const windowOpen =
        conversation.lastInboundAt !== null &&
        at.getTime() - conversation.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
      if (message.contentType !== "template" && !windowOpen)
        return void (await fail(
          messageId,
          0,
          131047,
          "Not sent: more than 24 hours have passed since the customer's last message. Send an approved template instead.",
        ));
      // An earlier attempt may have reached Meta (its report, with our callback data, records the
      // part as sent): wait for it rather than send the customer the same words twice.
      const doubt = (message.deliveryParts ?? []).some(
        (p) =>
          !p.externalId &&
          p.status !== "failed" &&
          p.attemptAt &&
          at.getTime() - new Date(p.attemptAt).getTime() < deps.sendDoubtMs,
      );
      if (doubt) throw new SendInDoubt(messageId);
      const bot = await deps.bot(conversation.chatbotId);
      const language = conversation.language ?? bot?.defaultLanguage ?? "en";
      const open: OpenChannel = channels.open(row);
      /** The delivery as the last attempt mark left it: what the part's `sent` is checked against. */
      let current: Awaited<ReturnType<DeliveryService["partAttempt"]>>;
      /** The first part's attempt, marked as the message was read (until its send begins). */
      let firstMarked = target.firstAttempt ?? undefined;
      try {
        await deps.adapters[row.kind].send(
          open,
          conversation.contactId,
          {
            id: message.id,
            role: message.role === "agent" ? "agent" : "assistant",
            content: message.content,
            contentType: message.contentType,
            template: message.template,
            citations: message.citations,
            language,
            replyToExternalId: target.replyToExternalId,
            // An answer the bot could not give: "Talk to a person" beside it, when one can answer now.
            offerHandoff:
              message.role === "assistant" &&
              message.answered === false &&
              !message.quotaBlocked &&
              conversation.status === "bot" &&
              Boolean(bot?.handoff.enabled && withinOfficeHours(bot.handoff.officeHours, at)),
          },
          message.deliveryParts ?? [],
          async (index, externalId, total) => {
            await delivery.partSent(messageId, index, externalId, total, current);
            current = undefined;
          },
          async (index, total) => {
            if (index === 0 && firstMarked) {
              current = { delivery: message.delivery, deliveryParts: firstMarked };
              firstMarked = undefined;
              return;
            }
            firstMarked = undefined;
            current = await delivery.partAttempt(messageId, index, total, now());
          },
        );
      } catch (err) {
        // Failed before its first part was tried: the mark made as it was read goes (no doubt to wait out).
        if (firstMarked) await delivery.partAttempt(messageId, 0, 1, null);
        if (!(err instanceof GraphError)) throw err;
        // Meta answered with a refusal: it did not take the part, which may be sent again at once.
        if (!err.outcomeUnknown) await delivery.partAttempt(messageId, err.part, err.part + 1, null);
        // Meta is busy or unreachable: the queue tries again later (backoff), then gives up.
        if (err.kind === "rate_limited" || err.kind === "unavailable") throw err;
        if (err.kind === "revoked") await channels.needsAttention(row, err);
        await fail(messageId, err.part, err.code, refusal(err));
      }
    },
    {
      onGiveUp: async (payload, reason) => {
        await fail(
          String(payload.messageId),
          0,
          0,
          `Not sent: Meta kept refusing or could not be reached after several tries (${reason}).`,
        );
      },
    },
  );

  jobs.register(CHANNEL_WAIT_JOB, async (payload, ctx) => {
    const told = await deps.teamBusy(
      String(payload.workspaceId),
      String(payload.conversationId),
      String(payload.waitingSince),
      payload.language === "ar" ? TEAM_BUSY_REPLY_AR : TEAM_BUSY_REPLY,
    );
    ctx.log.info({ conversationId: payload.conversationId, told }, "waited for the team");
  });

  jobs.register(CHANNEL_ATTENTION_JOB, async (payload, ctx) => {
    const workspaceId = String(payload.workspaceId);
    const owners = (await deps.members.list(workspaceId)).filter((m) => m.role === "owner");
    for (const owner of owners) {
      const mail = channelNeedsAttentionMail(
        {
          number: String(payload.number),
          botName: String(payload.botName),
          chatbotId: String(payload.chatbotId),
          reason: String(payload.reason),
        },
        owner,
        deps.appUrl,
      );
      await jobs.enqueue(NOTIFY_MAIL_JOB, { workspaceId, userId: owner.userId, mail }, { maxAttempts: 8 });
    }
    ctx.log.info({ workspaceId, owners: owners.length }, "channel needs attention: owners e-mailed");
  });

  return {
    /**
     * A messaging channel's conversation began waiting for a person: after the bot's wait, if
     * nobody took it, the customer is told the team will answer there (the widget does this in the
     * browser; a WhatsApp customer has only the chat).
     */
    async waiting(input: {
      workspaceId: string;
      conversationId: string;
      channel: string;
      waitingSince: Date;
      waitSeconds: number;
      language: string;
    }) {
      if (input.channel !== "whatsapp") return;
      await jobs.enqueue(
        CHANNEL_WAIT_JOB,
        {
          workspaceId: input.workspaceId,
          conversationId: input.conversationId,
          waitingSince: input.waitingSince.toISOString(),
          language: input.language,
        },
        { delayMs: input.waitSeconds * 1000, maxAttempts: 5 },
      );
    },

    /** The owners hear of a channel that needs attention (e-mail, through the queue). */
    async needsAttention(row: ChannelRow, reason: string) {
      const bot = await deps.bot(row.chatbotId);
      await jobs.enqueue(
        CHANNEL_ATTENTION_JOB,
        {
          workspaceId: row.workspaceId,
          chatbotId: row.chatbotId,
          botName: bot?.name ?? "",
          number: row.displayPhoneNumber || row.phoneNumberId,
          reason,
        },
        { maxAttempts: 5 },
      );
    },

    /**
     * A verified delivery, stored before it is acknowledged: the ids of its messages are recorded
     * as received (a message delivered again is recognised and skipped) and each new message
     * becomes a job, in one statement; each job goes to an idle worker. Its reports are applied here,
     * before the acknowledgement: each is one statement on one message that never moves back, so a
     * report Meta delivers again changes nothing, and a failure answers 500, which Meta retries.
     * (As jobs, a message's two reports cost the queue ten statements more than applying them.)
     */
    async receive(channel: OpenChannel, parsed: { messages: ChannelMessage[]; reports: DeliveryReport[] }) {
      const at = now();
      // A delivery of statuses only (most of them) has no message to record. Else its ids and
      // the jobs of the new ones are one statement, each job handed to an idle worker here.
      const first = new Map<string, ChannelMessage>();
      for (const m of parsed.messages) if (!first.has(m.externalId)) first.set(m.externalId, m);
      const outbox = new Map<string, ReturnType<typeof jobs.enqueueSql>>();
      let fresh = new Set<string>();
      try {
        if (first.size)
          fresh = await repo.receive(channel.row.id, [...first.keys()], at, (externalId, when) => {
            const m = first.get(externalId) as ChannelMessage;
            const job = jobs.enqueueSql(
              CHANNEL_INBOUND_JOB,
              { channelId: channel.row.id, message: { ...m, at: m.at.toISOString() } },
              { maxAttempts: 5, when },
            );
            outbox.set(externalId, job);
            return job.sql;
          });
      } finally {
        for (const [externalId, job] of outbox) job.settle(fresh.has(externalId));
      }
      const queued = fresh.size;
      for (const r of parsed.reports) await delivery.report(channel.row.workspaceId, r);
      void channels
        .touchWebhook(channel.row.id)
        .catch((err: Error) => log.warn({ err }, "could not note the webhook time"));
      return queued;
    },
  };
}
export type ChannelJobs = ReturnType<typeof createChannelJobs>;
