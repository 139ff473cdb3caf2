import type { Database } from "@parley/db";
import { desc, eq } from "drizzle-orm";
import { type AuditLogRow, auditLog } from "../../db/schema";
import type { Tx } from "../../db/tx";

/** The audit_log table's one owner. */
export function createAuditRepo(db: Database) {
  return {
    /** Inside the caller's transaction when given one (an auth event and its audit entry commit together). */
    async insert(row: typeof auditLog.$inferInsert, tx: Pick<Database, "insert"> = db): Promise<void> {
      await tx.insert(auditLog).values(row);
    },
    list(workspaceId: string, limit: number): Promise<AuditLogRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(eq(auditLog.workspaceId, workspaceId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
    },
    /** Account deletion: the personal workspace's log goes with it. */
    async removeWorkspace(tx: Tx, workspaceId: string): Promise<void> {
      await tx.delete(auditLog).where(eq(auditLog.workspaceId, workspaceId));
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
