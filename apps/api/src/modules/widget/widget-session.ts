import type { ChatbotRow } from "../../db/schema";
import type { ConversationsRepo } from "../conversations/conversations.repo";
import { accessOf, type Visitor } from "./widget-visitor";

/**
 * Where the chat page picks up when it opens: a verified customer's latest conversation, else
 * this visitor's latest anonymous one. The conversations module does the writing.
 */
export function createWidgetSessions(deps: { conversations: ConversationsRepo }) {
  const { conversations } = deps;
  return {
    /**
     * The id of the conversation to resume, or null. A verified customer takes over this
     * visitor's earlier anonymous conversations (they were signed in on this browser, so those
     * are theirs); the e-mail and name the business sent label all of theirs in the inbox.
     */
    async resume(bot: ChatbotRow, who: Visitor): Promise<string | null> {
      if (who.customer) await conversations.assignToCustomer(bot.id, who.visitorId, who.customer);
      return conversations.latestWidgetConversation(bot.id, accessOf(bot.id, who));
    },
  };
}
export type WidgetSessions = ReturnType<typeof createWidgetSessions>;
