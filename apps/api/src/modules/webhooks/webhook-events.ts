import type { SourceSyncedEventData } from "@parley/contracts";
import type { SQL } from "drizzle-orm";
import type { KnowledgeSourceRow, KnowledgeSyncRow } from "../../db/schema";
import type { Tx } from "../../db/tx";
import type { ConversationRow, LeadRow, NewConversation } from "../conversations/conversations.repo";
import type { WebhookDelivery } from "./webhook-delivery";

/**
 * Where the events come from. A conversation's and a lead's events, and live chat's transitions,
 * are inserted in the very transaction that stores the change (an outbox: an event exists exactly
 * when its change committed). A source's outcome is emitted by its ingest job after the status is
 * written; a process that dies in between leaves the job to run again, and the event with it.
 */

type Emit = Pick<WebhookDelivery, "emit" | "emitMany">;

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
          workspaceId: after.workspaceId,
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
          workspaceId: after.workspaceId,
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
 * `conversation.created` of a channel contact's conversation, inside the statement that finds or
 * makes it: its job is inserted `when` the statement made it (and a subscriber wants it).
 */
export function contactConversationCreatedEvent(webhooks: Pick<WebhookDelivery, "emitSql">, now: () => Date) {
  return (row: NewConversation, when: SQL) =>
    webhooks.emitSql(
      {
        workspaceId: row.workspaceId,
        type: "conversation.created",
        at: now(),
        data: {
          conversation: { id: row.id, chatbotId: row.chatbotId, channel: row.channel, status: "bot" },
        },
      },
      when,
    );
}

/**
 * `conversation.created`, inside the transaction that stores the conversations (the widget's and
 * the public API's: conversations started at the same moment share one statement and one
 * transaction, each with its event).
 */
export function conversationCreatedEvents(webhooks: Emit, now: () => Date) {
  return async (tx: Tx, rows: NewConversation[]) => {
    const at = now();
    await webhooks.emitMany(
      rows.map((row) => ({
        workspaceId: row.workspaceId,
        type: "conversation.created" as const,
        at,
        data: {
          conversation: {
            id: row.id,
            chatbotId: row.chatbotId,
            channel: row.channel,
            // Every conversation starts with the bot.
            status: "bot" as const,
          },
        },
      })),
      tx,
    );
  };
}

/** `lead.created`, inside the transaction that stores the lead. */
export function leadCreatedEvents(webhooks: Emit, now: () => Date) {
  return async (tx: Tx, lead: LeadRow) => {
    await webhooks.emit(
      {
        workspaceId: lead.workspaceId,
        type: "lead.created",
        at: now(),
        data: {
          lead: {
            id: lead.id,
            // A widget lead leaves an e-mail; a WhatsApp customer who asked for a person, a phone.
            email: lead.email,
            phone: lead.phone,
            name: lead.name,
            chatbotId: lead.chatbotId,
            conversationId: lead.conversationId,
            createdAt: lead.createdAt.toISOString(),
          },
        },
      },
      tx,
    );
  };
}

/** A knowledge source finished reading: `source.ready`, or `source.failed` with the reason. */
export function sourceSettledEvents(webhooks: Emit, now: () => Date) {
  return async (row: KnowledgeSourceRow, outcome: { status: "ready" | "failed"; error: string | null }) => {
    await webhooks.emit({
      workspaceId: row.workspaceId,
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

/**
 * A website source's sync finished: `source.synced` with its counts (status `held`: removals
 * were held back; `failed`: the source kept what it knew).
 */
export function sourceSyncedEvents(webhooks: Emit, now: () => Date) {
  return async (row: KnowledgeSourceRow, sync: KnowledgeSyncRow) => {
    const data: SourceSyncedEventData = {
      source: { id: row.id, chatbotId: row.chatbotId, kind: row.kind, title: row.title, url: row.url },
      sync: {
        trigger: sync.trigger,
        status: sync.status,
        startedAt: sync.startedAt.toISOString(),
        finishedAt: (sync.finishedAt ?? now()).toISOString(),
        added: sync.added,
        changed: sync.changed,
        removed: sync.removed,
        unchanged: sync.unchanged,
        failed: sync.failed,
        error: sync.error,
      },
    };
    await webhooks.emit({ workspaceId: row.workspaceId, type: "source.synced", at: now(), data });
  };
}
