import { type Chatbot, chatbotUpdateSchema } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { formPathForServer, formValuesFromBot, settingsFormSchema, toUpdate } from "./settings-form";

const bot: Chatbot = {
  _id: "cb_1",
  name: "Acme Support",
  instructions: "Be brief.",
  greeting: "Hi!",
  suggestedQuestions: ["Opening hours?", "Delivery?"],
  fallbackReply: "Sorry, I don't know.",
  handoffReply: "One moment, please.",
  offHoursReply: "We're closed.",
  handoff: { enabled: false, officeHours: null },
  defaultLanguage: "en",
  languages: ["en"],
  translations: {},
  model: {
    provider: "builtin",
    model: null,
    baseUrl: null,
    temperature: 0.3,
    maxAnswerTokens: 600,
    caution: "balanced",
    hasApiKey: true,
    apiKeyLast4: "c0de",
  },
  embeddings: { model: null, baseUrl: null, hasApiKey: false },
  theme: { primaryColor: "#4F46E5", position: "bottom-right", launcherText: "Chat with us" },
  greetingBubble: { enabled: false, text: "", delaySeconds: 5 },
  allowedDomains: ["acme.com"],
  leadCapture: false,
  retentionDays: 90,
  published: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("the greeting bubble in the settings form", () => {
  it("is sent only when changed, with its text when turned on", () => {
    const values = formValuesFromBot(bot);
    expect(toUpdate(values, { name: true })).not.toHaveProperty("greetingBubble");
    const on = { ...values, bubbleEnabled: true, bubbleText: "  Need a hand?  ", bubbleDelay: 8 };
    expect(toUpdate(on, { bubbleEnabled: true, bubbleDelay: true }).greetingBubble).toEqual({
      enabled: true,
      text: "Need a hand?",
      delaySeconds: 8,
    });
    expect(chatbotUpdateSchema.safeParse(toUpdate(on)).success).toBe(true);
  });

  it("needs text when on, and a delay within 0 to 300 seconds", () => {
    const values = formValuesFromBot(bot);
    const empty = settingsFormSchema.safeParse({ ...values, bubbleEnabled: true, bubbleText: " " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({
      path: ["bubbleText"],
      message: "Write the greeting, or turn the bubble off",
    });
    expect(settingsFormSchema.safeParse({ ...values, bubbleDelay: 301 }).success).toBe(false);
    expect(settingsFormSchema.safeParse({ ...values, bubbleDelay: -1 }).success).toBe(false);
    expect(formPathForServer("body.greetingBubble.text")).toBe("bubbleText");
    expect(formPathForServer("body.greetingBubble.delaySeconds")).toBe("bubbleDelay");
  });
});

describe("settings form", () => {
  it("round-trips a bot into a valid PATCH body the API accepts", () => {
    const values = formValuesFromBot(bot);
    expect(values.primaryColor).toBe("#4f46e5");
    expect(values.suggestedQuestions).toEqual([{ value: "Opening hours?" }, { value: "Delivery?" }]);
    const parsed = settingsFormSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    const update = toUpdate(values);
    expect(chatbotUpdateSchema.safeParse(update).success).toBe(true);
    // The key is never sent unless replaced or removed.
    expect(update.model).not.toHaveProperty("apiKey");
    expect(update.model?.baseUrl).toBeNull();
  });

  it("sends only what changed", () => {
    const values = { ...formValuesFromBot(bot), name: "Acme Help", primaryColor: "#ff0000" };
    expect(toUpdate(values, { name: true, primaryColor: true })).toEqual({
      name: "Acme Help",
      theme: { primaryColor: "#ff0000" },
    });
    // Nothing changed: an empty body, which leaves a published flag set elsewhere alone.
    expect(toUpdate(formValuesFromBot(bot), {})).toEqual({});
    expect(toUpdate(formValuesFromBot(bot), { suggestedQuestions: [{ value: true }] })).toEqual({
      suggestedQuestions: ["Opening hours?", "Delivery?"],
    });
  });

  it("replaces or removes the API key, and requires a key to replace it with", () => {
    const replace = { ...formValuesFromBot(bot), apiKeyAction: "replace" as const, apiKey: "  sk-new  " };
    expect(toUpdate(replace, { apiKeyAction: true }).model).toEqual({ apiKey: "sk-new" });
    const remove = { ...formValuesFromBot(bot), apiKeyAction: "remove" as const };
    expect(toUpdate(remove, { apiKeyAction: true }).model).toEqual({ apiKey: null });
    const empty = settingsFormSchema.safeParse({
      ...formValuesFromBot(bot),
      apiKeyAction: "replace",
      apiKey: " ",
    });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.path).toEqual(["apiKey"]);
  });

  it("turns empty model fields into null (use the server's defaults)", () => {
    const values = {
      ...formValuesFromBot(bot),
      provider: "openai-compatible" as const,
      modelName: " ",
      baseUrl: "",
    };
    expect(toUpdate(values).model).toMatchObject({
      provider: "openai-compatible",
      model: null,
      baseUrl: null,
    });
    const withUrl = { ...values, baseUrl: "http://127.0.0.1:11434/v1", modelName: "llama3.2" };
    expect(toUpdate(withUrl).model).toMatchObject({
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "llama3.2",
    });
  });

  it("rejects what the API would reject, with words for people", () => {
    const result = settingsFormSchema.safeParse({
      ...formValuesFromBot(bot),
      name: " ",
      baseUrl: "ftp://example.com",
      suggestedQuestions: Array.from({ length: 7 }, () => ({ value: "Q?" })),
      retentionDays: 0,
      primaryColor: "blue",
      maxAnswerTokens: 10,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(messages).toMatchObject({
      name: "Give your chatbot a name",
      baseUrl: "Enter a full address such as https://api.openai.com/v1",
      suggestedQuestions: "Up to 6 suggested questions",
      retentionDays: "Keep conversations for at least 1 day",
      primaryColor: "Use a colour like #4f46e5",
      maxAnswerTokens: "At least 50 tokens",
    });
    const blankQuestion = settingsFormSchema.safeParse({
      ...formValuesFromBot(bot),
      suggestedQuestions: [{ value: "  " }],
    });
    expect(blankQuestion.error?.issues[0]?.path).toEqual(["suggestedQuestions", 0, "value"]);
  });

  it("maps server error paths onto form fields", () => {
    expect(formPathForServer("body.name")).toBe("name");
    expect(formPathForServer("body.model.baseUrl")).toBe("baseUrl");
    expect(formPathForServer("body.model.model")).toBe("modelName");
    expect(formPathForServer("body.model.apiKey")).toBe("apiKey");
    expect(formPathForServer("body.theme.primaryColor")).toBe("primaryColor");
    expect(formPathForServer("body.suggestedQuestions.2")).toBe("suggestedQuestions.2.value");
    expect(formPathForServer("body.suggestedQuestions")).toBe("suggestedQuestions");
    expect(formPathForServer("body.retentionDays")).toBe("retentionDays");
    expect(formPathForServer("body.allowedDomains.0")).toBeNull();
    expect(formPathForServer("body")).toBeNull();
    expect(formPathForServer("params.id")).toBeNull();
  });
});
