import type { Database } from "@parley/db";

/**
 * A transaction or the database itself: repository functions that take one work inside either, so
 * a caller (account deletion) can make several modules' changes atomic without touching their tables.
 */
export type Tx = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;
