import {
  ANSWER_CAUTIONS,
  type Chatbot,
  type ChatbotUpdateInput,
  chatbotCreateSchema,
} from "@parley/contracts";
import en from "@parley/ui/locales/en/builder";
import { z } from "zod";
import {
  checkEmbeddings,
  type EmbeddingsFormPath,
  embeddingsFormPath,
  embeddingsFormShape,
  embeddingsUpdate,
  embeddingsValuesFromBot,
} from "./embeddings-form";
import { keyActionSchema, keyUpdate, needsNewKey, optionalUrlField } from "./key-form";
import {
  checkLanguages,
  languageFormPath,
  languageFormShape,
  languageUpdate,
  languageValuesFromBot,
} from "./language-form";
import {
  checkLiveChat,
  type LiveChatFormPath,
  liveChatFormPath,
  liveChatFormShape,
  liveChatUpdate,
  liveChatValuesFromBot,
} from "./live-chat-form";

/**
 * The Settings tab's form. It is flat (model and theme fields side by side) so each field has one
 * simple name; `toUpdate` turns it into the API's PATCH body and `formPathForServer` maps the
 * server's error paths back onto these names.
 */

export const MAX_SUGGESTED_QUESTIONS = 6;

/** The English texts of the form's checks; fields show them in the reader's language (`useFormMessage`). */
const m = en.validation;

export const settingsFormSchema = z
  .object({
    // The API's own rule for a bot's name (its messages are the catalog's nameRequired/nameTooLong).
    name: chatbotCreateSchema.shape.name,
    instructions: z.string().max(8000, m.instructionsTooLong),
    greeting: z.string().trim().max(500, m.greetingTooLong),
    suggestedQuestions: z
      .array(
        z.object({
          value: z.string().trim().min(1, m.questionEmpty).max(200, m.questionTooLong),
        }),
      )
      .max(MAX_SUGGESTED_QUESTIONS, m.questionsMax.replace("{{max}}", String(MAX_SUGGESTED_QUESTIONS))),
    fallbackReply: z.string().trim().min(1, m.fallbackEmpty).max(1000, m.fallbackTooLong),
    provider: z.enum(["builtin", "openai-compatible"]),
    modelName: z.string().trim().max(200, m.modelTooLong),
    baseUrl: optionalUrlField(),
    apiKeyAction: keyActionSchema,
    apiKey: z.string().max(500, m.keyTooLong),
    temperature: z.number().min(0).max(2),
    maxAnswerTokens: z
      .number({ error: m.number })
      .int(m.wholeNumber)
      .min(50, m.tokensMin)
      .max(4000, m.tokensMax),
    caution: z.enum(ANSWER_CAUTIONS),
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, m.color),
    position: z.enum(["bottom-right", "bottom-left"]),
    launcherText: z.string().trim().max(40, m.launcherTooLong),
    bubbleEnabled: z.boolean(),
    bubbleText: z.string().trim().max(140, m.bubbleTooLong),
    bubbleDelay: z
      .number({ error: m.seconds })
      .int(m.wholeSeconds)
      .min(0, m.secondsMin)
      .max(300, m.secondsMax),
    leadCapture: z.boolean(),
    retentionDays: z.number({ error: m.days }).int(m.wholeDays).min(1, m.daysMin).max(3650, m.daysMax),
    published: z.boolean(),
    ...liveChatFormShape,
    ...languageFormShape,
    ...embeddingsFormShape,
  })
  .superRefine((values, ctx) => {
    checkLanguages(values, ctx);
    checkLiveChat(values, ctx);
    checkEmbeddings(values, ctx);
    if (needsNewKey(values.apiKeyAction, values.apiKey)) {
      ctx.addIssue({ code: "custom", path: ["apiKey"], message: m.newKey });
    }
    if (values.bubbleEnabled && values.bubbleText.trim() === "") {
      ctx.addIssue({
        code: "custom",
        path: ["bubbleText"],
        message: m.bubbleEmpty,
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
    // A bot read from an API older than the caution setting: the default.
    caution: bot.model.caution ?? "balanced",
    primaryColor: bot.theme.primaryColor.toLowerCase(),
    position: bot.theme.position,
    launcherText: bot.theme.launcherText,
    bubbleEnabled: bot.greetingBubble.enabled,
    bubbleText: bot.greetingBubble.text,
    bubbleDelay: bot.greetingBubble.delaySeconds,
    leadCapture: bot.leadCapture,
    retentionDays: bot.retentionDays,
    published: bot.published,
    ...liveChatValuesFromBot(bot),
    ...languageValuesFromBot(bot),
    ...embeddingsValuesFromBot(bot),
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
  if (changed("caution")) model.caution = values.caution;
  const key = keyUpdate(values.apiKeyAction, values.apiKey);
  if (key !== undefined) model.apiKey = key;
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
  Object.assign(update, liveChatUpdate(values, changed));
  Object.assign(update, languageUpdate(values, changed));
  Object.assign(update, embeddingsUpdate(values, changed));
  return update;
}

type FormPath =
  | Exclude<keyof SettingsFormValues, "suggestedQuestions" | "handoffDays" | "embeddingsKeyAction">
  | LiveChatFormPath
  | EmbeddingsFormPath
  | "suggestedQuestions"
  | `suggestedQuestions.${number}.value`
  | NonNullable<ReturnType<typeof languageFormPath>>;

const modelPaths: Record<string, FormPath> = {
  provider: "provider",
  model: "modelName",
  baseUrl: "baseUrl",
  apiKey: "apiKey",
  temperature: "temperature",
  maxAnswerTokens: "maxAnswerTokens",
  caution: "caution",
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
  if (head === "embeddings") return embeddingsFormPath(next);
  if (head === "theme") return next ? (themePaths[next] ?? null) : null;
  if (head === "greetingBubble") return next ? (bubblePaths[next] ?? null) : null;
  if (head === "suggestedQuestions") {
    return next !== undefined && /^\d+$/.test(next) ? `suggestedQuestions.${Number(next)}.value` : head;
  }
  if (head === "defaultLanguage" || head === "languages" || head === "translations")
    return languageFormPath(parts);
  if (head === "handoff" || head === "handoffReply" || head === "offHoursReply")
    return liveChatFormPath(parts);
  return topLevel.has(head) ? (head as FormPath) : null;
}

/** Temperature in words beside the slider: the key of its word in the builder catalog. */
export function temperatureLabel(value: number): "precise" | "balanced" | "creative" {
  if (value <= 0.3) return "precise";
  if (value <= 0.9) return "balanced";
  return "creative";
}
