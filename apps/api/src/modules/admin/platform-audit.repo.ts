import type { Database } from "@parley/db";
import { desc, eq } from "drizzle-orm";
import {
  type PlatformAuditRow,
  platformAuditLog,
  type WorkspaceSuspensionRow,
  workspaceSuspensions,
} from "../../db/schema";
import type { Tx } from "../../db/tx";
import { newId } from "../../lib/ids";

export interface PlatformAuditInput {
  actor: { userId: string; email: string };
  action: string;
  targetType: "workspace" | "plan" | "chatbot" | "payment";
  targetId: string;
  workspaceId?: string | null;
  reason: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The platform_audit_log table's one owner: written in the action's transaction, never changed. */
export function createPlatformAuditRepo(db: Database) {
  return {
    async insert(entry: PlatformAuditInput, tx: Pick<Database, "insert"> = db, at?: Date): Promise<void> {
      await tx.insert(platformAuditLog).values({
        id: newId("padt"),
        actorId: entry.actor.userId,
        actorEmail: entry.actor.email,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        workspaceId: entry.workspaceId ?? null,
        reason: entry.reason,
        before: entry.before ?? null,
        after: entry.after ?? null,
        ...(at ? { createdAt: at } : {}),
      });
    },
    forWorkspace(workspaceId: string, limit: number): Promise<PlatformAuditRow[]> {
      return db
        .select()
        .from(platformAuditLog)
        .where(eq(platformAuditLog.workspaceId, workspaceId))
        .orderBy(desc(platformAuditLog.createdAt), desc(platformAuditLog.id))
        .limit(limit);
    },
    /** A workspace's suspension now, or undefined (read on every message through a short cache). */
    async suspension(workspaceId: string): Promise<WorkspaceSuspensionRow | undefined> {
      const [row] = await db
        .select()
        .from(workspaceSuspensions)
        .where(eq(workspaceSuspensions.workspaceId, workspaceId));
      return row;
    },
    /** Suspends (a reason) or lifts (null); the row before and after, in the caller's transaction. */
    async setSuspension(
      tx: Tx,
      workspaceId: string,
      set: { at: Date; reason: string; by: string } | null,
    ): Promise<{ before: WorkspaceSuspensionRow | undefined; after: WorkspaceSuspensionRow | undefined }> {
      const [before] = await tx
        .select()
        .from(workspaceSuspensions)
        .where(eq(workspaceSuspensions.workspaceId, workspaceId))
        .for("update");
      if (set === null) {
        await tx.delete(workspaceSuspensions).where(eq(workspaceSuspensions.workspaceId, workspaceId));
        return { before, after: undefined };
      }
      const [after] = await tx
        .insert(workspaceSuspensions)
        .values({ workspaceId, suspendedAt: set.at, reason: set.reason, suspendedBy: set.by })
        .onConflictDoUpdate({
          target: workspaceSuspensions.workspaceId,
          set: { reason: set.reason, suspendedBy: set.by },
        })
        .returning();
      return { before, after };
    },
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(fn),
    recent(limit: number): Promise<PlatformAuditRow[]> {
      return db
        .select()
        .from(platformAuditLog)
        .orderBy(desc(platformAuditLog.createdAt), desc(platformAuditLog.id))
        .limit(limit);
    },
  };
}
export type PlatformAuditRepo = ReturnType<typeof createPlatformAuditRepo>;
export type { Tx };
