import type { Database } from "@parley/db";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { type PlatformUserRow, platformUsers } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { likePrefix } from "../../lib/like";

/** The platform_users table's one owner. */
export function createUsersRepo(db: Database) {
  return {
    /** Inserts or refreshes a user; writes nothing when name, e-mail and role are unchanged. */
    async upsert(row: { id: string; name: string; email: string; role: string }): Promise<void> {
      await db
        .insert(platformUsers)
        .values(row)
        .onConflictDoUpdate({
          target: platformUsers.id,
          set: { name: sql`excluded.name`, email: sql`excluded.email`, role: sql`excluded.role` },
          setWhere: sql`(${platformUsers.name}, ${platformUsers.email}, ${platformUsers.role}) is distinct from (excluded.name, excluded.email, excluded.role)`,
        });
    },
    async byId(userId: string): Promise<PlatformUserRow | undefined> {
      const [row] = await db.select().from(platformUsers).where(eq(platformUsers.id, userId)).limit(1);
      return row;
    },
    /** Marks the demo account as seeded; true only for the one call that changed the row. */
    async claimDemoSeed(userId: string, at: Date): Promise<boolean> {
      const claimed = await db
        .update(platformUsers)
        .set({ demoSeededAt: at })
        .where(and(eq(platformUsers.id, userId), isNull(platformUsers.demoSeededAt)))
        .returning({ id: platformUsers.id });
      return claimed.length > 0;
    },
    async remove(tx: Tx, userId: string): Promise<void> {
      await tx.delete(platformUsers).where(eq(platformUsers.id, userId));
    },
    /**
     * The operator's console: people whose e-mail address or name begins with `q`
     * (case-insensitive; indexed), or whose id is `q`. A personal workspace has its owner's id, so
     * each hit names one workspace too.
     */
    search(q: string, limit: number): Promise<PlatformUserRow[]> {
      const prefix = likePrefix(q.toLowerCase());
      return db
        .select()
        .from(platformUsers)
        .where(
          or(
            eq(platformUsers.id, q),
            sql`lower(${platformUsers.email}) like ${prefix} escape '\\'`,
            sql`lower(${platformUsers.name}) like ${prefix} escape '\\'`,
          ),
        )
        .orderBy(asc(platformUsers.email))
        .limit(limit);
    },
    byIds(ids: string[]): Promise<PlatformUserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(platformUsers).where(inArray(platformUsers.id, ids));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
