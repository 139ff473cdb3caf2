import { en, type WidgetCatalog } from "./i18n/en";

/**
 * The chat page's language: English or Arabic. English ships with the page; Arabic is a separate
 * chunk loaded only for a visitor the page speaks Arabic to. `t()` reads the current catalog.
 */
export type WidgetLanguage = "en" | "ar";
export type WidgetKey = keyof WidgetCatalog;

let catalog: WidgetCatalog = en;
let current: WidgetLanguage = "en";

const supported = (value: string | null | undefined): WidgetLanguage | null => {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return base === "en" || base === "ar" ? base : null;
};

/**
 * The language the visitor wants: `?lang=` on the chat page (embed.js passes the one it settled
 * on, from the site's data-lang or the browser), else the language they picked on Parley's own
 * pages (the app's `parley_lang` cookie: the demo and direct links), else the first of the
 * browser's languages the widget knows, else English. The bot's config then says which it speaks.
 */
export function wantedLanguage(query: string, browser: readonly string[], cookie = ""): WidgetLanguage {
  const asked = supported(new URLSearchParams(query).get("lang"));
  if (asked) return asked;
  const picked = /(?:^|;\s*)parley_lang=(en|ar)(?:;|$)/.exec(cookie)?.[1];
  if (picked) return picked as WidgetLanguage;
  for (const language of browser) {
    const known = supported(language);
    if (known) return known;
  }
  return "en";
}

export const language = () => current;

/** Loads the catalog (Arabic on demand) and sets lang/dir on the page's <html>. */
export async function setLanguage(next: WidgetLanguage, doc: Document = document): Promise<void> {
  catalog = next === "ar" ? (await import("./i18n/ar")).ar : en;
  current = next;
  doc.documentElement.lang = next;
  doc.documentElement.dir = next === "ar" ? "rtl" : "ltr";
}

/**
 * A text in the current language, with `{slot}`s filled. In Arabic each value is isolated
 * (U+2068…U+2069) so a Latin name or an e-mail keeps its order inside the sentence.
 */
export function t(key: WidgetKey, values?: Record<string, string | number>): string {
  const text = catalog[key] ?? en[key];
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => {
    const value = values[name];
    if (value === undefined) return slot;
    return current === "ar" ? `\u2068${value}\u2069` : String(value);
  });
}

/** The server's message in English; in another language, ours for its error code. */
export function serverText(code: string, message: string, fallback: WidgetKey = "generic"): string {
  if (current === "en") return message;
  const byCode: Record<string, WidgetKey> = {
    RATE_LIMITED: message.includes("asked for a person")
      ? "askedTooOften"
      : message.includes("chat windows")
        ? "tooManyWindows"
        : message.includes("network")
          ? "tooMany"
          : "tooFast",
    CONFLICT: "conversationFull",
    NOT_FOUND: "goneTitle",
    FORBIDDEN: message.includes("person") ? "noPerson" : "noLeads",
    VALIDATION_FAILED: "invalidEmail",
  };
  return t(byCode[code] ?? fallback);
}
