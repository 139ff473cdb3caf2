import {
  englishCatalogOf,
  type MessageTable,
  setServerCatalog,
  translateServerMessage,
} from "./server-messages";

/**
 * English server messages matched to their codes (exact text, then `{{placeholder}}` templates):
 * what the servers do once when they send a message, and what the apps do for a text sent without
 * its code. Apart from `server-messages.ts` so that an English reader's first paint carries neither
 * this nor the catalog (the apps load both with another language's table).
 */

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
  catalog: MessageTable = englishCatalogOf(),
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
 * The translation of an English server message sent without its code: its code from the English
 * catalog, then that code in `table`. Null when either does not know it.
 */
export function lookupServerMessage(
  table: MessageTable,
  message: string,
  catalog: MessageTable = englishCatalogOf(),
): string | null {
  const found = matchServerMessage(message, catalog);
  return found ? translateServerMessage(table, found.messageKey, found.values) : null;
}

/** Makes `catalog` the English one that texts sent without a code are matched against. */
export function registerServerCatalog(catalog: MessageTable): void {
  setServerCatalog(catalog, (table, message) => lookupServerMessage(table, message, catalog));
}
