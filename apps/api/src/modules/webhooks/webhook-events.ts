import type { FastifyBaseLogger } from "fastify";
import type { KnowledgeSourceRow } from "../../db/schema";
import type { Tx } from "../../db/tx";
import type { ConversationRow } from "../conversations/conversations.repo";
import type { WidgetService } from "../widget/widget.service";
import type { WebhookDelivery } from "./webhook-delivery";

/**
 * Where the events come from. Each is emitted once its change is stored; where the change is a
 * transaction of ours (live chat's state machine), the event's job is inserted in that very
 * transaction (an outbox: an event exists exactly when its change committed).
 */

type Emit = Pick<WebhookDelivery, "emit">;

const conversationData = (row: Pick<ConversationRow, "id" | "chatbotId" | "channel" | "status">) => ({
  id: row.id,
  chatbotId: row.chatbotId,
  channel: row.channel,
  status: row.status,
});

/**
 * Live chat's transitions (conversations/live.repo.ts calls this inside each transition's
 * transaction): into `waiting` is a handoff request, into `closed` a closing.
 */
export function liveTransitionEvents(webhooks: Emit, now: () => Date) {
  return async (tx: Tx, before: ConversationRow, after: ConversationRow) => {
    if (before.status === after.status) return;
    const at = now();
    if (after.status === "waiting")
      await webhooks.emit(
        {
          workspaceId: after.ownerId,
          type: "conversation.handoff_requested",
          at,
          data: {
            conversation: {
              ...conversationData(after),
              waitingSince: after.waitingSince?.toISOString() ?? at.toISOString(),
              firstQuestion: after.firstQuestion,
            },
          },
        },
        tx,
      );
    else if (after.status === "closed")
      await webhooks.emit(
        {
          workspaceId: after.ownerId,
          type: "conversation.closed",
          at,
          data: {
            conversation: {
              ...conversationData(after),
              closedAt: after.closedAt?.toISOString() ?? at.toISOString(),
              messageCount: after.messageCount,
            },
          },
        },
        tx,
      );
  };
}

/**
 * The widget service, with `conversation.created` and `lead.created` emitted once the conversation
 * or the lead is stored (both are written by batched or single statements outside any transaction
 * of ours, so the event's insert follows them, before the visitor's answer; a failure to queue is
 * logged and never the visitor's error).
 */
export function emitWidgetEvents<
  W extends Pick<WidgetService, "start" | "lead" | "publishedBot" | "conversationBot">,
>(widget: W, webhooks: Emit, opts: { now: () => Date; log: FastifyBaseLogger }): W {
  return {
    ...widget,
    async start(...args: Parameters<WidgetService["start"]>) {
      const conversation = await widget.start(...args);
      // The public API starts conversations with bots not yet published (`draft`) too.
      const bot = await widget.conversationBot(conversation.chatbotId, args[2]);
      await webhooks
        .emit({
          workspaceId: bot.ownerId,
          type: "conversation.created",
          at: opts.now(),
          data: {
            conversation: {
              id: conversation._id,
              chatbotId: bot.id,
              channel: "widget",
              status: conversation.status,
            },
          },
        })
        .catch((err: Error) => opts.log.error({ err }, "could not queue the conversation.created webhook"));
      return conversation;
    },
    async lead(...args: Parameters<WidgetService["lead"]>) {
      const saved = await widget.lead(...args);
      const [chatbotId, conversationId, , input] = args;
      await widget
        .publishedBot(chatbotId)
        .then((bot) =>
          webhooks.emit({
            workspaceId: bot.ownerId,
            type: "lead.created",
            at: opts.now(),
            data: {
              lead: {
                email: input.email.toLowerCase(),
                name: input.name || null,
                chatbotId: bot.id,
                conversationId,
              },
            },
          }),
        )
        .catch((err: Error) =>
          opts.log.error({ err, chatbotId }, "could not queue the lead.created webhook"),
        );
      return saved;
    },
  };
}

/** A knowledge source finished reading: `source.ready`, or `source.failed` with the reason. */
export function sourceSettledEvents(webhooks: Emit, now: () => Date) {
  return async (row: KnowledgeSourceRow, outcome: { status: "ready" | "failed"; error: string | null }) => {
    await webhooks.emit({
      workspaceId: row.ownerId,
      type: outcome.status === "ready" ? "source.ready" : "source.failed",
      at: now(),
      data: {
        source: {
          id: row.id,
          chatbotId: row.chatbotId,
          kind: row.kind,
          title: row.title,
          status: outcome.status,
          error: outcome.error,
        },
      },
    });
  };
}
