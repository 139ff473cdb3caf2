import type { Chatbot, ChatbotCreate, ChatbotListItem, ChatbotUpdate } from "@parley/contracts";
import type { Database } from "@parley/db";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type ChatbotRow, chatbots, knowledgeSources } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { EntitlementsService } from "../entitlements/entitlements.service";

export const DEFAULTS = {
  instructions:
    "You are a friendly, concise assistant for this business. Answer from the knowledge provided. If the answer is not there, say so politely and offer to connect the visitor with the team.",
  greeting: "Hi! 👋 How can I help you today?",
  fallbackReply:
    "I'm sorry, I don't have an answer to that yet. Could you rephrase, or leave your e-mail so our team can get back to you?",
  theme: { primaryColor: "#4f46e5", position: "bottom-right" as const, launcherText: "Chat with us" },
  greetingBubble: { enabled: false, text: "", delaySeconds: 5 },
};

export function toChatbot(row: ChatbotRow): Chatbot {
  return {
    _id: row.id,
    name: row.name,
    instructions: row.instructions,
    greeting: row.greeting,
    suggestedQuestions: row.suggestedQuestions,
    fallbackReply: row.fallbackReply,
    model: {
      provider: row.modelProvider,
      model: row.modelName,
      baseUrl: row.modelBaseUrl,
      temperature: Math.round(row.temperature * 100) / 100,
      maxAnswerTokens: row.maxAnswerTokens,
      hasApiKey: Boolean(row.modelApiKey),
    },
    theme: row.theme,
    greetingBubble: row.greetingBubble,
    allowedDomains: row.allowedDomains,
    leadCapture: row.leadCapture,
    retentionDays: row.retentionDays,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function columns(input: ChatbotUpdate, current?: ChatbotRow): Partial<typeof chatbots.$inferInsert> {
  const set: Partial<typeof chatbots.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.instructions !== undefined) set.instructions = input.instructions;
  if (input.greeting !== undefined) set.greeting = input.greeting;
  if (input.suggestedQuestions !== undefined) set.suggestedQuestions = input.suggestedQuestions;
  if (input.fallbackReply !== undefined) set.fallbackReply = input.fallbackReply;
  if (input.allowedDomains !== undefined) set.allowedDomains = [...new Set(input.allowedDomains)];
  if (input.leadCapture !== undefined) set.leadCapture = input.leadCapture;
  if (input.retentionDays !== undefined) set.retentionDays = input.retentionDays;
  if (input.published !== undefined) set.published = input.published;
  if (input.theme) set.theme = { ...(current?.theme ?? DEFAULTS.theme), ...input.theme };
  if (input.greetingBubble) {
    set.greetingBubble = { ...(current?.greetingBubble ?? DEFAULTS.greetingBubble), ...input.greetingBubble };
  }
  const m = input.model;
  if (m) {
    if (m.provider !== undefined) set.modelProvider = m.provider;
    if (m.model !== undefined) set.modelName = m.model;
    if (m.baseUrl !== undefined) set.modelBaseUrl = m.baseUrl;
    if (m.temperature !== undefined) set.temperature = m.temperature;
    if (m.maxAnswerTokens !== undefined) set.maxAnswerTokens = m.maxAnswerTokens;
    if (m.apiKey !== undefined) set.modelApiKey = m.apiKey;
  }
  return set;
}

export function createChatbotsService(deps: {
  db: Database;
  entitlements: EntitlementsService;
  /** After a bot is created, changed or deleted (the widget's bot cache drops it). */
  onChange?: (chatbotId: string) => void;
}) {
  const { db, entitlements } = deps;
  const changed = (id: string) => deps.onChange?.(id);

  async function own(ownerId: string, id: string): Promise<ChatbotRow> {
    const [row] = await db
      .select()
      .from(chatbots)
      .where(and(eq(chatbots.id, id), eq(chatbots.ownerId, ownerId)));
    // Someone else's bot is indistinguishable from a missing one.
    if (!row) throw new AppError("NOT_FOUND", "Chatbot not found");
    return row;
  }

  return {
    own,
    async list(ownerId: string): Promise<ChatbotListItem[]> {
      const rows = await db
        .select({
          bot: chatbots,
          sourceCount: sql<number>`count(${knowledgeSources.id})::int`,
          readySourceCount: sql<number>`count(${knowledgeSources.id}) filter (where ${knowledgeSources.status} = 'ready')::int`,
        })
        .from(chatbots)
        .leftJoin(knowledgeSources, eq(knowledgeSources.chatbotId, chatbots.id))
        .where(eq(chatbots.ownerId, ownerId))
        .groupBy(chatbots.id)
        .orderBy(desc(chatbots.createdAt));
      return rows.map((r) => ({
        ...toChatbot(r.bot),
        sourceCount: r.sourceCount,
        readySourceCount: r.readySourceCount,
      }));
    },
    async get(ownerId: string, id: string): Promise<Chatbot> {
      return toChatbot(await own(ownerId, id));
    },
    async create(ownerId: string, input: ChatbotCreate): Promise<Chatbot> {
      const [existing] = await db.select({ n: count() }).from(chatbots).where(eq(chatbots.ownerId, ownerId));
      await entitlements.assert(ownerId, "chatbots", existing?.n ?? 0);
      const [row] = await db
        .insert(chatbots)
        .values({
          id: newId("cb"),
          ownerId,
          name: input.name,
          instructions: DEFAULTS.instructions,
          greeting: DEFAULTS.greeting,
          fallbackReply: DEFAULTS.fallbackReply,
          theme: DEFAULTS.theme,
          ...columns(input),
        })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      changed(row.id);
      return toChatbot(row);
    },
    async update(ownerId: string, id: string, input: ChatbotUpdate): Promise<Chatbot> {
      const current = await own(ownerId, id);
      const set = columns(input, current);
      if (Object.keys(set).length === 0) return toChatbot(current);
      const [row] = await db
        .update(chatbots)
        .set(set)
        .where(and(eq(chatbots.id, id), eq(chatbots.ownerId, ownerId)))
        .returning();
      changed(id);
      return toChatbot(row ?? current);
    },
    async remove(ownerId: string, id: string) {
      await own(ownerId, id);
      // Sources, chunks, conversations and messages go with it (foreign keys cascade).
      await db.delete(chatbots).where(and(eq(chatbots.id, id), eq(chatbots.ownerId, ownerId)));
      changed(id);
    },
    async countForOwner(ownerId: string) {
      const [row] = await db.select({ n: count() }).from(chatbots).where(eq(chatbots.ownerId, ownerId));
      return row?.n ?? 0;
    },
  };
}
export type ChatbotsService = ReturnType<typeof createChatbotsService>;
