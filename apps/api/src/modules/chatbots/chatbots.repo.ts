import type { Database } from "@parley/db";
import { and, count, desc, eq, isNotNull, not, sql } from "drizzle-orm";
import { type ChatbotRow, chatbots, knowledgeSources } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { decodePageCursor, encodePageCursor, stampOf } from "../../lib/page-cursor";

export type ChatbotColumns = Partial<typeof chatbots.$inferInsert>;

/** The chatbots table's one owner: every read and write of a bot row goes through here. */
export function createChatbotsRepo(db: Database) {
  return {
    /** One transaction for a change and its record (the platform audit entry). */
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(fn),
    async owned(workspaceId: string, id: string): Promise<ChatbotRow | undefined> {
      const [row] = await db
        .select()
        .from(chatbots)
        .where(and(eq(chatbots.id, id), eq(chatbots.workspaceId, workspaceId)));
      return row;
    },
    async byId(id: string): Promise<ChatbotRow | undefined> {
      const [row] = await db.select().from(chatbots).where(eq(chatbots.id, id));
      return row;
    },
    /** The owner's bots, newest first, with how many knowledge sources each has (and how many are ready). */
    listWithSourceCounts(workspaceId: string) {
      return db
        .select({
          bot: chatbots,
          sourceCount: sql<number>`count(${knowledgeSources.id})::int`,
          readySourceCount: sql<number>`count(${knowledgeSources.id}) filter (where ${knowledgeSources.status} = 'ready')::int`,
        })
        .from(chatbots)
        .leftJoin(knowledgeSources, eq(knowledgeSources.chatbotId, chatbots.id))
        .where(eq(chatbots.workspaceId, workspaceId))
        .groupBy(chatbots.id)
        .orderBy(desc(chatbots.createdAt));
    },
    /**
     * One page of the owner's bots with their source counts, newest first (created time, then id),
     * after `cursor` (a page cursor tagged `c`, see lib/page-cursor.ts).
     */
    async pageWithSourceCounts(workspaceId: string, opts: { cursor?: string; limit: number }) {
      const cursor = opts.cursor ? decodePageCursor("c", opts.cursor) : null;
      const rows = await db
        .select({
          bot: chatbots,
          sourceCount: sql<number>`count(${knowledgeSources.id})::int`,
          readySourceCount: sql<number>`count(${knowledgeSources.id}) filter (where ${knowledgeSources.status} = 'ready')::int`,
          key: stampOf(chatbots.createdAt),
        })
        .from(chatbots)
        .leftJoin(knowledgeSources, eq(knowledgeSources.chatbotId, chatbots.id))
        .where(
          and(
            eq(chatbots.workspaceId, workspaceId),
            cursor
              ? sql`(${chatbots.createdAt} < ${cursor.at}::timestamptz
                  or (${chatbots.createdAt} = ${cursor.at}::timestamptz and ${chatbots.id} < ${cursor.id}))`
              : undefined,
          ),
        )
        .groupBy(chatbots.id)
        .orderBy(desc(chatbots.createdAt), desc(chatbots.id))
        .limit(opts.limit + 1);
      const page = rows.slice(0, opts.limit);
      const last = page.at(-1);
      return {
        items: page,
        nextCursor: rows.length > opts.limit && last ? encodePageCursor("c", last.key, last.bot.id) : null,
      };
    },
    listForOwner(workspaceId: string): Promise<ChatbotRow[]> {
      return db
        .select()
        .from(chatbots)
        .where(eq(chatbots.workspaceId, workspaceId))
        .orderBy(chatbots.createdAt);
    },
    async countForOwner(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(chatbots)
        .where(eq(chatbots.workspaceId, workspaceId));
      return row?.n ?? 0;
    },
    async insert(values: typeof chatbots.$inferInsert): Promise<ChatbotRow> {
      const [row] = await db.insert(chatbots).values(values).returning();
      if (!row) throw new Error("insert returned nothing");
      return row;
    },
    /** Inserts unless a bot with this id exists (replicas booting at once); whether this one landed. */
    async insertIfAbsent(values: typeof chatbots.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(chatbots)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: chatbots.id });
      return rows.length > 0;
    },
    async update(workspaceId: string, id: string, set: ChatbotColumns): Promise<ChatbotRow | undefined> {
      const [row] = await db
        .update(chatbots)
        .set(set)
        .where(and(eq(chatbots.id, id), eq(chatbots.workspaceId, workspaceId)))
        .returning();
      return row;
    },
    async remove(workspaceId: string, id: string): Promise<void> {
      await db.delete(chatbots).where(and(eq(chatbots.id, id), eq(chatbots.workspaceId, workspaceId)));
    },
    /** Every bot of a workspace (account deletion); sources, conversations and messages cascade. */
    async removeAllForOwner(tx: Tx, workspaceId: string): Promise<void> {
      await tx.delete(chatbots).where(eq(chatbots.workspaceId, workspaceId));
    },
    /** The identity-secret columns (the identity module decides their values). */
    async setIdentitySecret(
      id: string,
      set: Pick<
        ChatbotColumns,
        "identitySecret" | "identitySecretHint" | "identitySecretCreatedAt" | "identitySecretCreatedBy"
      >,
    ): Promise<ChatbotRow | undefined> {
      const [row] = await db.update(chatbots).set(set).where(eq(chatbots.id, id)).returning();
      return row;
    },
    /** Rows whose model key is still stored as the user typed it (before keys were sealed). */
    plaintextModelKeys(): Promise<{ id: string; stored: string }[]> {
      return db
        .select({ id: chatbots.id, stored: sql<string>`${chatbots.modelApiKeySealed}` })
        .from(chatbots)
        .where(
          and(isNotNull(chatbots.modelApiKeySealed), not(sql`${chatbots.modelApiKeySealed} like 'mk1.%'`)),
        );
    },
    /** Every sealed model key, for rewrapping after MODEL_KEYS_SECRET changed. */
    sealedModelKeys(): Promise<{ id: string; stored: string }[]> {
      return db
        .select({ id: chatbots.id, stored: sql<string>`${chatbots.modelApiKeySealed}` })
        .from(chatbots)
        .where(sql`${chatbots.modelApiKeySealed} like 'mk1.%'`);
    },
    /** Replaces a stored key by another form of it, only if nobody changed it meanwhile. */
    async replaceModelKey(
      id: string,
      expected: string,
      sealed: string,
      last4?: string | null,
    ): Promise<void> {
      await db
        .update(chatbots)
        .set(
          last4 === undefined
            ? { modelApiKeySealed: sealed }
            : { modelApiKeySealed: sealed, modelApiKeyLast4: last4 },
        )
        .where(and(eq(chatbots.id, id), eq(chatbots.modelApiKeySealed, expected)));
    },
    /**
     * Suspends (a time and a reason) or lifts (nulls) a bot for platform staff; returns the row as
     * it was and as it is, or undefined when there is no such bot.
     */
    async setSuspension(
      id: string,
      set: { suspendedAt: Date | null; suspendedReason: string | null },
      tx: Tx = db,
    ): Promise<{ before: ChatbotRow; after: ChatbotRow } | undefined> {
      const [before] = await tx.select().from(chatbots).where(eq(chatbots.id, id)).for("update");
      if (!before) return undefined;
      const [after] = await tx.update(chatbots).set(set).where(eq(chatbots.id, id)).returning();
      return after ? { before, after } : undefined;
    },
    /** How many bots are suspended now (the console's health). */
    async countSuspended(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(chatbots).where(isNotNull(chatbots.suspendedAt));
      return row?.n ?? 0;
    },
  };
}
export type ChatbotsRepo = ReturnType<typeof createChatbotsRepo>;
