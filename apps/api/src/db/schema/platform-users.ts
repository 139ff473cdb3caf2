import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./_columns";

/**
 * The API's record of a signed-in user. `id` is the auth service's user id (the JWT `sub`), so an
 * e-mail change on the auth side simply updates this row on the next request.
 */
export const platformUsers = pgTable(
  "platform_users",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    role: text().notNull().default("user"),
    /** When the demo account got its demo chatbot (embedded default only). */
    demoSeededAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  // The operator's console finds people by the beginning of their address or name.
  (t) => [
    index("platform_users_email_prefix_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
    index("platform_users_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
  ],
);
export type PlatformUserRow = typeof platformUsers.$inferSelect;
