import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Who did what in a workspace: membership changes (reported by the auth service), bot settings
 * changes, data deletions and plan changes. Read by the workspace's owners and admins.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text().primaryKey(),
    workspaceId: text().notNull(),
    action: text().notNull(),
    actorId: text(),
    actorEmail: text(),
    /** What the action was about: an e-mail address, a bot id, a plan name. */
    target: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_workspace_idx").on(t.workspaceId, t.createdAt)],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
