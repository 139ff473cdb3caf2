/**
 * Server messages by code (issue #32). Every message a person can see has a stable code in
 * `server-catalog.ts` (English) and the same code in each language's table (`locales/ar/server.ts`).
 * The API and the auth service send it with the English text: `{ message, messageKey, values }`
 * (the error body, and each field of its `details`). The apps show:
 *
 * - English readers: the server's text as it is (word for word from the spec);
 * - other languages: the code's translation with the values filled in; for a message sent without
 *   a code (an older server, a status text in a non-error body, better-auth's own bodies) the
 *   English text is matched against the English catalog to find its code (`server-match.ts`);
 *   else the message for the error's code, never the English text.
 *
 * Values are plain text: they are filled in once (a value holding `{{x}}` stays as it is) and the
 * apps render the result as text, never as HTML.
 */

/** A language's texts by code (the English catalog, or a translation). */
export type MessageTable = Readonly<Record<string, string>>;
/** What fills a message's `{{name}}` placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A message's code and values, as the servers send them next to the English text. */
export interface KeyedMessage {
  messageKey?: string | undefined;
  values?: MessageValues | undefined;
}

/**
 * The English catalog (`server-catalog.ts`) that English texts sent without a code are matched
 * against. The servers import it (`server-keys.ts`); the apps load it with another language's
 * table (`loadLanguage`), so an English reader's first paint never carries it.
 */
let englishCatalog: MessageTable = {};
/** The translation, in a table, of an English text matched in that catalog (`server-match.ts`). */
let englishLookup: ((table: MessageTable, message: string) => string | null) | null = null;
export function setServerCatalog(
  catalog: MessageTable,
  lookup: (table: MessageTable, message: string) => string | null,
): void {
  englishCatalog = catalog;
  englishLookup = lookup;
}
/** The English catalog registered so far (empty until it is loaded). */
export const englishCatalogOf = (): MessageTable => englishCatalog;

const own = (table: MessageTable, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * A template with its placeholders filled from `values`, in one pass (a value is text: a `{{x}}`
 * inside it is not filled again). Null when a placeholder has no value (never a raw `{{count}}`).
 */
export function fillServerMessage(template: string, values: MessageValues | undefined): string | null {
  let missing = false;
  const filled = template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = values && Object.hasOwn(values, name) ? values[name] : undefined;
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
      return String(value);
    missing = true;
    return "";
  });
  return missing ? null : filled;
}

/** The message for `messageKey` in a language's table, filled in; null when unknown or incomplete. */
export function translateServerMessage(
  table: MessageTable,
  messageKey: string | undefined,
  values?: MessageValues,
): string | null {
  if (!messageKey) return null;
  const template = own(table, messageKey);
  return template === undefined ? null : fillServerMessage(template, values);
}

/**
 * What a reader of `language` sees for a server message: the server's own text in English; in
 * another language, the translation of its code (`keyed`, as sent), else of the code its English
 * matches, else `codeMessage` (the error code's message in that language).
 */
export function serverMessageFor(
  /** The reader's language (a `Language`; a plain string so the servers need no DOM types). */
  language: string,
  message: string | undefined,
  table: MessageTable,
  codeMessage: string,
  keyed?: KeyedMessage,
): string {
  if (language === "en") {
    if (message?.trim()) return message;
    return translateServerMessage(englishCatalog, keyed?.messageKey, keyed?.values) ?? codeMessage;
  }
  return (
    translateServerMessage(table, keyed?.messageKey, keyed?.values) ??
    (message && englishLookup ? englishLookup(table, message) : null) ??
    codeMessage
  );
}
