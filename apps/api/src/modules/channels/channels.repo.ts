import type { Database } from "@parley/db";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { type ChannelRow, channelReceipts, channels } from "../../db/schema";
import type { Tx } from "../../db/tx";

export type NewChannel = typeof channels.$inferInsert;

/** The channels module's tables: connections, and the provider's message ids received. */
export function createChannelsRepo(db: Database) {
  return {
    /** A transaction for the receipt of a delivery (its ids and the jobs that process them). */
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async insert(row: NewChannel): Promise<ChannelRow> {
      const [stored] = await db.insert(channels).values(row).returning();
      if (!stored) throw new Error("the channel was not stored");
      return stored;
    },

    async byId(id: string): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(channels).where(eq(channels.id, id));
      return row;
    },

    /** A workspace's own channel (someone else's is indistinguishable from a missing one). */
    async owned(workspaceId: string, id: string): Promise<ChannelRow | undefined> {
      const [row] = await db
        .select()
        .from(channels)
        .where(and(eq(channels.id, id), eq(channels.workspaceId, workspaceId)));
      return row;
    },

    async forBot(workspaceId: string, chatbotId: string): Promise<ChannelRow[]> {
      return db
        .select()
        .from(channels)
        .where(and(eq(channels.workspaceId, workspaceId), eq(channels.chatbotId, chatbotId)))
        .orderBy(asc(channels.createdAt));
    },

    async byPhoneNumber(phoneNumberId: string): Promise<ChannelRow | undefined> {
      const [row] = await db
        .select()
        .from(channels)
        .where(and(eq(channels.kind, "whatsapp"), eq(channels.phoneNumberId, phoneNumberId)));
      return row;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(channels)
        .where(and(eq(channels.id, id), eq(channels.workspaceId, workspaceId)))
        .returning({ id: channels.id });
      return gone.length > 0;
    },

    /** Turns a channel to `needs_attention` (once: resolves false when it already was). */
    async needsAttention(id: string, reason: string, at: Date): Promise<boolean> {
      const changed = await db
        .update(channels)
        .set({ status: "needs_attention", statusReason: reason, statusChangedAt: at, updatedAt: at })
        .where(and(eq(channels.id, id), eq(channels.status, "connected")))
        .returning({ id: channels.id });
      return changed.length > 0;
    },

    async touchWebhook(id: string, at: Date) {
      await db.update(channels).set({ lastWebhookAt: at }).where(eq(channels.id, id));
    },

    /**
     * Records the provider's message ids as received (in `tx`, with the jobs that process them)
     * and resolves with those not seen before: a second delivery of a message is recognised here.
     */
    async receive(tx: Tx, channelId: string, externalIds: string[], at: Date): Promise<Set<string>> {
      if (!externalIds.length) return new Set();
      const rows = await tx
        .insert(channelReceipts)
        .values([...new Set(externalIds)].map((externalId) => ({ channelId, externalId, receivedAt: at })))
        .onConflictDoNothing()
        .returning({ externalId: channelReceipts.externalId });
      return new Set(rows.map((r) => r.externalId));
    },

    /** Forgets receipts older than `before` (the provider stops retrying long before). */
    async pruneReceipts(before: Date): Promise<number> {
      const gone = await db
        .delete(channelReceipts)
        .where(lt(channelReceipts.receivedAt, before))
        .returning({ id: channelReceipts.externalId });
      return gone.length;
    },

    /** A deleted account: its channels (and their receipts) go, inside the caller's transaction. */
    async eraseWorkspace(tx: Tx, workspaceId: string) {
      await tx.delete(channels).where(eq(channels.workspaceId, workspaceId));
    },

    /** The workspace's channels as stored, oldest first (the account export: no secrets). */
    async listForWorkspace(workspaceId: string) {
      return db
        .select({
          id: channels.id,
          chatbotId: channels.chatbotId,
          kind: channels.kind,
          status: channels.status,
          phoneNumberId: channels.phoneNumberId,
          displayPhoneNumber: channels.displayPhoneNumber,
          createdAt: channels.createdAt,
        })
        .from(channels)
        .where(eq(channels.workspaceId, workspaceId))
        .orderBy(asc(channels.createdAt));
    },

    /** How many channels there are per status (metrics). */
    async countByStatus() {
      return db
        .select({ status: channels.status, n: sql<number>`count(*)::int` })
        .from(channels)
        .groupBy(channels.status);
    },
  };
}
export type ChannelsRepo = ReturnType<typeof createChannelsRepo>;
