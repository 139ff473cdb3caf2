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
  // Never written (the live-chat texts came later): the default language's texts are shown.
  handoffReply: "",
  offHoursReply: "",
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
      handoffReply: DEFAULT_BOT_TEXTS.en.handoffReply,
      offHoursReply: DEFAULT_BOT_TEXTS.en.offHoursReply,
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
        handoffReply: DEFAULT_BOT_TEXTS.en.handoffReply,
        offHoursReply: DEFAULT_BOT_TEXTS.en.offHoursReply,
      },
    });
  });

  it("swaps the live-chat texts with the default language, written or not", () => {
    const written = {
      ...bot,
      handoffReply: "One moment, connecting you.",
      offHoursReply: "We are closed; leave your e-mail.",
      translations: { ar: { ...DEFAULT_BOT_TEXTS.ar, handoffReply: "لحظة، سأحوّلك إلى الفريق." } },
    };
    const set = languageColumns({ defaultLanguage: "ar" }, written);
    expect(set).toMatchObject({
      handoffReply: "لحظة، سأحوّلك إلى الفريق.",
      offHoursReply: DEFAULT_BOT_TEXTS.ar.offHoursReply,
    });
    expect(set.translations?.en).toMatchObject({
      handoffReply: "One moment, connecting you.",
      offHoursReply: "We are closed; leave your e-mail.",
    });
    // Translations stored before live chat (without the two texts) read as the language's defaults.
    const old = {
      ...bot,
      translations: { ar: { ...DEFAULT_BOT_TEXTS.ar } as Partial<typeof DEFAULT_BOT_TEXTS.ar> },
    };
    delete old.translations.ar.handoffReply;
    delete old.translations.ar.offHoursReply;
    const fromOld = languageColumns({ defaultLanguage: "ar" }, old as typeof bot);
    expect(fromOld).toMatchObject({
      handoffReply: DEFAULT_BOT_TEXTS.ar.handoffReply,
      offHoursReply: DEFAULT_BOT_TEXTS.ar.offHoursReply,
    });
    expect(fromOld.translations?.en?.handoffReply).toBe(DEFAULT_BOT_TEXTS.en.handoffReply);
    // An edit of one language's live-chat text keeps its others.
    const edited = languageColumns(
      { translations: { ar: { offHoursReply: "مغلق الآن." } } },
      old as typeof bot,
    );
    expect(edited.translations?.ar).toMatchObject({
      handoffReply: DEFAULT_BOT_TEXTS.ar.handoffReply,
      offHoursReply: "مغلق الآن.",
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
