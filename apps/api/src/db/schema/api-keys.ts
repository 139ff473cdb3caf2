import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cascadeTo } from "./_columns";

/**
 * Workspace API keys for the public API (/api/v1). A key acts for its workspace, never for a
 * person. Only the sha256 of the key is stored; `prefix` and `last4` let people tell keys apart.
 * Revoked keys stay (revokedAt set) so the audit log and the list keep naming them.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    workspaceId: text().notNull(),
    name: text().notNull(),
    /** The key's visible start (e.g. `pk_3f9a`), shown in lists. */
    prefix: text().notNull(),
    last4: text().notNull(),
    /** Hex sha256 of the whole key. */
    keyHash: text().notNull(),
    scopes: jsonb().$type<("chat" | "read" | "write")[]>().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdById: text(),
    createdByEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Messages answered through each API key per calendar month (UTC), beside the workspace's count. */
export const apiKeyUsage = pgTable(
  "api_key_usage",
  {
    keyId: cascadeTo(() => apiKeys.id),
    /** The first day of the month (UTC). */
    month: date({ mode: "string" }).notNull(),
    messages: integer().notNull().default(0),
    requests: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.month] })],
);
