import { type ServerMessageKey, serverCatalog } from "./server-catalog";
import { matchServerMessage, registerServerCatalog } from "./server-match";
import { fillServerMessage, type KeyedMessage, type MessageValues } from "./server-messages";

export { type ServerMessageKey, serverCatalog };

// A server holds the catalog whole: the lookups that take no catalog use it too.
registerServerCatalog(serverCatalog);

/**
 * The servers' side of server messages by code (issue #32): the code of each message they send,
 * found in the English catalog, which they import whole (the apps load it only with another
 * language, see `server-messages.ts`).
 */

/** The code and values of an English message, for an error body (empty when it has none). */
export function messageKeyOf(message: string): KeyedMessage {
  return matchServerMessage(message, serverCatalog) ?? {};
}

/** Field problems (`details`), each with its message's code and values when it has them. */
export function withMessageKeys<T extends { message: string } & KeyedMessage>(details: T[]): T[] {
  return details.map((detail) =>
    detail.messageKey ? detail : { ...detail, ...matchServerMessage(detail.message, serverCatalog) },
  );
}

/** The `{{name}}` placeholders of a template, as a union of names. */
type PlaceholdersOf<S extends string> = S extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** The values a code's message needs: none, or one for each of its placeholders (checked by the compiler). */
export type ServerMessageArgs<K extends ServerMessageKey> = [
  PlaceholdersOf<(typeof serverCatalog)[K]>,
] extends [never]
  ? []
  : [values: Record<PlaceholdersOf<(typeof serverCatalog)[K]>, string | number>];

/** A message named by its code at the site that sends it: its English, code and values. */
export interface ServerMessage {
  message: string;
  messageKey: ServerMessageKey;
  values?: MessageValues;
}

/**
 * A message by its code, for a throw site that names it (`AppError.of` in the API): the English
 * is the catalog's, filled in, so the code and the English never drift apart.
 */
export function serverMessage<K extends ServerMessageKey>(
  messageKey: K,
  ...args: ServerMessageArgs<K>
): ServerMessage {
  const values = args[0] as MessageValues | undefined;
  const message = fillServerMessage(serverCatalog[messageKey], values);
  if (message === null) throw new Error(`server message ${messageKey}: a placeholder has no value`);
  return values ? { message, messageKey, values } : { message, messageKey };
}
