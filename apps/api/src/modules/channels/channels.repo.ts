import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, asc, eq, lt, type SQL, sql } from "drizzle-orm";
import { type ChannelRow, channelReceipts, channels } from "../../db/schema";
import type { Tx } from "../../db/tx";
import type { HotCache } from "../../lib/hot-cache";

export type NewChannel = typeof channels.$inferInsert;

/** A lookup that found nothing: not cached (ids an attacker makes up would fill the cache). */
class NoSuchChannel extends Error {}

/**
 * The channels module's tables: connections, and the provider's message ids received. `cache`
 * (optional) keeps rows read by id for a few seconds: every webhook delivery and every job of a
 * message reads its channel (seven reads a message under load); a change here drops the entry,
 * on the other replicas too (the cache's bus), and its TTL bounds a missed drop.
 */
export function createChannelsRepo(db: Database, cache?: HotCache<ChannelRow>) {
  const load = async (id: string) => {
    const [row] = await db.select().from(channels).where(eq(channels.id, id));
    if (!row) throw new NoSuchChannel();
    return row;
  };
  const changed = (id: string) => cache?.invalidate(id);
  return {
    /** A transaction for the receipt of a delivery (its ids and the jobs that process them). */
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async insert(row: NewChannel): Promise<ChannelRow> {
      const [stored] = await db.insert(channels).values(row).returning();
      if (!stored) throw new Error("the channel was not stored");
      return stored;
    },

    async byId(id: string): Promise<ChannelRow | undefined> {
      try {
        return await (cache ? cache.get(id, () => load(id)) : load(id));
      } catch (err) {
        if (err instanceof NoSuchChannel) return undefined;
        throw err;
      }
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
      changed(id);
      return gone.length > 0;
    },

    /** Turns a channel to `needs_attention` (once: resolves false when it already was). */
    async needsAttention(id: string, reason: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(channels)
        .set({ status: "needs_attention", statusReason: reason, statusChangedAt: at, updatedAt: at })
        .where(and(eq(channels.id, id), eq(channels.status, "connected")))
        .returning({ id: channels.id });
      if (updated.length) changed(id);
      return updated.length > 0;
    },

    async touchWebhook(id: string, at: Date) {
      await db.update(channels).set({ lastWebhookAt: at }).where(eq(channels.id, id));
    },

    /**
     * Records the provider's message ids as received and resolves with those not seen before: a
     * second delivery of a message is recognised here. `jobFor` gives each id's job as an insert
     * to run in the same statement, `when` that id was new (the outbox: one round trip).
     */
    async receive(
      channelId: string,
      externalIds: string[],
      at: Date,
      jobFor?: (externalId: string, when: SQL) => SQL,
    ): Promise<Set<string>> {
      const unique = [...new Set(externalIds)];
      if (!unique.length) return new Set();
      const insert = db
        .insert(channelReceipts)
        .values(unique.map((externalId) => ({ channelId, externalId, receivedAt: at })))
        .onConflictDoNothing()
        .returning({ externalId: channelReceipts.externalId });
      const jobs = jobFor
        ? unique.map(
            (id, i) =>
              sql`${sql.identifier(`j${i}`)} as (${jobFor(id, sql`exists (select 1 from r where r.external_id = ${id})`)})`,
          )
        : [];
      const result = await db.execute(
        sql`with r as (${insert.getSQL()})${jobs.length ? sql`, ${sql.join(jobs, sql`, `)}` : sql``}
          select external_id from r`,
      );
      return new Set(rowsOf<{ external_id: string }>(result).map((r) => r.external_id));
    },

    /** Forgets receipts older than `before` (the provider stops retrying long before). */
    async pruneReceipts(before: Date): Promise<number> {
      const gone = await db
        .delete(channelReceipts)
        .where(lt(channelReceipts.receivedAt, before))
        .returning({ id: channelReceipts.externalId });
      return gone.length;
    },

    /**
     * A deleted account: its channels (and their receipts) go, inside the caller's transaction.
     * Resolves with what the caller runs once that transaction committed: dropping the cached rows.
     * Dropped before the commit, a delivery read in between would cache the old row again, and the
     * deleted channel would keep taking deliveries for the cache's TTL.
     */
    async eraseWorkspace(tx: Tx, workspaceId: string): Promise<() => void> {
      const gone = await tx
        .delete(channels)
        .where(eq(channels.workspaceId, workspaceId))
        .returning({ id: channels.id });
      return () => {
        for (const { id } of gone) changed(id);
      };
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
