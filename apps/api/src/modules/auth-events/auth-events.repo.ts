import { processedAuthEvents } from "../../db/schema";
import type { Tx } from "../../db/tx";

/** The processed_auth_events table's one owner: which auth events this API has already applied. */
export function createAuthEventsRepo() {
  return {
    /** Whether this call is the first to see the event (inside the transaction that applies it). */
    async claim(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
      const fresh = await tx
        .insert(processedAuthEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: processedAuthEvents.id });
      return fresh.length > 0;
    },
  };
}
export type AuthEventsRepo = ReturnType<typeof createAuthEventsRepo>;
