import type { Database } from "@parley/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type PlatformUserRow, platformUsers } from "../../db/schema";
import type { Tx } from "../../db/tx";

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
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
