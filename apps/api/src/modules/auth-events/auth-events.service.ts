import type { AuthEvent } from "@parley/contracts";
import type { Database } from "@parley/db";
import { eq } from "drizzle-orm";
import {
  auditLog,
  chatbots,
  contactRequests,
  conversations,
  payments,
  platformUsers,
  processedAuthEvents,
  subscriptions,
} from "../../db/schema";
import type { AuditService } from "../workspaces/audit.service";

/**
 * Applies events from the auth service. `user.deleted` removes everything of that user that the
 * API holds; payment records are kept for accounting but detached from the person.
 */
export function createAuthEventsService(deps: {
  db: Database;
  forgetUser: (userId: string) => void;
  audit: AuditService;
}) {
  return {
    async handle(event: AuthEvent): Promise<{ duplicate: boolean }> {
      const outcome = await deps.db.transaction(async (tx) => {
        const fresh = await tx
          .insert(processedAuthEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: processedAuthEvents.id });
        if (fresh.length === 0) return { duplicate: true };
        if (event.type === "workspace.audit") {
          await deps.audit.record(event.data, tx);
          return { duplicate: false };
        }
        // The user's personal workspace (id = user id) and everything in it goes with them.
        const { userId } = event.data;
        // Chatbots take their sources, chunks, conversations, messages and leads with them.
        await tx.delete(chatbots).where(eq(chatbots.ownerId, userId));
        await tx.delete(conversations).where(eq(conversations.ownerId, userId));
        await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
        await tx.delete(contactRequests).where(eq(contactRequests.userId, userId));
        await tx
          .update(payments)
          .set({ userId: `deleted:${event.id}` })
          .where(eq(payments.userId, userId));
        await tx.delete(platformUsers).where(eq(platformUsers.id, userId));
        await tx.delete(auditLog).where(eq(auditLog.workspaceId, userId));
        return { duplicate: false };
      });
      if (event.type === "user.deleted") deps.forgetUser(event.data.userId);
      return outcome;
    },
  };
}
export type AuthEventsService = ReturnType<typeof createAuthEventsService>;
