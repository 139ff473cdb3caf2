import type { AuditAction, AuditEntry } from "@parley/contracts";
import type { Database } from "@parley/db";
import type { Tx } from "../../db/tx";
import { newId } from "../../lib/ids";
import type { Actor } from "../../plugins/auth";
import type { AuditRepo } from "./audit.repo";

export interface AuditInput {
  workspaceId: string;
  action: AuditAction;
  actorId: string | null;
  actorEmail: string | null;
  target: string | null;
  details?: Record<string, unknown>;
}

export type { Actor } from "../../plugins/auth";

export function createAuditService(deps: { repo: AuditRepo; now: () => Date }) {
  return {
    /** `tx`: the caller's transaction, when the entry must commit with its change. */
    async record(entry: AuditInput, tx?: Pick<Database, "insert">) {
      await deps.repo.insert(
        {
          id: newId("aud"),
          workspaceId: entry.workspaceId,
          action: entry.action,
          actorId: entry.actorId,
          actorEmail: entry.actorEmail,
          target: entry.target,
          details: entry.details ?? {},
          createdAt: deps.now(),
        },
        tx,
      );
    },
    /** Account deletion: the personal workspace's log, inside the caller's transaction. */
    erase: (tx: Tx, workspaceId: string) => deps.repo.removeWorkspace(tx, workspaceId),
    /** What an actor did in a workspace (bot changes, deletions, plan changes); a key's, `via: "api"`. */
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
        details: actor.via ? { ...details, via: actor.via } : details,
      });
    },
    /** Newest first; each use of an API key only with `apiUse` (they would crowd out the changes). */
    async list(workspaceId: string, opts: { limit?: number; apiUse?: boolean } = {}): Promise<AuditEntry[]> {
      const rows = await deps.repo.list(workspaceId, opts.limit ?? 200, { apiUse: opts.apiUse });
      return rows.map(({ row: r, actorName, personName, botName }) => ({
        id: r.id,
        action: r.action as AuditAction,
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        actorName: actorName || null,
        target: r.target,
        targetName: personName || botName || null,
        details: r.details,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
