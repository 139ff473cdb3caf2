import type { WidgetCustomer } from "@parley/contracts";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { conversations } from "../../db/schema";

/**
 * Who is asking: the visitor id (a bearer secret kept in the host page's storage) and, when the
 * business vouched for them with a valid signature, the verified customer.
 */
export interface Visitor {
  visitorId: string;
  customer: WidgetCustomer | null;
}

/**
 * Which conversations a visitor may read and continue: a verified customer's own (on any device),
 * or this visitor id's anonymous ones. A customer's conversation is never reachable by visitor id
 * alone, so signing out on a shared computer leaves nothing for the next person.
 */
export function accessibleBy(who: Visitor): SQL {
  const anonymous = and(isNull(conversations.customerId), eq(conversations.visitorId, who.visitorId));
  const customer = who.customer ? eq(conversations.customerId, who.customer.userId) : sql`false`;
  return sql`(${anonymous} or ${customer})`;
}
