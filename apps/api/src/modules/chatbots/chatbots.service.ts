import {
  type ApiChatbotPage,
  type BotLanguage,
  type Chatbot,
  type ChatbotCreate,
  type ChatbotListItem,
  type ChatbotUpdate,
  DEFAULT_HANDOFF,
  HANDOFF_WAIT_SECONDS,
  type HandoffSettings,
} from "@parley/contracts";
import type { ChatbotRow } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { EntitlementsService } from "../entitlements/entitlements.service";
import { DEFAULT_TEXTS, type LanguageRow, languageColumns, textsFor } from "./bot-languages";
import type { ChatbotColumns, ChatbotsRepo } from "./chatbots.repo";
import { isSealedModelKey, type ModelKeyBox, ModelKeyUnreadableError, modelKeyLast4 } from "./model-key-box";

export const DEFAULTS = {
  instructions:
    "You are a friendly, concise assistant for this business. Answer from the knowledge provided. If the answer is not there, say so politely and offer to connect the visitor with the team.",
  greeting: DEFAULT_TEXTS.en.greeting,
  fallbackReply: DEFAULT_TEXTS.en.fallbackReply,
  theme: {
    primaryColor: "#4f46e5",
    position: "bottom-right" as const,
    launcherText: DEFAULT_TEXTS.en.launcherText,
  },
  greetingBubble: { enabled: false, text: "", delaySeconds: 5 },
  handoff: DEFAULT_HANDOFF,
};

/** The stored live-chat settings, whole (a row written before they existed has the column default). */
const handoffOf = (row: Pick<ChatbotRow, "handoff">): HandoffSettings => ({
  enabled: row.handoff?.enabled ?? DEFAULT_HANDOFF.enabled,
  officeHours: row.handoff?.officeHours ?? null,
  waitSeconds: row.handoff?.waitSeconds ?? HANDOFF_WAIT_SECONDS,
});

export function toChatbot(row: ChatbotRow): Chatbot {
  // Texts a bot never wrote (the live-chat ones came later) are shown as the language's defaults.
  const own = textsFor(row, row.defaultLanguage);
  const translations: Chatbot["translations"] = {};
  for (const language of Object.keys(row.translations) as BotLanguage[]) {
    if (language !== row.defaultLanguage && row.translations[language]) {
      translations[language] = textsFor(row, language);
    }
  }
  return {
    _id: row.id,
    name: row.name,
    instructions: row.instructions,
    greeting: row.greeting,
    suggestedQuestions: row.suggestedQuestions,
    fallbackReply: row.fallbackReply,
    handoffReply: own.handoffReply,
    offHoursReply: own.offHoursReply,
    handoff: handoffOf(row),
    defaultLanguage: row.defaultLanguage,
    languages: row.languages,
    translations,
    model: {
      provider: row.modelProvider,
      model: row.modelName,
      baseUrl: row.modelBaseUrl,
      temperature: Math.round(row.temperature * 100) / 100,
      maxAnswerTokens: row.maxAnswerTokens,
      caution: row.answerCaution,
      hasApiKey: Boolean(row.modelApiKeySealed),
      apiKeyLast4: row.modelApiKeySealed ? row.modelApiKeyLast4 : null,
    },
    embeddings: {
      model: row.embeddingsModel,
      baseUrl: row.embeddingsBaseUrl,
      hasApiKey: Boolean(row.embeddingsApiKey),
    },
    theme: row.theme,
    greetingBubble: row.greetingBubble,
    allowedDomains: row.allowedDomains,
    leadCapture: row.leadCapture,
    retentionDays: row.retentionDays,
    published: row.published,
    suspended: row.suspendedAt
      ? { at: row.suspendedAt.toISOString(), reason: row.suspendedReason ?? "" }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns an edit sets; a new model key is sealed for this bot before it reaches the row. */
function columns(
  input: ChatbotUpdate,
  botId: string,
  box: ModelKeyBox,
  current: LanguageRow & Pick<ChatbotRow, "handoff">,
): ChatbotColumns {
  // Languages first: a new default language brings its texts, which the edit's own may then replace.
  const set: ChatbotColumns = languageColumns(input, current);
  if (input.name !== undefined) set.name = input.name;
  if (input.instructions !== undefined) set.instructions = input.instructions;
  if (input.greeting !== undefined) set.greeting = input.greeting;
  if (input.suggestedQuestions !== undefined) set.suggestedQuestions = input.suggestedQuestions;
  if (input.fallbackReply !== undefined) set.fallbackReply = input.fallbackReply;
  if (input.handoffReply !== undefined) set.handoffReply = input.handoffReply;
  if (input.offHoursReply !== undefined) set.offHoursReply = input.offHoursReply;
  // Partial: what is sent replaces the stored field (office hours whole, or null for "always").
  if (input.handoff) set.handoff = { ...handoffOf(current), ...input.handoff };
  if (input.allowedDomains !== undefined) set.allowedDomains = [...new Set(input.allowedDomains)];
  if (input.leadCapture !== undefined) set.leadCapture = input.leadCapture;
  if (input.retentionDays !== undefined) set.retentionDays = input.retentionDays;
  if (input.published !== undefined) set.published = input.published;
  if (input.theme) set.theme = { ...(set.theme ?? current.theme), ...input.theme };
  if (input.greetingBubble) {
    set.greetingBubble = { ...(set.greetingBubble ?? current.greetingBubble), ...input.greetingBubble };
  }
  const m = input.model;
  if (m) {
    if (m.provider !== undefined) set.modelProvider = m.provider;
    if (m.model !== undefined) set.modelName = m.model;
    if (m.baseUrl !== undefined) set.modelBaseUrl = m.baseUrl;
    if (m.temperature !== undefined) set.temperature = m.temperature;
    if (m.maxAnswerTokens !== undefined) set.maxAnswerTokens = m.maxAnswerTokens;
    if (m.caution !== undefined) set.answerCaution = m.caution;
    if (m.apiKey === null) {
      set.modelApiKeySealed = null;
      set.modelApiKeyLast4 = null;
    } else if (m.apiKey !== undefined) {
      set.modelApiKeySealed = box.seal(m.apiKey, botId);
      set.modelApiKeyLast4 = modelKeyLast4(m.apiKey);
    }
  }
  const e = input.embeddings;
  if (e) {
    if (e.model !== undefined) set.embeddingsModel = e.model;
    if (e.baseUrl !== undefined) set.embeddingsBaseUrl = e.baseUrl;
    if (e.apiKey !== undefined) set.embeddingsApiKey = e.apiKey === null ? null : box.seal(e.apiKey, botId);
  }
  return set;
}

export function createChatbotsService(deps: {
  repo: ChatbotsRepo;
  entitlements: EntitlementsService;
  modelKeys: ModelKeyBox;
  /** The bot's embeddings endpoint or model changed: its sources are re-embedded in the background. */
  onEmbeddingsChanged?: (chatbotId: string) => Promise<void>;
  /** After a bot is created, changed or deleted (the widget's bot cache drops it). */
  onChange?: (chatbotId: string) => void;
}) {
  const { repo, entitlements, modelKeys } = deps;
  const changed = (id: string) => deps.onChange?.(id);

  async function own(workspaceId: string, id: string): Promise<ChatbotRow> {
    const row = await repo.owned(workspaceId, id);
    // Someone else's bot is indistinguishable from a missing one.
    if (!row) throw AppError.of("NOT_FOUND", "chatbot.chatbotNotFound");
    return row;
  }

  return {
    own,
    async list(workspaceId: string): Promise<ChatbotListItem[]> {
      const rows = await repo.listWithSourceCounts(workspaceId);
      return rows.map((r) => ({
        ...toChatbot(r.bot),
        sourceCount: r.sourceCount,
        readySourceCount: r.readySourceCount,
      }));
    },
    /** One page of the owner's bots, newest first (the public API's list). */
    async page(workspaceId: string, opts: { cursor?: string; limit: number }): Promise<ApiChatbotPage> {
      const page = await repo.pageWithSourceCounts(workspaceId, opts);
      return {
        items: page.items.map((r) => ({
          ...toChatbot(r.bot),
          sourceCount: r.sourceCount,
          readySourceCount: r.readySourceCount,
        })),
        nextCursor: page.nextCursor,
      };
    },
    async get(workspaceId: string, id: string): Promise<Chatbot> {
      return toChatbot(await own(workspaceId, id));
    },
    async create(workspaceId: string, input: ChatbotCreate): Promise<Chatbot> {
      await entitlements.assert(workspaceId, "chatbots", await repo.countForOwner(workspaceId));
      const id = newId("cb");
      // A bot created in Arabic starts with the Arabic texts (and English ones if it speaks both).
      const language = input.defaultLanguage ?? "en";
      const texts = DEFAULT_TEXTS[language];
      const fresh = {
        defaultLanguage: language,
        languages: [language],
        translations: {},
        greeting: texts.greeting,
        suggestedQuestions: texts.suggestedQuestions,
        fallbackReply: texts.fallbackReply,
        // Empty until written: the language's default text is shown (and said) meanwhile.
        handoffReply: "",
        offHoursReply: "",
        handoff: DEFAULTS.handoff,
        theme: { ...DEFAULTS.theme, launcherText: texts.launcherText },
        greetingBubble: DEFAULTS.greetingBubble,
      };
      const row = await repo.insert({
        id,
        workspaceId,
        name: input.name,
        instructions: DEFAULTS.instructions,
        ...fresh,
        ...columns({ ...input, defaultLanguage: undefined }, id, modelKeys, fresh),
      });
      changed(row.id);
      return toChatbot(row);
    },
    async update(workspaceId: string, id: string, input: ChatbotUpdate): Promise<Chatbot> {
      const current = await own(workspaceId, id);
      const set = columns(input, id, modelKeys, current);
      if (Object.keys(set).length === 0) return toChatbot(current);
      const row = await repo.update(workspaceId, id, set);
      const embeddingsChanged = (["embeddingsModel", "embeddingsBaseUrl", "embeddingsApiKey"] as const).some(
        (k) => set[k] !== undefined && set[k] !== current[k],
      );
      changed(id);
      if (row && embeddingsChanged) await deps.onEmbeddingsChanged?.(id);
      return toChatbot(row ?? current);
    },
    /** Deletes the bot; returns its name (for the audit log, which outlives it). */
    async remove(workspaceId: string, id: string): Promise<{ name: string }> {
      const bot = await own(workspaceId, id);
      // Sources, chunks, conversations and messages go with it (foreign keys cascade).
      await repo.remove(workspaceId, id);
      changed(id);
      return { name: bot.name };
    },
    /**
     * Platform staff switch a bot off (a reason) or on again (null): from then on the widget, the
     * API and channels answer a neutral "unavailable" and no model is asked. `record` writes the
     * platform audit entry in the same transaction. The row before and after, or undefined when
     * there is no such bot.
     */
    async setSuspension(
      id: string,
      reason: string | null,
      at: Date,
      record: (tx: Tx, before: ChatbotRow, after: ChatbotRow) => Promise<void>,
    ) {
      const result = await repo.transaction(async (tx) => {
        const changed = await repo.setSuspension(
          id,
          { suspendedAt: reason === null ? null : at, suspendedReason: reason },
          tx,
        );
        if (changed) await record(tx, changed.before, changed.after);
        return changed;
      });
      if (result) changed(id);
      return result;
    },
    countSuspended: () => repo.countSuspended(),
    countForOwner: (workspaceId: string) => repo.countForOwner(workspaceId),
    /** The owner's bots as stored, oldest first (the account export). */
    rowsForOwner: (workspaceId: string) => repo.listForOwner(workspaceId),
    /** A bot by id whoever owns it (seeding the showcase). */
    exists: async (id: string) => Boolean(await repo.byId(id)),
    /** Inserts a bot with a fixed id unless it exists (replicas booting at once); whether this one did. */
    insertFixed: (values: Parameters<ChatbotsRepo["insertIfAbsent"]>[0]) => repo.insertIfAbsent(values),
    setIdentitySecret: repo.setIdentitySecret,
    /** Account deletion, inside the caller's transaction. */
    erase: (tx: Tx, workspaceId: string) => repo.removeAllForOwner(tx, workspaceId),
    /**
     * The bot's own model API key in clear, for the one request to its model; null when it has none.
     * A stored key that does not decrypt throws ModelKeyUnreadableError: the answer fails rather
     * than going out with no key, or with the server's.
     */
    modelApiKey(bot: ChatbotRow): string | null {
      return bot.modelApiKeySealed ? modelKeys.open(bot.modelApiKeySealed, bot.id) : null;
    },
    /**
     * Seals the keys saved before keys were encrypted (migration 0014 keeps their last four). Run at
     * boot; safe on several replicas at once (a row changes only while it still holds the plaintext).
     */
    async sealPlaintextModelKeys(): Promise<number> {
      const rows = await repo.plaintextModelKeys();
      for (const { id, stored } of rows) {
        if (isSealedModelKey(stored)) continue;
        await repo.replaceModelKey(id, stored, modelKeys.seal(stored, id), modelKeyLast4(stored));
      }
      return rows.length;
    },
    /**
     * After a MODEL_KEYS_SECRET rotation: wraps the data key of every stored key still wrapped
     * under a previous secret under the current one. A key no secret opens is left as it is (the
     * bot's owner sees the error and sets it again). Returns how many were rewrapped.
     */
    async rewrapModelKeys(): Promise<number> {
      // Without MODEL_KEYS_SECRET_PREVIOUS every key is current: no need to read them all at boot.
      if (!modelKeys.rotating) return 0;
      let rewrapped = 0;
      for (const { id, stored } of await repo.sealedModelKeys()) {
        let next: string | null;
        try {
          next = modelKeys.rewrap(stored, id);
        } catch (err) {
          if (err instanceof ModelKeyUnreadableError) continue;
          throw err;
        }
        if (next === null) continue;
        await repo.replaceModelKey(id, stored, next);
        rewrapped++;
      }
      return rewrapped;
    },
  };
}
export type ChatbotsService = ReturnType<typeof createChatbotsService>;
