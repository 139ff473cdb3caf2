import type { Chatbot, ChatbotUpdateInput } from "@parley/contracts";
import { z } from "zod";

/**
 * The Settings tab's form. It is flat (model and theme fields side by side) so each field has one
 * simple name; `toUpdate` turns it into the API's PATCH body and `formPathForServer` maps the
 * server's error paths back onto these names.
 */

export const MAX_SUGGESTED_QUESTIONS = 6;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

export const settingsFormSchema = z
  .object({
    name: z.string().trim().min(1, "Give your chatbot a name").max(80, "Keep the name under 80 characters"),
    instructions: z.string().max(8000, "Keep instructions under 8,000 characters"),
    greeting: z.string().trim().max(500, "Keep the greeting under 500 characters"),
    suggestedQuestions: z
      .array(
        z.object({
          value: z
            .string()
            .trim()
            .min(1, "Write the question, or remove it")
            .max(200, "Keep questions under 200 characters"),
        }),
      )
      .max(MAX_SUGGESTED_QUESTIONS, `Up to ${MAX_SUGGESTED_QUESTIONS} suggested questions`),
    fallbackReply: z
      .string()
      .trim()
      .min(1, "The fallback reply cannot be empty")
      .max(1000, "Keep the fallback reply under 1,000 characters"),
    provider: z.enum(["builtin", "openai-compatible"]),
    modelName: z.string().trim().max(200, "Keep the model name under 200 characters"),
    baseUrl: z
      .string()
      .trim()
      .refine((v) => v === "" || isHttpUrl(v), "Enter a full address such as https://api.openai.com/v1"),
    apiKeyAction: z.enum(["keep", "replace", "remove"]),
    apiKey: z.string().max(500, "That key is too long"),
    temperature: z.number().min(0).max(2),
    maxAnswerTokens: z
      .number({ error: "Enter a number" })
      .int("Use a whole number")
      .min(50, "At least 50 tokens")
      .max(4000, "At most 4,000 tokens"),
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #4f46e5"),
    position: z.enum(["bottom-right", "bottom-left"]),
    launcherText: z.string().trim().max(40, "Keep the launcher text under 40 characters"),
    bubbleEnabled: z.boolean(),
    bubbleText: z.string().trim().max(140, "Keep the greeting bubble under 140 characters"),
    bubbleDelay: z
      .number({ error: "Enter a number of seconds" })
      .int("Use a whole number of seconds")
      .min(0, "At least 0 seconds")
      .max(300, "At most 300 seconds (5 minutes)"),
    leadCapture: z.boolean(),
    retentionDays: z
      .number({ error: "Enter a number of days" })
      .int("Use a whole number of days")
      .min(1, "Keep conversations for at least 1 day")
      .max(3650, "At most 3,650 days (10 years)"),
    published: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.apiKeyAction === "replace" && values.apiKey.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["apiKey"], message: "Paste the new API key" });
    }
    if (values.bubbleEnabled && values.bubbleText.trim() === "") {
      ctx.addIssue({
        code: "custom",
        path: ["bubbleText"],
        message: "Write the greeting, or turn the bubble off",
      });
    }
  });

export type SettingsFormValues = z.infer<typeof settingsFormSchema>;

export function formValuesFromBot(bot: Chatbot): SettingsFormValues {
  return {
    name: bot.name,
    instructions: bot.instructions,
    greeting: bot.greeting,
    suggestedQuestions: bot.suggestedQuestions.map((value) => ({ value })),
    fallbackReply: bot.fallbackReply,
    provider: bot.model.provider,
    modelName: bot.model.model ?? "",
    baseUrl: bot.model.baseUrl ?? "",
    apiKeyAction: "keep",
    apiKey: "",
    temperature: bot.model.temperature,
    maxAnswerTokens: bot.model.maxAnswerTokens,
    primaryColor: bot.theme.primaryColor.toLowerCase(),
    position: bot.theme.position,
    launcherText: bot.theme.launcherText,
    bubbleEnabled: bot.greetingBubble.enabled,
    bubbleText: bot.greetingBubble.text,
    bubbleDelay: bot.greetingBubble.delaySeconds,
    leadCapture: bot.leadCapture,
    retentionDays: bot.retentionDays,
    published: bot.published,
  };
}

/** Which fields the user changed, as react-hook-form's `dirtyFields` reports them. */
export type DirtyFields = Partial<Record<keyof SettingsFormValues, unknown>>;

/**
 * The PATCH body: only what changed, so saving the settings never overwrites something changed
 * elsewhere meanwhile (the Embed tab's Publish button, another browser tab). The API key is sent
 * only when replaced (the new key) or removed (null). Without `dirty`, everything is sent.
 */
export function toUpdate(values: SettingsFormValues, dirty?: DirtyFields): ChatbotUpdateInput {
  const changed = (key: keyof SettingsFormValues) => dirty === undefined || Boolean(dirty[key]);
  const update: ChatbotUpdateInput = {};
  if (changed("name")) update.name = values.name.trim();
  if (changed("instructions")) update.instructions = values.instructions;
  if (changed("greeting")) update.greeting = values.greeting.trim();
  if (changed("suggestedQuestions"))
    update.suggestedQuestions = values.suggestedQuestions.map((q) => q.value.trim());
  if (changed("fallbackReply")) update.fallbackReply = values.fallbackReply.trim();

  const model: NonNullable<ChatbotUpdateInput["model"]> = {};
  if (changed("provider")) model.provider = values.provider;
  if (changed("modelName")) model.model = values.modelName.trim() || null;
  if (changed("baseUrl")) model.baseUrl = values.baseUrl.trim() || null;
  if (changed("temperature")) model.temperature = values.temperature;
  if (changed("maxAnswerTokens")) model.maxAnswerTokens = values.maxAnswerTokens;
  if (values.apiKeyAction === "replace") model.apiKey = values.apiKey.trim();
  if (values.apiKeyAction === "remove") model.apiKey = null;
  if (Object.keys(model).length > 0) update.model = model;

  const theme: NonNullable<ChatbotUpdateInput["theme"]> = {};
  if (changed("primaryColor")) theme.primaryColor = values.primaryColor.toLowerCase();
  if (changed("position")) theme.position = values.position;
  if (changed("launcherText")) theme.launcherText = values.launcherText.trim();
  if (Object.keys(theme).length > 0) update.theme = theme;

  const bubble: NonNullable<ChatbotUpdateInput["greetingBubble"]> = {};
  if (changed("bubbleEnabled")) bubble.enabled = values.bubbleEnabled;
  if (changed("bubbleText") || (changed("bubbleEnabled") && values.bubbleEnabled))
    bubble.text = values.bubbleText.trim();
  if (changed("bubbleDelay")) bubble.delaySeconds = values.bubbleDelay;
  if (Object.keys(bubble).length > 0) update.greetingBubble = bubble;

  if (changed("leadCapture")) update.leadCapture = values.leadCapture;
  if (changed("retentionDays")) update.retentionDays = values.retentionDays;
  if (changed("published")) update.published = values.published;
  return update;
}

type FormPath =
  | Exclude<keyof SettingsFormValues, "suggestedQuestions">
  | "suggestedQuestions"
  | `suggestedQuestions.${number}.value`;

const modelPaths: Record<string, FormPath> = {
  provider: "provider",
  model: "modelName",
  baseUrl: "baseUrl",
  apiKey: "apiKey",
  temperature: "temperature",
  maxAnswerTokens: "maxAnswerTokens",
};
const themePaths: Record<string, FormPath> = {
  primaryColor: "primaryColor",
  position: "position",
  launcherText: "launcherText",
};
const bubblePaths: Record<string, FormPath> = {
  enabled: "bubbleEnabled",
  text: "bubbleText",
  delaySeconds: "bubbleDelay",
};
const topLevel = new Set<string>([
  "name",
  "instructions",
  "greeting",
  "fallbackReply",
  "leadCapture",
  "retentionDays",
  "published",
]);

/**
 * Maps a server validation path ("body.model.baseUrl", "body.suggestedQuestions.2") onto the
 * form field that holds it, or null when no field shows it (the error then goes in the banner).
 */
export function formPathForServer(serverPath: string): FormPath | null {
  const parts = serverPath.split(".").filter(Boolean);
  if (parts[0] === "body") parts.shift();
  const [head, next] = parts;
  if (!head) return null;
  if (head === "model") return next ? (modelPaths[next] ?? null) : null;
  if (head === "theme") return next ? (themePaths[next] ?? null) : null;
  if (head === "greetingBubble") return next ? (bubblePaths[next] ?? null) : null;
  if (head === "suggestedQuestions") {
    return next !== undefined && /^\d+$/.test(next) ? `suggestedQuestions.${Number(next)}.value` : head;
  }
  return topLevel.has(head) ? (head as FormPath) : null;
}

/** Temperature in words beside the slider. */
export function temperatureLabel(value: number): string {
  if (value <= 0.3) return "Precise";
  if (value <= 0.9) return "Balanced";
  return "Creative";
}
