import { DEFAULT_BOT_TEXTS } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { languageColumns, questionLanguage, replyLanguage, textsFor, widgetLanguage } from "./bot-languages";

const bot = {
  defaultLanguage: "en" as const,
  languages: ["en" as const, "ar" as const],
  translations: { ar: { ...DEFAULT_BOT_TEXTS.ar, greeting: "أهلًا" } },
  greeting: "Hello",
  suggestedQuestions: ["Do you deliver?"],
  fallbackReply: "Sorry, no idea.",
  theme: { primaryColor: "#4f46e5", position: "bottom-right" as const, launcherText: "Chat" },
  greetingBubble: { enabled: true, text: "Need help?", delaySeconds: 5 },
};
const englishOnly = { ...bot, languages: ["en" as const], translations: {} };

describe("bot languages", () => {
  it("reads a question's language, or none when it has no letters", () => {
    expect(questionLanguage("ما هي ساعات العمل؟")).toBe("ar");
    expect(questionLanguage("What are your hours?")).toBe("en");
    expect(questionLanguage("iPhone 15 متوفر؟")).toBe("ar");
    expect(questionLanguage("؟ 123 🤔")).toBeUndefined();
  });

  it("replies in the question's language when the bot speaks it, else the widget's, else the default", () => {
    expect(replyLanguage(bot, "ar", "en")).toBe("ar");
    expect(replyLanguage(bot, "en", "ar")).toBe("en");
    expect(replyLanguage(bot, undefined, "ar")).toBe("ar");
    expect(replyLanguage(englishOnly, "ar", "ar")).toBe("en");
    expect(widgetLanguage(englishOnly, "ar")).toBe("en");
    expect(widgetLanguage(bot, undefined)).toBe("en");
  });

  it("gives each language its texts (the defaults where none are written)", () => {
    expect(textsFor(bot, "en")).toEqual({
      greeting: "Hello",
      suggestedQuestions: ["Do you deliver?"],
      fallbackReply: "Sorry, no idea.",
      launcherText: "Chat",
      greetingBubbleText: "Need help?",
    });
    expect(textsFor(bot, "ar").greeting).toBe("أهلًا");
    expect(textsFor(englishOnly, "ar")).toEqual(DEFAULT_BOT_TEXTS.ar);
  });

  it("swaps the texts with the default language", () => {
    const set = languageColumns({ defaultLanguage: "ar" }, bot);
    expect(set).toMatchObject({
      defaultLanguage: "ar",
      languages: ["ar", "en"],
      greeting: "أهلًا",
      fallbackReply: DEFAULT_BOT_TEXTS.ar.fallbackReply,
      theme: { launcherText: DEFAULT_BOT_TEXTS.ar.launcherText, primaryColor: "#4f46e5" },
      greetingBubble: { enabled: true, text: "", delaySeconds: 5 },
    });
    expect(set.translations).toEqual({
      en: {
        greeting: "Hello",
        suggestedQuestions: ["Do you deliver?"],
        fallbackReply: "Sorry, no idea.",
        launcherText: "Chat",
        greetingBubbleText: "Need help?",
      },
    });
  });

  it("adds a new default to the languages, refuses a set without it, and fills a new language", () => {
    expect(languageColumns({ defaultLanguage: "ar" }, englishOnly).languages).toEqual(["ar", "en"]);
    expect(() => languageColumns({ languages: ["ar"] }, englishOnly)).toThrow(/must include/);
    expect(() => languageColumns({ translations: { en: { greeting: "Hi" } } }, bot)).toThrow(/top-level/);
    const on = languageColumns({ languages: ["ar", "en"] }, englishOnly);
    expect(on.languages).toEqual(["en", "ar"]);
    expect(on.translations?.ar).toEqual(DEFAULT_BOT_TEXTS.ar);
    // Nothing about languages in the edit: nothing set.
    expect(languageColumns({ name: "x" }, bot)).toEqual({});
  });
});
