import { index, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./_columns";

/** Messages from the public contact form and the signed-in support form. */
export const contactRequests = pgTable(
  "contact_requests",
  {
    id: text().primaryKey(),
    kind: text({ enum: ["contact", "support"] }).notNull(),
    /** Platform user id for support requests; null for anonymous contact. */
    userId: text(),
    name: text().notNull(),
    email: text().notNull(),
    company: text(),
    topic: text().notNull(),
    message: text().notNull(),
    ...timestamps,
  },
  (t) => [index("contact_requests_user_idx").on(t.userId)],
);
