import type { BotTexts, HandoffSettings } from "@parley/contracts";
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./_columns";

export const chatbots = pgTable(
  "chatbots",
  {
    id: text().primaryKey(),
    workspaceId: text("owner_id").notNull(),
    name: text().notNull(),
    instructions: text().notNull(),
    greeting: text().notNull(),
    suggestedQuestions: jsonb().$type<string[]>().notNull().default([]),
    fallbackReply: text().notNull(),
    /** Live chat texts in the default language ('' until written: the language's default text). */
    handoffReply: text().notNull().default(""),
    offHoursReply: text().notNull().default(""),
    /** Live chat: may visitors ask for a person, and office hours (see handoffSettingsSchema). */
    handoff: jsonb().$type<HandoffSettings>().notNull().default({ enabled: false, officeHours: null }),
    /** The language of the texts above; the widget's language for visitors it cannot serve. */
    defaultLanguage: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    /** The languages the widget speaks (always holds `defaultLanguage`). */
    languages: jsonb().$type<("en" | "ar")[]>().notNull().default(["en"]),
    /** Visitor-facing texts per language other than the default (see botTextsSchema). */
    translations: jsonb().$type<Partial<Record<"en" | "ar", BotTexts>>>().notNull().default({}),
    modelProvider: text({ enum: ["builtin", "openai-compatible"] })
      .notNull()
      .default("builtin"),
    modelName: text(),
    modelBaseUrl: text(),
    /**
     * The bot's model API key, envelope-encrypted (modules/chatbots/model-key-box.ts). Write-only
     * from the API's point of view: clients see only `modelApiKeyLast4`.
     */
    modelApiKeySealed: text("model_api_key"),
    modelApiKeyLast4: text(),
    /** Per-bot embeddings endpoint and model (null: the server's EMBEDDINGS_BASE_URL / _MODEL). */
    embeddingsBaseUrl: text(),
    embeddingsModel: text(),
    /** The bot's embeddings API key, sealed like `modelApiKeySealed`; never serialised to clients. */
    embeddingsApiKey: text(),
    temperature: real().notNull().default(0.3),
    maxAnswerTokens: integer().notNull().default(600),
    /** Built-in engine: how sure it must be to answer (answerCautionSchema). */
    answerCaution: text({ enum: ["answer_more", "balanced", "cautious"] })
      .notNull()
      .default("balanced"),
    theme: jsonb()
      .$type<{ primaryColor: string; position: "bottom-right" | "bottom-left"; launcherText: string }>()
      .notNull(),
    greetingBubble: jsonb()
      .$type<{ enabled: boolean; text: string; delaySeconds: number }>()
      .notNull()
      .default({ enabled: false, text: "", delaySeconds: 5 }),
    allowedDomains: jsonb().$type<string[]>().notNull().default([]),
    /**
     * The identity secret that signs customer ids, AES-256-GCM encrypted with the server's key
     * (bound to this bot's id). Never serialised: the dashboard sees only the hint.
     */
    identitySecret: text(),
    identitySecretHint: text(),
    identitySecretCreatedAt: timestamp({ withTimezone: true }),
    identitySecretCreatedBy: text(),
    leadCapture: boolean().notNull().default(false),
    retentionDays: integer().notNull().default(90),
    published: boolean().notNull().default(false),
    /**
     * Switched off by platform staff (the operator's console): the widget, the API and channels
     * answer a neutral "unavailable" and no model is asked. Null = not suspended.
     */
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedReason: text(),
    ...timestamps,
  },
  (t) => [index("chatbots_owner_idx").on(t.workspaceId, t.createdAt)],
);
export type ChatbotRow = typeof chatbots.$inferSelect;
