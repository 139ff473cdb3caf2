import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { cascadeTo } from "./_columns";
import { chatbots } from "./chatbots";
import { conversations } from "./conversations";

/**
 * Contact details of a customer, with the conversation they came from: what a visitor left in the
 * widget, or a WhatsApp customer's number and profile name when they asked for a person.
 */
export const leads = pgTable(
  "leads",
  {
    id: text().primaryKey(),
    chatbotId: cascadeTo(() => chatbots.id),
    workspaceId: text("owner_id").notNull(),
    conversationId: cascadeTo(() => conversations.id),
    /** Left in the widget's form; null for a WhatsApp customer, who is reached by `phone`. */
    email: text(),
    name: text(),
    /** A WhatsApp customer's number (E.164 digits). */
    phone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leads_owner_idx").on(t.workspaceId, t.createdAt),
    index("leads_conversation_idx").on(t.conversationId),
  ],
);
