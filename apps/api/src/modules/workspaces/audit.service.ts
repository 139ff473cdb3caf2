import type { AuditAction, AuditEntry } from "@parley/contracts";
import type { Database } from "@parley/db";
import { desc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import { newId } from "../../lib/ids";

export interface AuditInput {
  workspaceId: string;
  action: AuditAction;
  actorId: string | null;
  actorEmail: string | null;
  target: string | null;
  details?: Record<string, unknown>;
}

/** The actor of an API call, as recorded in the audit log. */
export interface Actor {
  userId: string;
  email: string;
}

export function createAuditService(deps: { db: Database; now: () => Date }) {
  return {
    async record(entry: AuditInput, db: Pick<Database, "insert"> = deps.db) {
      await db.insert(auditLog).values({
        id: newId("aud"),
        workspaceId: entry.workspaceId,
        action: entry.action,
        actorId: entry.actorId,
        actorEmail: entry.actorEmail,
        target: entry.target,
        details: entry.details ?? {},
        createdAt: deps.now(),
      });
    },
    /** What an actor did in a workspace (bot changes, deletions, plan changes). */
    async byActor(
      workspaceId: string,
      actor: Actor,
      action: AuditAction,
      target: string | null,
      details?: Record<string, unknown>,
    ) {
      await this.record({
        workspaceId,
        action,
        actorId: actor.userId,
        actorEmail: actor.email,
        target,
        details,
      });
    },
    async list(workspaceId: string, limit = 200): Promise<AuditEntry[]> {
      const rows = await deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.workspaceId, workspaceId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        action: r.action as AuditAction,
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        target: r.target,
        details: r.details,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
