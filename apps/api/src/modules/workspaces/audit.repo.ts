import type { Database } from "@parley/db";
import { and, desc, eq, inArray, like, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type AuditLogRow, auditLog, chatbots, platformUsers } from "../../db/schema";
import type { Tx } from "../../db/tx";

/** The audit_log table's one owner. */
export function createAuditRepo(db: Database) {
  return {
    /** Inside the caller's transaction when given one (an auth event and its audit entry commit together). */
    async insert(row: typeof auditLog.$inferInsert, tx: Pick<Database, "insert"> = db): Promise<void> {
      await tx.insert(auditLog).values(row);
    },
    /**
     * Newest first, with the names the log shows: the actor's current name, the current name of a
     * person who was a member (removed, role changed; not of an address that was only invited,
     * which would tell an admin who owns it), and a bot's current name when it still exists in
     * this workspace.
     */
    list(workspaceId: string, limit: number, opts: { apiUse?: boolean } = {}): Promise<AuditListRow[]> {
      const actor = alias(platformUsers, "audit_actor");
      const person = alias(platformUsers, "audit_person");
      return db
        .select({
          row: auditLog,
          actorName: actor.name,
          personName: person.name,
          botName: chatbots.name,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .leftJoin(
          person,
          and(
            inArray(auditLog.action, MEMBER_TARGETS),
            sql`lower(${person.email}) = lower(${auditLog.target})`,
          ),
        )
        .leftJoin(
          chatbots,
          and(
            like(auditLog.action, "bot.%"),
            eq(chatbots.id, auditLog.target),
            eq(chatbots.workspaceId, auditLog.workspaceId),
          ),
        )
        .where(
          and(
            eq(auditLog.workspaceId, workspaceId),
            opts.apiUse ? undefined : ne(auditLog.action, "api_key.used"),
          ),
        )
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

/** Entries whose target is the e-mail of someone who was a member of the workspace. */
const MEMBER_TARGETS = ["member.removed", "member.role_changed", "member.joined", "member.left"];

export interface AuditListRow {
  row: AuditLogRow;
  actorName: string | null;
  personName: string | null;
  botName: string | null;
}
