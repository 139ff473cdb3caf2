/** The builder's Languages section: the bot's default language, the languages it speaks, texts per language. */
const botLanguages = {
  title: "Languages",
  description:
    "Which languages the widget speaks. Visitors get their browser's language when the bot speaks it, otherwise the default.",
  languageNames: {
    en: "English",
    ar: "Arabic",
  },
  defaultLanguage: "Default language",
  defaultLanguageHint:
    "The language of the greeting and replies above, and the one visitors get when the bot doesn't speak theirs.",
  alsoSpeak: "Also speak {{language}}",
  alsoSpeakHint:
    "Visitors whose browser is set to {{language}} get the widget and its texts in {{language}}.",
  columnDefault: "{{language}} (default)",
  column: "{{language}}",
  textsLegend: "Texts in each language",
  textsHint:
    "Write each language's texts side by side. Questions in a language get the fallback reply in that language.",
  greeting: "Greeting",
  suggestedQuestions: "Suggested questions",
  suggestedQuestionsHint: "One question per line, up to 6.",
  fallbackReply: "Fallback reply",
  fallbackDefaultNote:
    "This is the default reply, so the bot matches it to what it offers (the e-mail form, live chat). Visitors now get:",
  launcherText: "Launcher text",
  bubbleText: "Greeting bubble",
  bubbleTextHint: "Shown only when the greeting bubble is on.",
  handoffReply: "Reply when a person is asked for",
  offHoursReply: "Reply outside office hours",
  liveChatTextHint: "Said only when live chat is on.",
  switchedDefault: "The texts moved with their language: {{language}} is now the default.",
} as const;

export default botLanguages;
