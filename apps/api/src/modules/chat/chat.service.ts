import type { ChatTurn, Citation } from "@parley/contracts";
import type { ChatbotRow } from "../../db/schema";
import type { OutboundGuard } from "../../lib/outbound";
import type { Retrieval } from "../retrieval/retrieval";
import { type ChatModel, ModelError } from "./chat-model";
import { toCitations } from "./citations";
import { createExtractiveEngine } from "./extractive-engine";
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
}

export function createChatService(deps: { retrieval: Retrieval; llm: LlmDefaults; guard: OutboundGuard }) {
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
    return createOpenAiCompatibleModel(
      { baseUrl, model, apiKey: bot.modelApiKey ?? deps.llm.apiKey ?? null },
      deps.guard,
    );
  }

  return {
    modelFor,
    /**
     * Retrieves, answers and streams one reply. `onDelta` gets text as it comes; the result says
     * whether the bot answered (or fell back) and which sources it used.
     */
    async respond(args: {
      bot: ChatbotRow;
      question: string;
      history: ChatTurn[];
      signal: AbortSignal;
      onDelta: (text: string) => void;
    }): Promise<Reply> {
      const model = modelFor(args.bot);
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
          fallbackReply: args.bot.fallbackReply,
          temperature: args.bot.temperature,
          maxAnswerTokens: args.bot.maxAnswerTokens,
        },
      });
      let text = "";
      for await (const delta of stream.deltas) {
        text += delta;
        args.onDelta(delta);
      }
      const used = stream.used();
      // A model's answer without [n] markers is still an answer, with no citation shown.
      const answered =
        (used.length > 0 || model.engine !== "builtin") && !isFallback(text, args.bot.fallbackReply);
      return {
        text,
        answered,
        citations: answered ? toCitations(used) : [],
        interrupted: args.signal.aborted,
        engine: model.engine,
        searchedFor,
      };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
