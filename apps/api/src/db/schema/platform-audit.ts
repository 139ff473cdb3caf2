import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The operator's console's log (issue #33): every action platform staff take, with who, what,
 * the state before and after, and the reason the operator typed. Written in the action's own
 * transaction where there is one; never edited or deleted by the app.
 */
export const platformAuditLog = pgTable(
  "platform_audit_log",
  {
    id: text().primaryKey(),
    actorId: text().notNull(),
    actorEmail: text().notNull(),
    /** `subscription.granted`, `plan.edited`, `chatbot.suspended`, `chatbot.unsuspended`… */
    action: text().notNull(),
    /** `workspace`, `plan`, `chatbot`, `payment`. */
    targetType: text().notNull(),
    targetId: text().notNull(),
    /** The workspace the target belongs to, when it belongs to one. */
    workspaceId: text(),
    reason: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("platform_audit_created_idx").on(t.createdAt, t.id),
    index("platform_audit_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);
export type PlatformAuditRow = typeof platformAuditLog.$inferSelect;

/**
 * Workspaces platform staff switched off (the operator's console): every bot of the workspace,
 * present and future, answers the neutral "unavailable" notice until the row is removed.
 */
export const workspaceSuspensions = pgTable("workspace_suspensions", {
  workspaceId: text().primaryKey(),
  suspendedAt: timestamp({ withTimezone: true }).notNull(),
  reason: text().notNull(),
  suspendedBy: text().notNull(),
});
export type WorkspaceSuspensionRow = typeof workspaceSuspensions.$inferSelect;
