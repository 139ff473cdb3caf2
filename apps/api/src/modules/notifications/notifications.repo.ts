import type { NotificationMode } from "@parley/contracts";
import type { Database } from "@parley/db";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { memberNotificationPrefs } from "../../db/schema";

export interface PrefRow {
  workspaceId: string;
  userId: string;
  email: NotificationMode;
  digestThrough: Date | null;
}

const columns = {
  workspaceId: memberNotificationPrefs.workspaceId,
  userId: memberNotificationPrefs.userId,
  email: memberNotificationPrefs.email,
  digestThrough: memberNotificationPrefs.digestThrough,
};

/** The member_notification_prefs table's one owner: each member's e-mail setting per workspace. */
export function createNotificationsRepo(db: Database) {
  return {
    async find(workspaceId: string, userId: string): Promise<PrefRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(memberNotificationPrefs)
        .where(
          and(
            eq(memberNotificationPrefs.workspaceId, workspaceId),
            eq(memberNotificationPrefs.userId, userId),
          ),
        );
      return row;
    },

    /** Every saved setting of a workspace (members without a row get the default). */
    forWorkspace(workspaceId: string): Promise<PrefRow[]> {
      return db
        .select(columns)
        .from(memberNotificationPrefs)
        .where(eq(memberNotificationPrefs.workspaceId, workspaceId));
    },

    /**
     * Saves a member's setting. Switching to `hourly` starts the digest's window now (the first
     * digest lists what comes after the switch); staying on `hourly` keeps the window.
     */
    async save(workspaceId: string, userId: string, email: NotificationMode, at: Date): Promise<void> {
      await db
        .insert(memberNotificationPrefs)
        .values({ workspaceId, userId, email, digestThrough: email === "hourly" ? at : null, updatedAt: at })
        .onConflictDoUpdate({
          target: [memberNotificationPrefs.workspaceId, memberNotificationPrefs.userId],
          set: {
            email,
            updatedAt: at,
            // Staying on hourly keeps the window; switching to it starts one now.
            digestThrough:
              email === "hourly"
                ? sql`case when ${memberNotificationPrefs.email} = 'hourly' and ${memberNotificationPrefs.digestThrough} is not null
                    then ${memberNotificationPrefs.digestThrough} else ${at.toISOString()}::timestamptz end`
                : null,
          },
        });
    },

    /** Hourly members whose window began at or before `dueBefore` (an hour ago), or never began. */
    dueDigests(dueBefore: Date, limit: number): Promise<PrefRow[]> {
      return db
        .select(columns)
        .from(memberNotificationPrefs)
        .where(
          and(
            eq(memberNotificationPrefs.email, "hourly"),
            or(
              isNull(memberNotificationPrefs.digestThrough),
              lte(memberNotificationPrefs.digestThrough, dueBefore),
            ),
          ),
        )
        .limit(limit);
    },

    /**
     * Moves a member's digest window from `from` to `to`, only if nobody else did (another replica
     * running the same job): true when this caller now owns the window (from, to].
     */
    async advanceDigest(row: PrefRow, to: Date): Promise<boolean> {
      const moved = await db
        .update(memberNotificationPrefs)
        .set({ digestThrough: to })
        .where(
          and(
            eq(memberNotificationPrefs.workspaceId, row.workspaceId),
            eq(memberNotificationPrefs.userId, row.userId),
            eq(memberNotificationPrefs.email, "hourly"),
            row.digestThrough
              ? eq(memberNotificationPrefs.digestThrough, row.digestThrough)
              : isNull(memberNotificationPrefs.digestThrough),
          ),
        )
        .returning({ userId: memberNotificationPrefs.userId });
      return moved.length > 0;
    },

    /** Account deletion: the user's settings in every workspace, and their personal workspace's. */
    async eraseUser(userId: string): Promise<void> {
      await db
        .delete(memberNotificationPrefs)
        .where(
          or(eq(memberNotificationPrefs.userId, userId), eq(memberNotificationPrefs.workspaceId, userId)),
        );
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
