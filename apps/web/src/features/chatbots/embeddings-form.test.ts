import { type Chatbot, chatbotUpdateSchema, embeddingsTestSchema } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { embeddingsTestBody } from "./embeddings-form";
import { formPathForServer, formValuesFromBot, settingsFormSchema, toUpdate } from "./settings-form";

const bot: Chatbot = {
  _id: "cb_1",
  name: "Acme Support",
  instructions: "",
  greeting: "Hi!",
  suggestedQuestions: [],
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
    hasApiKey: false,
    apiKeyLast4: null,
  },
  embeddings: { model: "text-embedding-3-small", baseUrl: "https://api.openai.com/v1", hasApiKey: true },
  theme: { primaryColor: "#4f46e5", position: "bottom-right", launcherText: "Chat with us" },
  greetingBubble: { enabled: false, text: "", delaySeconds: 5 },
  allowedDomains: [],
  leadCapture: false,
  retentionDays: 90,
  published: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("the embeddings endpoint in the settings form", () => {
  it("shows the stored endpoint and sends nothing until something changes", () => {
    const values = formValuesFromBot(bot);
    expect(values).toMatchObject({
      embeddingsBaseUrl: "https://api.openai.com/v1",
      embeddingsModel: "text-embedding-3-small",
      embeddingsKeyAction: "keep",
      embeddingsApiKey: "",
    });
    expect(settingsFormSchema.safeParse(values).success).toBe(true);
    expect(toUpdate(values, {})).toEqual({});
  });

  it("sends what changed, empty fields as null (the server's defaults), and a key only when replaced or removed", () => {
    const values = {
      ...formValuesFromBot(bot),
      embeddingsBaseUrl: "  ",
      embeddingsModel: " nomic-embed-text ",
    };
    const update = toUpdate(values, { embeddingsBaseUrl: true, embeddingsModel: true });
    expect(update).toEqual({ embeddings: { baseUrl: null, model: "nomic-embed-text" } });
    expect(chatbotUpdateSchema.safeParse(update).success).toBe(true);

    const replaced = {
      ...formValuesFromBot(bot),
      embeddingsKeyAction: "replace" as const,
      embeddingsApiKey: " sk-emb ",
    };
    expect(toUpdate(replaced, { embeddingsKeyAction: true })).toEqual({ embeddings: { apiKey: "sk-emb" } });
    const removed = { ...formValuesFromBot(bot), embeddingsKeyAction: "remove" as const };
    expect(toUpdate(removed, { embeddingsKeyAction: true })).toEqual({ embeddings: { apiKey: null } });
    // The model's key is a different field: changing one never sends the other.
    expect(toUpdate(replaced, { embeddingsKeyAction: true })).not.toHaveProperty("model");
  });

  it("refuses what the API refuses: a non-http address, an empty replacement key, oversized values", () => {
    const issues = (patch: Record<string, unknown>) =>
      settingsFormSchema
        .safeParse({ ...formValuesFromBot(bot), ...patch })
        .error?.issues.map((i) => i.path.join("."));
    expect(issues({ embeddingsBaseUrl: "ftp://example.com" })).toEqual(["embeddingsBaseUrl"]);
    expect(issues({ embeddingsBaseUrl: "javascript:alert(1)" })).toEqual(["embeddingsBaseUrl"]);
    expect(issues({ embeddingsBaseUrl: `https://example.com/${"a".repeat(2000)}` })).toEqual([
      "embeddingsBaseUrl",
    ]);
    expect(issues({ embeddingsModel: "m".repeat(201) })).toEqual(["embeddingsModel"]);
    expect(issues({ embeddingsKeyAction: "replace", embeddingsApiKey: "  " })).toEqual(["embeddingsApiKey"]);
    expect(issues({ embeddingsKeyAction: "replace", embeddingsApiKey: "k".repeat(501) })).toEqual([
      "embeddingsApiKey",
    ]);
  });

  it("maps the server's embeddings errors onto their fields", () => {
    expect(formPathForServer("body.embeddings.baseUrl")).toBe("embeddingsBaseUrl");
    expect(formPathForServer("body.embeddings.model")).toBe("embeddingsModel");
    expect(formPathForServer("body.embeddings.apiKey")).toBe("embeddingsApiKey");
    expect(formPathForServer("body.embeddings.other")).toBeNull();
    expect(formPathForServer("body.model.apiKey")).toBe("apiKey");
  });
});

describe("Test connection", () => {
  it("tries what is typed, unsaved: the stored key when kept, none while removing, the new one when replaced", () => {
    const kept = embeddingsTestBody(formValuesFromBot(bot));
    expect(kept).toEqual({ baseUrl: "https://api.openai.com/v1", model: "text-embedding-3-small" });
    expect(kept).not.toHaveProperty("apiKey");
    const removing = embeddingsTestBody({ ...formValuesFromBot(bot), embeddingsKeyAction: "remove" });
    expect(removing.apiKey).toBeNull();
    const typed = embeddingsTestBody({
      ...formValuesFromBot(bot),
      embeddingsBaseUrl: " http://10.0.0.5:11434/v1 ",
      embeddingsModel: "",
      embeddingsKeyAction: "replace",
      embeddingsApiKey: " sk-typed ",
    });
    expect(typed).toEqual({ baseUrl: "http://10.0.0.5:11434/v1", model: null, apiKey: "sk-typed" });
    for (const body of [kept, removing, typed])
      expect(embeddingsTestSchema.safeParse(body).success).toBe(true);
  });
});

describe("the built-in engine's caution", () => {
  it("shows the bot's setting and sends it only when changed", () => {
    const values = formValuesFromBot(bot);
    expect(values.caution).toBe("balanced");
    expect(toUpdate({ ...values, caution: "cautious" }, { caution: true })).toEqual({
      model: { caution: "cautious" },
    });
    expect(chatbotUpdateSchema.safeParse({ model: { caution: "answer_more" } }).success).toBe(true);
    expect(settingsFormSchema.safeParse({ ...values, caution: "reckless" }).success).toBe(false);
    expect(formPathForServer("body.model.caution")).toBe("caution");
  });
});
