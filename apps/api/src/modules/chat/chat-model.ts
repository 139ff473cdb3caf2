import type { ChatTurn } from "@parley/contracts";
import type { Passage, QueryTerm } from "../retrieval/retrieval";
import type { AnswerCaution, AnswerEvidence } from "./confidence";

export interface AnswerInput {
  question: string;
  history: ChatTurn[];
  passages: Passage[];
  /** The words retrieval searched for, with their rarity (the built-in engine weighs sentences by it). */
  terms?: QueryTerm[];
  bot: {
    instructions: string;
    fallbackReply: string;
    /**
     * The built-in engine's reply to an Arabic question when `fallbackReply` is not in Arabic (it
     * cannot translate the owner's words); matches what the bot offers. Default: `ARABIC_FALLBACK`.
     */
    arabicFallbackReply?: string;
    temperature: number;
    maxAnswerTokens: number;
    /** Built-in engine: how sure it must be to answer rather than fall back (default balanced). */
    caution?: AnswerCaution;
  };
  signal: AbortSignal;
}

export interface AnswerStream {
  /** Text as it is produced; ends when the answer is complete. Throws on an upstream error. */
  deltas: AsyncIterable<string>;
  /** After `deltas` ended: the passages the answer drew on (empty when it fell back). */
  used(): Passage[];
  /**
   * After `deltas` ended: the built-in engine's confidence in its answer (0–1; also given when it
   * fell back, as the confidence of the answer it held back), null for an AI model and when the
   * engine found nothing worth saying (no answer held back).
   */
  confidence?(): number | null;
  /** Built-in engine: the evidence the confidence was computed from (the eval fits on it). */
  evidence?(): AnswerEvidence | null;
  /** Built-in engine: the answer it chose, said or held back (below the threshold); null if none. */
  candidate?(): string | null;
}

/** One interface for every way of answering: the built-in extractive engine or an LLM endpoint. */
export interface ChatModel {
  readonly engine: "builtin" | "openai-compatible";
  answer(input: AnswerInput): AnswerStream;
}

export class ModelError extends Error {
  override name = "ModelError";
  constructor(
    message: string,
    readonly code: "MODEL_UNAVAILABLE" | "MODEL_ERROR" | "MODEL_NOT_CONFIGURED" = "MODEL_ERROR",
  ) {
    super(message);
  }
}
