import type { Chatbot, ChatbotUpdateInput, EmbeddingsTestInput } from "@parley/contracts";
import en from "@parley/ui/locales/en/builder";
import { z } from "zod";
import { keyActionSchema, keyUpdate, needsNewKey, optionalUrlField } from "./key-form";

/**
 * The Settings form's semantic-search fields (EmbeddingsFields.tsx): the bot's own OpenAI-compatible
 * `/embeddings` endpoint, model and write-only key. Empty fields use the server's defaults. The
 * API's shape is `embeddings: { baseUrl, model, apiKey }` (chatbot.ts).
 */

const m = en.validation;

export const embeddingsFormShape = {
  embeddingsBaseUrl: optionalUrlField(),
  embeddingsModel: z.string().trim().max(200, m.modelTooLong),
  embeddingsKeyAction: keyActionSchema,
  embeddingsApiKey: z.string().max(500, m.keyTooLong),
};

type EmbeddingsValues = { [K in keyof typeof embeddingsFormShape]: z.infer<(typeof embeddingsFormShape)[K]> };

export function embeddingsValuesFromBot(bot: Chatbot): EmbeddingsValues {
  return {
    embeddingsBaseUrl: bot.embeddings.baseUrl ?? "",
    embeddingsModel: bot.embeddings.model ?? "",
    embeddingsKeyAction: "keep",
    embeddingsApiKey: "",
  };
}

export function checkEmbeddings(values: EmbeddingsValues, ctx: z.RefinementCtx) {
  if (needsNewKey(values.embeddingsKeyAction, values.embeddingsApiKey))
    ctx.addIssue({ code: "custom", path: ["embeddingsApiKey"], message: m.newKey });
}

/** The PATCH's `embeddings`, with only what changed (and the key only when replaced or removed). */
export function embeddingsUpdate(
  values: EmbeddingsValues,
  changed: (key: keyof EmbeddingsValues) => boolean,
): Pick<ChatbotUpdateInput, "embeddings"> {
  const embeddings: NonNullable<ChatbotUpdateInput["embeddings"]> = {};
  if (changed("embeddingsBaseUrl")) embeddings.baseUrl = values.embeddingsBaseUrl.trim() || null;
  if (changed("embeddingsModel")) embeddings.model = values.embeddingsModel.trim() || null;
  const key = keyUpdate(values.embeddingsKeyAction, values.embeddingsApiKey);
  if (key !== undefined) embeddings.apiKey = key;
  return Object.keys(embeddings).length > 0 ? { embeddings } : {};
}

/**
 * "Test connection" with what is in the form now (saved or not): the key typed, none while the
 * stored one is being removed, or (kept) the stored one, which the server fills in.
 */
export function embeddingsTestBody(values: EmbeddingsValues): EmbeddingsTestInput {
  const key = keyUpdate(values.embeddingsKeyAction, values.embeddingsApiKey);
  return {
    baseUrl: values.embeddingsBaseUrl.trim() || null,
    model: values.embeddingsModel.trim() || null,
    ...(key === undefined || key === "" ? {} : { apiKey: key }),
  };
}

export type EmbeddingsFormPath = "embeddingsBaseUrl" | "embeddingsModel" | "embeddingsApiKey";

/** A server error under `embeddings.*` onto its field. */
export function embeddingsFormPath(next: string | undefined): EmbeddingsFormPath | null {
  if (next === "baseUrl") return "embeddingsBaseUrl";
  if (next === "model") return "embeddingsModel";
  if (next === "apiKey") return "embeddingsApiKey";
  return null;
}
