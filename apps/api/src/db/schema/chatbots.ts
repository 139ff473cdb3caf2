import { boolean, index, integer, jsonb, pgTable, real, text } from "drizzle-orm/pg-core";
import { timestamps } from "./_columns";

export const chatbots = pgTable(
  "chatbots",
  {
    id: text().primaryKey(),
    ownerId: text().notNull(),
    name: text().notNull(),
    instructions: text().notNull(),
    greeting: text().notNull(),
    suggestedQuestions: jsonb().$type<string[]>().notNull().default([]),
    fallbackReply: text().notNull(),
    modelProvider: text({ enum: ["builtin", "openai-compatible"] })
      .notNull()
      .default("builtin"),
    modelName: text(),
    modelBaseUrl: text(),
    /** Write-only from the API's point of view: never serialised to clients. */
    modelApiKey: text(),
    temperature: real().notNull().default(0.3),
    maxAnswerTokens: integer().notNull().default(600),
    theme: jsonb()
      .$type<{ primaryColor: string; position: "bottom-right" | "bottom-left"; launcherText: string }>()
      .notNull(),
    allowedDomains: jsonb().$type<string[]>().notNull().default([]),
    leadCapture: boolean().notNull().default(false),
    retentionDays: integer().notNull().default(90),
    published: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("chatbots_owner_idx").on(t.ownerId, t.createdAt)],
);
export type ChatbotRow = typeof chatbots.$inferSelect;
