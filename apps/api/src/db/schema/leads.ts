import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { chatbots } from "./chatbots";
import { conversations } from "./conversations";

/** Contact details a visitor left in the widget, with the conversation they came from. */
export const leads = pgTable(
  "leads",
  {
    id: text().primaryKey(),
    chatbotId: text()
      .notNull()
      .references(() => chatbots.id, { onDelete: "cascade" }),
    ownerId: text().notNull(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    email: text().notNull(),
    name: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leads_owner_idx").on(t.ownerId, t.createdAt),
    index("leads_conversation_idx").on(t.conversationId),
  ],
);
