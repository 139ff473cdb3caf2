import type { Database } from "@parley/db";
import { and, eq, isNotNull, lte, ne } from "drizzle-orm";
import { chatbots, knowledgeSources } from "../../db/schema";

/**
 * Which sources are due and who runs them: each due source is claimed by moving its
 * `next_sync_at` forward only if it still holds the value read (compare and set), so however many
 * replicas look at once, one of them queues the sync.
 */
export function createResyncSchedule(db: Database) {
  return {
    /** The bot's time zone (its office hours'), or UTC. */
    async timeZoneOf(chatbotId: string): Promise<string> {
      const [bot] = await db
        .select({ handoff: chatbots.handoff })
        .from(chatbots)
        .where(eq(chatbots.id, chatbotId));
      return bot?.handoff.officeHours?.timeZone ?? "UTC";
    },
    async due(at: Date, limit = 100) {
      return db
        .select({
          id: knowledgeSources.id,
          chatbotId: knowledgeSources.chatbotId,
          workspaceId: knowledgeSources.workspaceId,
          resync: knowledgeSources.resync,
          status: knowledgeSources.status,
          nextSyncAt: knowledgeSources.nextSyncAt,
        })
        .from(knowledgeSources)
        .where(
          and(
            isNotNull(knowledgeSources.nextSyncAt),
            lte(knowledgeSources.nextSyncAt, at),
            ne(knowledgeSources.resync, "off"),
          ),
        )
        .limit(limit);
    },
    /** Moves the source's next run from `was` to `next`; false when another replica did first. */
    async claim(sourceId: string, was: Date, next: Date | null): Promise<boolean> {
      const rows = await db
        .update(knowledgeSources)
        .set({ nextSyncAt: next })
        .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.nextSyncAt, was)))
        .returning({ id: knowledgeSources.id });
      return rows.length === 1;
    },
  };
}
export type ResyncScheduleRepo = ReturnType<typeof createResyncSchedule>;
