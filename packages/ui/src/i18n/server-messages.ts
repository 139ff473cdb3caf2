import type { Language } from "./languages";

/**
 * Server messages in the reader's language. The API keeps its closed error codes and English
 * texts (word for word from the spec); the apps show each message through this:
 *
 * - English readers see the server's text as it is;
 * - other languages look the English text up in their table (exact, then templates such as
 *   "Up to {{max}} chatbots on your plan"), and fall back to the message for the error's code, never
 *   to the English text.
 */
export type MessageTable = Record<string, string>;

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
  /** How much fixed text it has: the more, the more specific. */
  literal: number;
}

const compiled = new WeakMap<MessageTable, Template[]>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function templatesOf(table: MessageTable): Template[] {
  let templates = compiled.get(table);
  if (templates) return templates;
  templates = [];
  for (const [english, translation] of Object.entries(table)) {
    if (!english.includes("{{")) continue;
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
    templates.push({ pattern: new RegExp(`^${source}$`, "s"), names, translation, literal });
  }
  // The most specific first: "The receiver answered {{status}}." before "{{url}} answered {{status}}."
  // (a stable sort: templates as specific as each other keep the table's order).
  templates.sort((a, b) => b.literal - a.literal);
  compiled.set(table, templates);
  return templates;
}

/** The translation of one English server message, or null when the table does not know it. */
export function lookupServerMessage(table: MessageTable, message: string): string | null {
  const text = message.trim();
  const exact = table[text];
  if (exact !== undefined) return exact;
  for (const t of templatesOf(table)) {
    const match = t.pattern.exec(text);
    if (!match) continue;
    return t.translation.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
      const index = t.names.indexOf(name);
      return index >= 0 ? (match[index + 1] ?? whole) : whole;
    });
  }
  return null;
}

/**
 * What a reader of `language` sees for a server error: the server's own text in English; in
 * another language, its translation, else `codeMessage` (the code's message in that language).
 */
export function serverMessageFor(
  language: Language,
  message: string | undefined,
  table: MessageTable,
  codeMessage: string,
): string {
  if (language === "en") return message?.trim() ? message : codeMessage;
  if (!message) return codeMessage;
  return lookupServerMessage(table, message) ?? codeMessage;
}
