import {
  type BotLanguage,
  type Chatbot,
  type ChatbotUpdateInput,
  DEFAULT_BOT_TEXTS,
} from "@parley/contracts";
import en from "@parley/ui/locales/en/builder";
import { z } from "zod";

/**
 * The Settings form's language fields (see LanguageFields.tsx): the default language, whether the
 * bot also speaks the other one, and that other language's texts. The form's top-level texts
 * (greeting, suggested questions, fallback reply, launcher text, bubble text, the live-chat
 * replies) are the default
 * language's, as in the API; switching the default swaps them with `other` (the API does the same).
 */

/** The builder's English check messages (shown in the reader's language by useFormMessage). */
const m = en.validation;

export const otherLanguage = (language: BotLanguage): BotLanguage => (language === "en" ? "ar" : "en");

/** A textarea of questions, one per line (empty lines ignored). */
export const questionLines = (text: string) =>
  text
    .split("\n")
    .map((q) => q.trim())
    .filter(Boolean);

export const languageFormShape = {
  defaultLanguage: z.enum(["en", "ar"]),
  bilingual: z.boolean(),
  other: z.object({
    greeting: z.string().trim().max(500, m.greetingTooLong),
    questions: z
      .string()
      .refine((v) => questionLines(v).every((q) => q.length <= 200), m.questionTooLong)
      .refine((v) => questionLines(v).length <= 6, m.questionsMax.replace("{{max}}", "6")),
    fallbackReply: z.string().trim().max(1000, m.fallbackTooLong),
    launcherText: z.string().trim().max(40, m.launcherTooLong),
    bubbleText: z.string().trim().max(140, m.bubbleTooLong),
    handoffReply: z.string().trim().max(500, m.liveTextTooLong),
    offHoursReply: z.string().trim().max(500, m.liveTextTooLong),
  }),
};

type LanguageValues = {
  defaultLanguage: BotLanguage;
  bilingual: boolean;
  other: {
    greeting: string;
    questions: string;
    fallbackReply: string;
    launcherText: string;
    bubbleText: string;
    handoffReply: string;
    offHoursReply: string;
  };
};

/** For settingsFormSchema's superRefine: a language the bot speaks needs its fallback reply. */
export function checkLanguages(values: LanguageValues, ctx: z.RefinementCtx) {
  if (values.bilingual && values.other.fallbackReply.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["other", "fallbackReply"], message: m.fallbackEmpty });
  }
  if (values.bilingual && values.other.handoffReply.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["other", "handoffReply"], message: m.handoffReplyEmpty });
  }
  if (values.bilingual && values.other.offHoursReply.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["other", "offHoursReply"], message: m.offHoursReplyEmpty });
  }
}

export function languageValuesFromBot(bot: Chatbot): LanguageValues {
  // A bot from before languages (an API not yet updated) is English only.
  const defaultLanguage = bot.defaultLanguage ?? "en";
  const other = otherLanguage(defaultLanguage);
  const texts = bot.translations?.[other] ?? DEFAULT_BOT_TEXTS[other];
  return {
    defaultLanguage,
    bilingual: bot.languages?.includes(other) ?? false,
    other: {
      greeting: texts.greeting,
      questions: texts.suggestedQuestions.join("\n"),
      fallbackReply: texts.fallbackReply || DEFAULT_BOT_TEXTS[other].fallbackReply,
      launcherText: texts.launcherText,
      bubbleText: texts.greetingBubbleText,
      // An API from before live chat sends no such texts: the language's defaults.
      handoffReply: texts.handoffReply || DEFAULT_BOT_TEXTS[other].handoffReply,
      offHoursReply: texts.offHoursReply || DEFAULT_BOT_TEXTS[other].offHoursReply,
    },
  };
}

/** The language part of the PATCH body: what changed (a new default sends the swapped texts too). */
export function languageUpdate(
  values: LanguageValues,
  changed: (key: keyof LanguageValues) => boolean,
): Pick<ChatbotUpdateInput, "defaultLanguage" | "languages" | "translations"> {
  const update: Pick<ChatbotUpdateInput, "defaultLanguage" | "languages" | "translations"> = {};
  const other = otherLanguage(values.defaultLanguage);
  const moved = changed("defaultLanguage");
  if (moved) update.defaultLanguage = values.defaultLanguage;
  if (moved || changed("bilingual"))
    update.languages = values.bilingual ? [values.defaultLanguage, other] : [values.defaultLanguage];
  if (moved || changed("other")) {
    const texts = values.other;
    update.translations = {
      [other]: {
        greeting: texts.greeting.trim(),
        suggestedQuestions: questionLines(texts.questions),
        // An empty fallback is only possible for a language the bot does not speak: keep the stored one.
        ...(texts.fallbackReply.trim() ? { fallbackReply: texts.fallbackReply.trim() } : {}),
        launcherText: texts.launcherText.trim(),
        greetingBubbleText: texts.bubbleText.trim(),
        // Empty only for a language the bot does not speak: keep the stored ones.
        ...(texts.handoffReply.trim() ? { handoffReply: texts.handoffReply.trim() } : {}),
        ...(texts.offHoursReply.trim() ? { offHoursReply: texts.offHoursReply.trim() } : {}),
      },
    };
  }
  return update;
}

const otherPaths: Record<string, `other.${keyof LanguageValues["other"]}`> = {
  greeting: "other.greeting",
  suggestedQuestions: "other.questions",
  fallbackReply: "other.fallbackReply",
  launcherText: "other.launcherText",
  greetingBubbleText: "other.bubbleText",
  handoffReply: "other.handoffReply",
  offHoursReply: "other.offHoursReply",
};

/** A server error path under `translations.<language>.<field>` as the form field that shows it. */
export function languageFormPath(
  parts: string[],
): "defaultLanguage" | "bilingual" | `other.${keyof LanguageValues["other"]}` | null {
  const [head, , field] = parts;
  if (head === "defaultLanguage") return "defaultLanguage";
  if (head === "languages") return "bilingual";
  if (head === "translations") return field ? (otherPaths[field] ?? null) : null;
  return null;
}
