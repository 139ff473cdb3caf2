import type { BotLanguage, ChatTurn, Citation, FallbackOffers } from "@parley/contracts";
import type { ChatbotRow } from "../../db/schema";
import type { AnswerOutcome } from "../../lib/metrics";
import type { OutboundGuard } from "../../lib/outbound";
import { fallbackOffers, fallbackReplyFor, questionLanguage, replyLanguage } from "../chatbots/bot-languages";
import type { Retrieval } from "../retrieval/retrieval";
import { type ChatModel, ModelError } from "./chat-model";
import { toCitations } from "./citations";
import type { AnswerEvidence } from "./confidence";
import { arabicFallback, createExtractiveEngine } from "./extractive-engine";
import { searchQuery } from "./follow-up";
import { createOpenAiCompatibleModel, isFallback } from "./openai-compatible";

export interface LlmDefaults {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
}

export interface Reply {
  text: string;
  answered: boolean;
  citations: Citation[];
  interrupted: boolean;
  engine: ChatModel["engine"];
  /** What retrieval searched for: the question, or with a follow-up the previous question too. */
  searchedFor: string;
  /** Built-in engine: its confidence in the answer (also when it held one back); null for an AI model or when nothing was found. */
  confidence: number | null;
  /** Built-in engine: the evidence behind `confidence` (for the eval). */
  evidence: AnswerEvidence | null;
  /** Built-in engine: the answer it chose, given or held back for low confidence (for the eval). */
  candidate: string | null;
}

/** One question to answer, with what came before it. */
export interface RespondArgs {
  bot: ChatbotRow;
  question: string;
  history: ChatTurn[];
  signal: AbortSignal;
  onDelta: (text: string) => void;
  /** The language the widget speaks to the visitor (the fallback reply's when the question says none). */
  language?: BotLanguage;
  /**
   * What the channel can offer a customer the bot could not answer (the default fallback reply
   * invites to it); omitted: what the bot offers (the widget's e-mail form, a person).
   */
  offers?: FallbackOffers;
}

export function createChatService(deps: {
  retrieval: Retrieval;
  llm: LlmDefaults;
  guard: OutboundGuard;
  /** The bot's own key in clear (chatbots.modelApiKey); throws when the stored key does not decrypt. */
  botApiKey: (bot: ChatbotRow) => string | null;
  /** Told of every reply: which engine, how it ended, how long it took (metrics). */
  onAnswer?: (engine: ChatModel["engine"], outcome: AnswerOutcome, seconds: number) => void;
}) {
  const builtin = createExtractiveEngine(deps.retrieval);

  function modelFor(bot: ChatbotRow): ChatModel {
    if (bot.modelProvider === "builtin") return builtin;
    const baseUrl = bot.modelBaseUrl ?? deps.llm.baseUrl;
    const model = bot.modelName ?? deps.llm.model;
    if (!baseUrl || !model) {
      throw new ModelError(
        "This chatbot is set to use an AI model, but no model endpoint is configured. Set one in the bot's model settings or LLM_BASE_URL and LLM_MODEL.",
        "MODEL_NOT_CONFIGURED",
      );
    }
    let botKey: string | null;
    try {
      botKey = deps.botApiKey(bot);
    } catch (err) {
      // Fail closed: an unreadable key never falls back to the server's key or to none.
      throw new ModelError((err as Error).message, "MODEL_NOT_CONFIGURED");
    }
    return createOpenAiCompatibleModel(
      { baseUrl, model, apiKey: botKey ?? deps.llm.apiKey ?? null },
      deps.guard,
    );
  }

  return {
    modelFor,
    /**
     * Retrieves, answers and streams one reply. `onDelta` gets text as it comes; the result says
     * whether the bot answered (or fell back) and which sources it used.
     */
    async respond(args: RespondArgs): Promise<Reply> {
      const model = modelFor(args.bot);
      const started = performance.now();
      try {
        const reply = await answerWith(model, args);
        const outcome = reply.interrupted ? "interrupted" : reply.answered ? "answered" : "not_answered";
        deps.onAnswer?.(model.engine, outcome, (performance.now() - started) / 1000);
        return reply;
      } catch (err) {
        deps.onAnswer?.(model.engine, "error", (performance.now() - started) / 1000);
        throw err;
      }
    },
  };

  async function answerWith(model: ChatModel, args: RespondArgs): Promise<Reply> {
    // The fallback reply in the question's language when the bot speaks it (else the widget's);
    // a default one matches what the bot offers (the e-mail form, a person).
    const language = replyLanguage(args.bot, questionLanguage(args.question), args.language);
    const offers = args.offers ?? fallbackOffers(args.bot);
    const fallbackReply = fallbackReplyFor(args.bot, language, offers);
    const searchedFor = searchQuery(args.question, args.history);
    const { passages, terms } = await deps.retrieval.retrieve(args.bot.id, searchedFor);
    const stream = model.answer({
      question: args.question,
      history: args.history,
      passages,
      terms,
      signal: args.signal,
      bot: {
        instructions: args.bot.instructions,
        fallbackReply,
        arabicFallbackReply: arabicFallback(offers),
        temperature: args.bot.temperature,
        maxAnswerTokens: args.bot.maxAnswerTokens,
        caution: args.bot.answerCaution,
      },
    });
    let text = "";
    for await (const delta of stream.deltas) {
      text += delta;
      args.onDelta(delta);
    }
    const used = stream.used();
    // A model's answer without [n] markers is still an answer, with no citation shown.
    const answered = (used.length > 0 || model.engine !== "builtin") && !isFallback(text, fallbackReply);
    return {
      text,
      answered,
      citations: answered ? toCitations(used) : [],
      interrupted: args.signal.aborted,
      engine: model.engine,
      searchedFor,
      confidence: stream.confidence?.() ?? null,
      evidence: stream.evidence?.() ?? null,
      candidate: stream.candidate?.() ?? null,
    };
  }
}
export type ChatService = ReturnType<typeof createChatService>;
