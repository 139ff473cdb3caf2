import type { Database } from "@parley/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import { type ChatbotRow, conversations } from "../../db/schema";
import { accessibleBy, type Visitor } from "./widget-visitor";

/**
 * Where the chat page picks up when it opens: a verified customer's latest conversation, else
 * this visitor's latest anonymous one.
 */
export function createWidgetSessions(deps: { db: Database }) {
  const { db } = deps;
  return {
    /**
     * The id of the conversation to resume, or null. A verified customer takes over this
     * visitor's earlier anonymous conversations (they were signed in on this browser, so those
     * are theirs); the e-mail and name the business sent label all of theirs in the inbox.
     */
    async resume(bot: ChatbotRow, who: Visitor): Promise<string | null> {
      const { customer } = who;
      if (customer) {
        await db
          .update(conversations)
          .set({
            customerId: customer.userId,
            customerEmail: customer.email ?? null,
            customerName: customer.name || null,
          })
          .where(
            and(
              eq(conversations.chatbotId, bot.id),
              eq(conversations.channel, "widget"),
              eq(conversations.visitorId, who.visitorId),
              isNull(conversations.customerId),
            ),
          );
        if (customer.email || customer.name) {
          await db
            .update(conversations)
            .set({
              ...(customer.email ? { customerEmail: customer.email } : {}),
              ...(customer.name ? { customerName: customer.name } : {}),
            })
            .where(and(eq(conversations.chatbotId, bot.id), eq(conversations.customerId, customer.userId)));
        }
      }
      const [latest] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(eq(conversations.chatbotId, bot.id), eq(conversations.channel, "widget"), accessibleBy(who)),
        )
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(1);
      return latest?.id ?? null;
    },
  };
}
export type WidgetSessions = ReturnType<typeof createWidgetSessions>;
