import type { Database } from "@parley/db";
import { asc, eq, inArray } from "drizzle-orm";
import {
  type ChatbotRow,
  chatbots,
  conversations,
  knowledgeSources,
  leads,
  messages,
  type PaymentRow,
  type PlatformUserRow,
  type SubscriptionRow,
} from "../../db/schema";
import { toChatbot } from "../chatbots/chatbots.service";
import { type ConversationsRepo, createConversationsRepo } from "../conversations/conversations.repo";
import { toSource } from "../knowledge/knowledge.service";

const RETENTION_BATCH = 500;

/** What the export reads from the modules that own those tables. */
export interface ExportSources {
  user: (userId: string) => Promise<PlatformUserRow | undefined>;
  subscription: (userId: string) => Promise<SubscriptionRow | undefined>;
  bots: (ownerId: string) => Promise<ChatbotRow[]>;
  payments: (userId: string) => Promise<PaymentRow[]>;
}

/**
 * Retention and export: the owner decides how long conversations live and can take everything.
 * Conversations, messages and leads are read and deleted here directly through the conversations module's
 * repository where it has the query; everything else comes from its owning module.
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
    async exportAll(ownerId: string) {
      const owners = deps.owners;
      if (!owners) throw new Error("lifecycle: the export needs its owning modules");
      const [user, subscription, bots] = await Promise.all([
        owners.user(ownerId),
        owners.subscription(ownerId),
        owners.bots(ownerId),
      ]);
      const botIds = bots.map((b) => b.id);
      const [sources, convs, msgs, leadRows, pays] = await Promise.all([
        botIds.length
          ? db.select().from(knowledgeSources).where(inArray(knowledgeSources.chatbotId, botIds))
          : [],
        db
          .select()
          .from(conversations)
          .where(eq(conversations.ownerId, ownerId))
          .orderBy(asc(conversations.createdAt)),
        db.select().from(messages).where(eq(messages.ownerId, ownerId)).orderBy(asc(messages.createdAt)),
        db.select().from(leads).where(eq(leads.ownerId, ownerId)),
        owners.payments(ownerId),
      ]);
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
          sources: sources
            .filter((s) => s.chatbotId === b.id)
            .map((s) => ({ ...toSource(s), content: s.kind === "text" ? s.content : null })),
          conversations: convs
            .filter((c) => c.chatbotId === b.id)
            .map((c) => ({
              _id: c.id,
              channel: c.channel,
              visitorId: c.visitorId,
              customer: c.customerId
                ? { id: c.customerId, email: c.customerEmail, name: c.customerName }
                : null,
              createdAt: c.createdAt.toISOString(),
              messages: msgs
                .filter((m) => m.conversationId === c.id)
                .map((m) => ({
                  _id: m.id,
                  role: m.role,
                  content: m.content,
                  citations: m.citations,
                  answered: m.answered,
                  feedback: m.feedback,
                  createdAt: m.createdAt.toISOString(),
                })),
              leads: leadRows
                .filter((l) => l.conversationId === c.id)
                .map((l) => ({ email: l.email, name: l.name, createdAt: l.createdAt.toISOString() })),
            })),
        })),
      };
    },
  };
}
export type LifecycleService = ReturnType<typeof createLifecycleService>;
