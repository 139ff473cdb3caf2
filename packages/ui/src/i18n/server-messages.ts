/**
 * Server messages by code (issue #32). Every message a person can see has a stable code in
 * `server-catalog.ts` (English) and the same code in each language's table (`locales/ar/server.ts`).
 * The API and the auth service send it with the English text: `{ message, messageKey, values }`
 * (the error body, and each field of its `details`). The apps show:
 *
 * - English readers: the server's text as it is (word for word from the spec);
 * - other languages: the code's translation with the values filled in; for a message sent without
 *   a code (an older server, a status text in a non-error body, better-auth's own bodies) the
 *   English text is matched against the English catalog to find its code (`matchServerMessage`);
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
export function setServerCatalog(catalog: MessageTable): void {
  englishCatalog = catalog;
}

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
  /** How much fixed text it has: the more, the more specific. */
  literal: number;
}

interface Compiled {
  exact: Map<string, string>;
  templates: Template[];
}

const compiled = new WeakMap<MessageTable, Compiled>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const own = (table: MessageTable, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

function compile(catalog: MessageTable): Compiled {
  let done = compiled.get(catalog);
  if (done) return done;
  done = { exact: new Map(), templates: [] };
  for (const [key, english] of Object.entries(catalog)) {
    if (!english.includes("{{")) {
      if (!done.exact.has(english)) done.exact.set(english, key);
      continue;
    }
    const names: string[] = [];
    const source = english
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    const literal = english.replace(/\{\{\w+\}\}/g, "").length;
    done.templates.push({ key, pattern: new RegExp(`^${source}$`, "s"), names, literal });
  }
  // The most specific first: "The receiver answered {{status}}." before "{{url}} answered {{status}}."
  // (a stable sort: templates as specific as each other keep the catalog's order).
  done.templates.sort((a, b) => b.literal - a.literal);
  compiled.set(catalog, done);
  return done;
}

/**
 * The code and values of an English server message (exact text first, then templates), or null
 * when the catalog does not know it. The servers call it once, when they send a message.
 */
export function matchServerMessage(
  message: string,
  catalog: MessageTable = englishCatalog,
): { messageKey: string; values?: Record<string, string> } | null {
  const text = message.trim();
  const { exact, templates } = compile(catalog);
  const key = exact.get(text);
  if (key !== undefined) return { messageKey: key };
  for (const t of templates) {
    const match = t.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    t.names.forEach((name, i) => {
      values[name] = match[i + 1] ?? "";
    });
    return { messageKey: t.key, values };
  }
  return null;
}

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
 * The translation of an English server message sent without its code: its code from the English
 * catalog, then that code in `table`. Null when either does not know it.
 */
export function lookupServerMessage(
  table: MessageTable,
  message: string,
  catalog: MessageTable = englishCatalog,
): string | null {
  const found = matchServerMessage(message, catalog);
  return found ? translateServerMessage(table, found.messageKey, found.values) : null;
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
    (message ? lookupServerMessage(table, message) : null) ??
    codeMessage
  );
}
