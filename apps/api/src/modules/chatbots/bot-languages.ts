import {
  type BotLanguage,
  type BotTexts,
  type ChatbotUpdate,
  DEFAULT_BOT_TEXTS,
  effectiveFallbackReply,
  type FallbackOffers,
} from "@parley/contracts";
import type { ChatbotRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { detectLanguage } from "../retrieval/arabic";

/**
 * A bot's languages. The top-level texts (greeting, suggested questions, fallback reply, launcher
 * text, greeting bubble, the live-chat handoff and off-hours replies) are in `defaultLanguage`; `translations` holds them for each other
 * language. Changing the default language swaps the texts, so a text never changes language.
 */

/** What a new bot says in each language until its owner writes its own. */
export const DEFAULT_TEXTS = DEFAULT_BOT_TEXTS;

export type LanguageRow = Pick<
  ChatbotRow,
  | "defaultLanguage"
  | "languages"
  | "translations"
  | "greeting"
  | "suggestedQuestions"
  | "fallbackReply"
  | "handoffReply"
  | "offHoursReply"
  | "theme"
  | "greetingBubble"
>;

/** The default language's texts, as stored in the top-level columns. */
const topTexts = (bot: LanguageRow): BotTexts => ({
  greeting: bot.greeting,
  suggestedQuestions: bot.suggestedQuestions,
  fallbackReply: bot.fallbackReply,
  launcherText: bot.theme.launcherText,
  greetingBubbleText: bot.greetingBubble.text,
  // Live chat texts came later: a bot that never wrote them says the language's default.
  handoffReply: bot.handoffReply || DEFAULT_TEXTS[bot.defaultLanguage].handoffReply,
  offHoursReply: bot.offHoursReply || DEFAULT_TEXTS[bot.defaultLanguage].offHoursReply,
});

/** The bot's texts in `language` (a language without its own texts yet gets the defaults). */
export function textsFor(bot: LanguageRow, language: BotLanguage): BotTexts {
  if (language === bot.defaultLanguage) return topTexts(bot);
  const own = bot.translations[language];
  return {
    ...DEFAULT_TEXTS[language],
    ...own,
    handoffReply: own?.handoffReply || DEFAULT_TEXTS[language].handoffReply,
    offHoursReply: own?.offHoursReply || DEFAULT_TEXTS[language].offHoursReply,
  };
}

/** What the bot offers a visitor it could not answer: the e-mail form, a person (live chat). */
export function fallbackOffers(bot: Pick<ChatbotRow, "leadCapture" | "handoff">): FallbackOffers {
  return { leadCapture: bot.leadCapture, liveChat: bot.handoff?.enabled === true };
}

/**
 * The fallback reply the bot says in `language`: the owner's words as written, or while it is a
 * default (never rewritten, or written before the defaults matched the offers) the default that
 * matches what the bot offers now (see `effectiveFallbackReply`), or what the channel can offer
 * (`offers`: the public API offers neither the e-mail form nor a person).
 */
export function fallbackReplyFor(
  bot: LanguageRow & Pick<ChatbotRow, "leadCapture" | "handoff">,
  language: BotLanguage,
  offers: FallbackOffers = fallbackOffers(bot),
): string {
  return effectiveFallbackReply(textsFor(bot, language).fallbackReply, language, offers);
}

/** The language the widget speaks to a visitor who wants `wanted`: it, if the bot speaks it. */
export function widgetLanguage(
  bot: Pick<ChatbotRow, "defaultLanguage" | "languages">,
  wanted: BotLanguage | undefined,
): BotLanguage {
  return wanted && bot.languages.includes(wanted) ? wanted : bot.defaultLanguage;
}

/**
 * The language of a reply: the question's own (`detected`) when the bot speaks it, else the
 * widget's, else the bot's default. `detected` is undefined when the text says nothing (digits,
 * emoji, a bare URL) or when no detection is available.
 */
export function replyLanguage(
  bot: Pick<ChatbotRow, "defaultLanguage" | "languages">,
  detected: BotLanguage | undefined,
  widget: BotLanguage | undefined,
): BotLanguage {
  if (detected && bot.languages.includes(detected)) return detected;
  return widgetLanguage(bot, widget);
}

/** Top-level and language columns an edit sets (before the edit's own top-level fields apply). */
export interface LanguageColumns {
  defaultLanguage?: BotLanguage;
  languages?: BotLanguage[];
  translations?: ChatbotRow["translations"];
  greeting?: string;
  suggestedQuestions?: string[];
  fallbackReply?: string;
  handoffReply?: string;
  offHoursReply?: string;
  theme?: ChatbotRow["theme"];
  greetingBubble?: ChatbotRow["greetingBubble"];
}

/**
 * The language columns an edit (or a creation, with `current` the new row's defaults) sets:
 * - a new default language swaps texts: the old default's go into `translations`, the new one's
 *   (or its defaults) come out into the top-level columns;
 * - `translations` in the edit are merged field by field per language;
 * - every supported language other than the default has texts (the defaults until written);
 * - the supported set holds the default: a new default is added to it, an explicit set without
 *   it is refused.
 */
export function languageColumns(input: ChatbotUpdate, current: LanguageRow): LanguageColumns {
  const set: LanguageColumns = {};
  const before = current.defaultLanguage;
  const next = input.defaultLanguage ?? before;
  const translations: ChatbotRow["translations"] = { ...current.translations };
  let touched = false;

  if (next !== before) {
    translations[before] = topTexts(current);
    const incoming = textsFor(current, next);
    delete translations[next];
    set.defaultLanguage = next;
    set.greeting = incoming.greeting;
    set.suggestedQuestions = incoming.suggestedQuestions;
    set.fallbackReply = incoming.fallbackReply;
    set.handoffReply = incoming.handoffReply;
    set.offHoursReply = incoming.offHoursReply;
    set.theme = { ...current.theme, launcherText: incoming.launcherText };
    set.greetingBubble = { ...current.greetingBubble, text: incoming.greetingBubbleText };
    touched = true;
  }

  for (const [language, texts] of Object.entries(input.translations ?? {}) as [
    BotLanguage,
    Partial<BotTexts> | undefined,
  ][]) {
    if (!texts) continue;
    if (language === next) {
      throw new AppError(
        "VALIDATION_FAILED",
        "The default language's texts are the top-level fields (greeting, fallbackReply…), not translations",
        [
          {
            path: `body.translations.${language}`,
            message: "Use the top-level fields for the default language",
          },
        ],
      );
    }
    translations[language] = { ...textsFor(current, language), ...translations[language], ...texts };
    touched = true;
  }

  let languages = [...new Set(input.languages ?? current.languages)];
  if (!languages.includes(next)) {
    if (input.languages) {
      throw new AppError("VALIDATION_FAILED", "The supported languages must include the default language", [
        { path: "body.languages", message: "The supported languages must include the default language" },
      ]);
    }
    languages = [next, ...languages];
  }
  // Stored in a fixed order, so an edit that only reorders changes nothing.
  languages.sort((a, b) => (a === next ? -1 : b === next ? 1 : a.localeCompare(b)));
  if (input.languages || next !== before) set.languages = languages;

  for (const language of languages) {
    if (language !== next && !translations[language]) {
      translations[language] = { ...DEFAULT_TEXTS[language] };
      touched = true;
    }
  }
  if (touched) set.translations = translations;
  return set;
}

/**
 * The language a question is written in (retrieval's `detectLanguage`: Arabic letters against
 * Latin ones), or undefined when it has no letters at all ("?", "123", an emoji): then the widget's
 * language decides.
 */
export function questionLanguage(question: string): BotLanguage | undefined {
  return /\p{L}/u.test(question) ? detectLanguage(question) : undefined;
}
