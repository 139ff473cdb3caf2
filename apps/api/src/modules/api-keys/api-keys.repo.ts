import type { Database } from "@parley/db";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { type ApiKeyRow, apiKeys, apiKeyUsage } from "../../db/schema";
import type { Tx } from "../../db/tx";

/** The api_keys and api_key_usage tables (this module's only). */
export function createApiKeysRepo(db: Database) {
  return {
    async insert(row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [saved] = await db.insert(apiKeys).values(row).returning();
      if (!saved) throw new Error("api key insert returned nothing");
      return saved;
    },
    /** The workspace's keys not revoked, newest first, with this month's usage. */
    async listLive(workspaceId: string, month: string) {
      return db
        .select({
          key: apiKeys,
          requests: sql<number>`coalesce(${apiKeyUsage.requests}, 0)::int`,
          messages: sql<number>`coalesce(${apiKeyUsage.messages}, 0)::int`,
        })
        .from(apiKeys)
        .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), eq(apiKeyUsage.month, month)))
        .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },
    async countLive(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
      return row?.n ?? 0;
    },
    /** Revokes a live key of this workspace; undefined when there is none (or it is another's). */
    async revoke(workspaceId: string, id: string, at: Date): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
        .returning();
      return row;
    },
    async byHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
      return row;
    },
    /** "Last used", to the minute: one write a minute per key at most. */
    async touch(id: string, at: Date) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - 60_000))),
          ),
        );
    },
    /** Counts a request (and the messages it answered) against the key this month. */
    async count(keyId: string, month: string, add: { requests: number; messages: number }) {
      await db
        .insert(apiKeyUsage)
        .values({ keyId, month, requests: add.requests, messages: add.messages })
        .onConflictDoUpdate({
          target: [apiKeyUsage.keyId, apiKeyUsage.month],
          set: {
            requests: sql`${apiKeyUsage.requests} + ${add.requests}`,
            messages: sql`${apiKeyUsage.messages} + ${add.messages}`,
          },
        });
    },
    /** Account deletion: the personal workspace's keys (their usage goes with them). */
    async removeWorkspace(tx: Tx, workspaceId: string) {
      await tx.delete(apiKeys).where(eq(apiKeys.workspaceId, workspaceId));
    },
    /** Every key of the workspace, revoked ones too, newest first: names and dates only (the console). */
    listNames(workspaceId: string) {
      return db
        .select({
          name: apiKeys.name,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.workspaceId, workspaceId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(100);
    },
  };
}
export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
