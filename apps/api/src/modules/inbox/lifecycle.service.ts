import type { Database } from "@parley/db";
import type {
  ChatbotRow,
  KnowledgeSourceRow,
  PaymentRow,
  PlatformUserRow,
  SubscriptionRow,
} from "../../db/schema";
import { toChatbot } from "../chatbots/chatbots.service";
import {
  type ConversationsRepo,
  createConversationsRepo,
  toMessage,
} from "../conversations/conversations.repo";
import { toSource } from "../knowledge/knowledge.service";

const RETENTION_BATCH = 500;

/** What the export reads from the modules that own those tables. */
export interface ExportSources {
  user: (userId: string) => Promise<PlatformUserRow | undefined>;
  subscription: (userId: string) => Promise<SubscriptionRow | undefined>;
  bots: (workspaceId: string) => Promise<ChatbotRow[]>;
  payments: (userId: string) => Promise<PaymentRow[]>;
  sources: (chatbotIds: string[]) => Promise<KnowledgeSourceRow[]>;
}

/** Rows grouped by one of their fields, each group in the rows' order. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Retention and export: the owner decides how long conversations live and can take everything.
 * Nothing is read or deleted here directly: conversations, messages and leads through the
 * conversations module's repository, everything else from its owning module.
 */
export function createLifecycleService(deps: {
  db: Database;
  now: () => Date;
  retentionBatch?: number;
  /** Without them (a retention-only caller), the export reads nothing else. */
  owners?: ExportSources;
  conversations?: ConversationsRepo;
}) {
  const { db, now } = deps;
  const conversationsRepo = deps.conversations ?? createConversationsRepo(db);
  const batch = deps.retentionBatch ?? RETENTION_BATCH;
  return {
    /**
     * Deletes conversations whose last message is older than their bot's retention days (their
     * messages and leads go with them). In batches, so a first run over a large backlog holds no
     * long lock; a scheduled job (jobs.ts) runs it in every API process.
     */
    async applyRetention(): Promise<{ deleted: number }> {
      const at = now();
      let deleted = 0;
      for (;;) {
        const n = await conversationsRepo.deleteExpired(batch, at);
        deleted += n;
        if (n < batch) return { deleted };
      }
    },

    /** Everything the API holds for one owner, as one JSON document. */
    async exportAll(workspaceId: string) {
      const owners = deps.owners;
      if (!owners) throw new Error("lifecycle: the export needs its owning modules");
      const [user, subscription, bots] = await Promise.all([
        owners.user(workspaceId),
        owners.subscription(workspaceId),
        owners.bots(workspaceId),
      ]);
      const [sources, records, pays] = await Promise.all([
        owners.sources(bots.map((b) => b.id)),
        conversationsRepo.ownerRecords(workspaceId),
        owners.payments(workspaceId),
      ]);
      // Grouped once: a large account's export stays linear in its rows.
      const sourcesOf = groupBy(sources, (s) => s.chatbotId);
      const conversationsOf = groupBy(records.conversations, (c) => c.chatbotId);
      const messagesOf = groupBy(records.messages, (m) => m.conversationId);
      const leadsOf = groupBy(records.leads, (l) => l.conversationId);
      return {
        format: "parley-export/1",
        exportedAt: now().toISOString(),
        user: user ? { _id: user.id, name: user.name, email: user.email } : null,
        subscription: subscription
          ? {
              planId: subscription.planId,
              status: subscription.status,
              currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
            }
          : null,
        payments: pays.map((p) => ({
          track_id: p.trackId,
          planId: p.planId,
          amountMinor: p.amountMinor,
          currency: p.currency,
          status: p.status,
          method: p.method,
          createdAt: p.createdAt.toISOString(),
        })),
        chatbots: bots.map((b) => ({
          ...toChatbot(b),
          sources: (sourcesOf.get(b.id) ?? []).map((s) => ({
            ...toSource(s),
            content: s.kind === "text" ? s.content : null,
          })),
          conversations: (conversationsOf.get(b.id) ?? []).map((c) => ({
            _id: c.id,
            channel: c.channel,
            visitorId: c.visitorId,
            // A messaging channel's customer (a WhatsApp number and profile name), and their language.
            contact: c.contactId ? { id: c.contactId, name: c.contactName } : null,
            language: c.language,
            customer: c.customerId
              ? { id: c.customerId, email: c.customerEmail, name: c.customerName }
              : null,
            createdAt: c.createdAt.toISOString(),
            messages: (messagesOf.get(c.id) ?? []).map(toMessage),
            leads: (leadsOf.get(c.id) ?? []).map((l) => ({
              email: l.email,
              phone: l.phone,
              name: l.name,
              createdAt: l.createdAt.toISOString(),
            })),
          })),
        })),
      };
    },
  };
}
export type LifecycleService = ReturnType<typeof createLifecycleService>;
