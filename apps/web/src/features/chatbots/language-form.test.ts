import { type Chatbot, chatbotUpdateSchema, DEFAULT_BOT_TEXTS } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { languageValuesFromBot, questionLines } from "./language-form";
import { formPathForServer, formValuesFromBot, settingsFormSchema, toUpdate } from "./settings-form";

const bot = {
  _id: "cb_1",
  name: "Acme",
  instructions: "",
  greeting: "Hi!",
  suggestedQuestions: ["Delivery?"],
  fallbackReply: "Sorry, I don't know.",
  handoffReply: "Connecting you now.",
  offHoursReply: DEFAULT_BOT_TEXTS.en.offHoursReply,
  handoff: { enabled: false, officeHours: null },
  defaultLanguage: "en",
  languages: ["en", "ar"],
  translations: {
    ar: { ...DEFAULT_BOT_TEXTS.ar, greeting: "أهلًا!", suggestedQuestions: ["التوصيل؟", "الدفع؟"] },
  },
  model: {
    provider: "builtin",
    model: null,
    baseUrl: null,
    temperature: 0.3,
    maxAnswerTokens: 600,
    caution: "balanced",
    hasApiKey: false,
    apiKeyLast4: null,
  },
  embeddings: { model: null, baseUrl: null, hasApiKey: false },
  theme: { primaryColor: "#4f46e5", position: "bottom-right", launcherText: "Chat with us" },
  greetingBubble: { enabled: false, text: "", delaySeconds: 5 },
  allowedDomains: [],
  leadCapture: false,
  retentionDays: 90,
  published: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
} satisfies Chatbot;

describe("the settings form's languages", () => {
  it("reads the other language's texts (or its defaults)", () => {
    expect(languageValuesFromBot(bot)).toEqual({
      defaultLanguage: "en",
      bilingual: true,
      other: {
        greeting: "أهلًا!",
        questions: "التوصيل؟\nالدفع؟",
        fallbackReply: DEFAULT_BOT_TEXTS.ar.fallbackReply,
        launcherText: DEFAULT_BOT_TEXTS.ar.launcherText,
        bubbleText: "",
        handoffReply: DEFAULT_BOT_TEXTS.ar.handoffReply,
        offHoursReply: DEFAULT_BOT_TEXTS.ar.offHoursReply,
      },
    });
    const english = { ...bot, languages: ["en"], translations: {} } satisfies Chatbot;
    expect(languageValuesFromBot(english)).toMatchObject({
      bilingual: false,
      other: { greeting: DEFAULT_BOT_TEXTS.ar.greeting },
    });
  });

  it("sends only what changed, in the API's shape", () => {
    const values = formValuesFromBot(bot);
    expect(toUpdate(values, { name: true })).not.toHaveProperty("translations");
    const edited = { ...values, other: { ...values.other, greeting: " مرحبًا ", questions: "أ؟\n\n ب؟ \n" } };
    const update = toUpdate(edited, { other: true });
    expect(update.translations).toEqual({
      ar: {
        greeting: "مرحبًا",
        suggestedQuestions: ["أ؟", "ب؟"],
        fallbackReply: DEFAULT_BOT_TEXTS.ar.fallbackReply,
        launcherText: DEFAULT_BOT_TEXTS.ar.launcherText,
        greetingBubbleText: "",
        handoffReply: DEFAULT_BOT_TEXTS.ar.handoffReply,
        offHoursReply: DEFAULT_BOT_TEXTS.ar.offHoursReply,
      },
    });
    expect(chatbotUpdateSchema.safeParse(update).success).toBe(true);
    const off = toUpdate({ ...values, bilingual: false }, { bilingual: true });
    expect(off.languages).toEqual(["en"]);
  });

  it("sends the swapped texts with a new default language", () => {
    const values = formValuesFromBot(bot);
    // What LanguageFields does when Arabic becomes the default.
    const swapped = {
      ...values,
      defaultLanguage: "ar" as const,
      greeting: values.other.greeting,
      suggestedQuestions: questionLines(values.other.questions).map((value) => ({ value })),
      fallbackReply: values.other.fallbackReply,
      launcherText: values.other.launcherText,
      handoffReply: values.other.handoffReply,
      offHoursReply: values.other.offHoursReply,
      other: {
        greeting: values.greeting,
        questions: "Delivery?",
        fallbackReply: values.fallbackReply,
        launcherText: values.launcherText,
        bubbleText: "",
        handoffReply: values.handoffReply,
        offHoursReply: values.offHoursReply,
      },
    };
    const update = toUpdate(swapped, {
      defaultLanguage: true,
      greeting: true,
      suggestedQuestions: true,
      fallbackReply: true,
      launcherText: true,
      handoffReply: true,
      offHoursReply: true,
      other: true,
    });
    expect(update).toMatchObject({
      defaultLanguage: "ar",
      languages: ["ar", "en"],
      greeting: "أهلًا!",
      suggestedQuestions: ["التوصيل؟", "الدفع؟"],
      handoffReply: DEFAULT_BOT_TEXTS.ar.handoffReply,
      translations: {
        en: { greeting: "Hi!", suggestedQuestions: ["Delivery?"], handoffReply: "Connecting you now." },
      },
    });
    expect(chatbotUpdateSchema.safeParse(update).success).toBe(true);
  });

  it("checks the other language's texts, and needs its fallback only when it is spoken", () => {
    const values = formValuesFromBot(bot);
    const bad = settingsFormSchema.safeParse({
      ...values,
      other: { ...values.other, questions: Array(7).fill("؟").join("\n"), fallbackReply: " " },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["other.fallbackReply", "other.questions"]);
    // The live-chat texts: needed in a language the bot speaks, 500 characters at most.
    const live = settingsFormSchema.safeParse({
      ...values,
      other: { ...values.other, handoffReply: " ", offHoursReply: "م".repeat(501) },
    });
    expect(live.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["other.offHoursReply", "Keep it under 500 characters"],
      ["other.handoffReply", "Write what the bot says when it hands over"],
    ]);
    const silent = settingsFormSchema.safeParse({
      ...values,
      bilingual: false,
      other: { ...values.other, fallbackReply: "" },
    });
    expect(silent.success).toBe(true);
  });

  it("maps the server's paths onto the language fields", () => {
    expect(formPathForServer("body.translations.ar.greeting")).toBe("other.greeting");
    expect(formPathForServer("body.translations.en.suggestedQuestions.2")).toBe("other.questions");
    expect(formPathForServer("body.languages")).toBe("bilingual");
    expect(formPathForServer("body.defaultLanguage")).toBe("defaultLanguage");
    expect(formPathForServer("body.translations.ar")).toBeNull();
    expect(formPathForServer("body.translations.ar.handoffReply")).toBe("other.handoffReply");
    expect(formPathForServer("body.translations.en.offHoursReply")).toBe("other.offHoursReply");
  });
});
