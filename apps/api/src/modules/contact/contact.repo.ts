import type { Database } from "@parley/db";
import { eq } from "drizzle-orm";
import { contactRequests } from "../../db/schema";
import type { Tx } from "../../db/tx";

/** The contact_requests table's one owner (the public contact form and the signed-in support form). */
export function createContactRepo(db: Database) {
  return {
    async insert(row: typeof contactRequests.$inferInsert): Promise<{ createdAt: Date } | undefined> {
      const [created] = await db
        .insert(contactRequests)
        .values(row)
        .returning({ createdAt: contactRequests.createdAt });
      return created;
    },
    /** Account deletion: the requests the user sent while signed in. */
    async removeForUser(tx: Tx, userId: string): Promise<void> {
      await tx.delete(contactRequests).where(eq(contactRequests.userId, userId));
    },
  };
}
export type ContactRepo = ReturnType<typeof createContactRepo>;
