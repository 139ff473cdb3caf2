import type { WidgetCustomer } from "@parley/contracts";
import type { ConversationAccess } from "../conversations/access";

/**
 * Who is asking: the visitor id (a bearer secret kept in the host page's storage) and, when the
 * business vouched for them with a valid signature, the verified customer.
 */
export interface Visitor {
  visitorId: string;
  customer: WidgetCustomer | null;
}

/**
 * Which of a bot's conversations a visitor may read and continue (the rule itself is the
 * conversations module's: see ConversationAccess).
 */
export const accessOf = (chatbotId: string, who: Visitor): ConversationAccess => ({
  visitor: { chatbotId, visitorId: who.visitorId, customerId: who.customer?.userId ?? null },
});
