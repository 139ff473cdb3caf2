import type { AuthEvent } from "@parley/contracts";
import type { Database } from "@parley/db";
import type { Tx } from "../../db/tx";
import type { AuditService } from "../workspaces/audit.service";
import type { AuthEventsRepo } from "./auth-events.repo";

/**
 * What each module that holds a user's data does when the user is deleted, inside the one
 * transaction that records the event: this module writes no other module's tables.
 */
export interface AccountErasers {
  /** Chatbots take their sources, chunks, conversations, messages and leads with them. */
  chatbots: (tx: Tx, workspaceId: string) => Promise<void>;
  /** Conversations left without a bot of this owner (a bot's go with it). */
  conversations: (tx: Tx, workspaceId: string) => Promise<void>;
  subscriptions: (tx: Tx, userId: string) => Promise<void>;
  contact: (tx: Tx, userId: string) => Promise<void>;
  /** Payment records are kept for accounting but detached from the person. */
  payments: (tx: Tx, userId: string, placeholder: string) => Promise<void>;
  users: (tx: Tx, userId: string) => Promise<void>;
  audit: (tx: Tx, workspaceId: string) => Promise<void>;
  /** The personal workspace's API keys. */
  apiKeys: (tx: Tx, workspaceId: string) => Promise<void>;
  /** The personal workspace's webhook endpoints and their deliveries. */
  webhooks: (tx: Tx, workspaceId: string) => Promise<void>;
  /**
   * The personal workspace's messaging channels: their sealed credentials and receipts. Resolves
   * with what runs after the commit (its cache is dropped only once the rows are gone for all).
   */
  channels?: (tx: Tx, workspaceId: string) => Promise<() => void>;
}

/**
 * Applies events from the auth service. `user.deleted` removes everything of that user that the
 * API holds; payment records are kept for accounting but detached from the person.
 */
export function createAuthEventsService(deps: {
  db: Pick<Database, "transaction">;
  repo: AuthEventsRepo;
  erase: AccountErasers;
  forgetUser: (userId: string) => void;
  audit: Pick<AuditService, "record">;
  /** A member left, was removed or changed role: open live streams of the workspace re-check at once. */
  onMembershipChanged?: (workspaceId: string) => void;
}) {
  const { erase } = deps;
  return {
    async handle(event: AuthEvent): Promise<{ duplicate: boolean }> {
      const afterCommit: Array<() => void> = [];
      const outcome = await deps.db.transaction(async (tx) => {
        if (!(await deps.repo.claim(tx, event))) return { duplicate: true };
        if (event.type === "workspace.audit") {
          await deps.audit.record(event.data, tx);
          return { duplicate: false };
        }
        // The user's personal workspace (id = user id) and everything in it goes with them.
        const { userId } = event.data;
        const channelsGone = await erase.channels?.(tx, userId);
        if (channelsGone) afterCommit.push(channelsGone);
        await erase.chatbots(tx, userId);
        await erase.conversations(tx, userId);
        await erase.subscriptions(tx, userId);
        await erase.contact(tx, userId);
        await erase.payments(tx, userId, `deleted:${event.id}`);
        await erase.users(tx, userId);
        await erase.audit(tx, userId);
        await erase.apiKeys(tx, userId);
        await erase.webhooks(tx, userId);
        return { duplicate: false };
      });
      for (const step of afterCommit) step();
      if (event.type === "user.deleted") deps.forgetUser(event.data.userId);
      if (
        event.type === "workspace.audit" &&
        ["member.removed", "member.left", "member.role_changed"].includes(event.data.action)
      )
        deps.onMembershipChanged?.(event.data.workspaceId);
      return outcome;
    },
  };
}
export type AuthEventsService = ReturnType<typeof createAuthEventsService>;
