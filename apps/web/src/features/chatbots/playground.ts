import type { ChatTurn, Citation, StreamDone } from "@parley/contracts";
import type { StreamFailure } from "./stream";
import { ENGLISH, type Words } from "./words";

/**
 * The playground conversation, kept in component state (nothing is stored on the server). The
 * reducer is pure so the rules (what goes into `history`, what Stop and Retry do) are unit-tested.
 */

export type MessageStatus = "streaming" | "done" | "error" | "stopped";

export interface UserMessage {
  id: string;
  role: "user";
  text: string;
}

export interface AssistantMessage {
  id: string;
  role: "assistant";
  /** The question this answers, so Retry can ask it again. */
  question: string;
  text: string;
  status: MessageStatus;
  citations: Citation[];
  /** A follow-up: what was searched for (the question with the one before it). */
  searchedFor?: string;
  /** False when the bot fell back (nothing in the knowledge matched); null until done. */
  answered: boolean | null;
  /**
   * The built-in engine's confidence, 0–1 (of the answer it held back when it fell back); null for
   * an AI model's answer and until done.
   */
  confidence: number | null;
  error: StreamFailure | null;
}

export type PlaygroundMessage = UserMessage | AssistantMessage;

export interface PlaygroundState {
  messages: PlaygroundMessage[];
}

export type PlaygroundAction =
  | { type: "ask"; userId: string; assistantId: string; text: string }
  | { type: "delta"; id: string; text: string }
  | { type: "done"; id: string; done: StreamDone }
  | { type: "error"; id: string; error: StreamFailure }
  | { type: "stop"; id: string }
  | { type: "retry"; id: string }
  | { type: "reset" };

export const initialPlaygroundState: PlaygroundState = { messages: [] };

function updateAssistant(
  state: PlaygroundState,
  id: string,
  change: (message: AssistantMessage) => AssistantMessage,
): PlaygroundState {
  let changed = false;
  const messages = state.messages.map((m) => {
    if (m.id !== id || m.role !== "assistant") return m;
    changed = true;
    return change(m);
  });
  return changed ? { messages } : state;
}

export function playgroundReducer(state: PlaygroundState, action: PlaygroundAction): PlaygroundState {
  switch (action.type) {
    case "ask":
      return {
        messages: [
          ...state.messages,
          { id: action.userId, role: "user", text: action.text },
          {
            id: action.assistantId,
            role: "assistant",
            question: action.text,
            text: "",
            status: "streaming",
            citations: [],
            answered: null,
            confidence: null,
            error: null,
          },
        ],
      };
    case "delta":
      return updateAssistant(state, action.id, (m) =>
        m.status === "streaming" ? { ...m, text: m.text + action.text } : m,
      );
    case "done":
      return updateAssistant(state, action.id, (m) =>
        m.status === "streaming"
          ? {
              ...m,
              status: "done",
              citations: action.done.citations,
              answered: action.done.answered,
              confidence: action.done.confidence ?? null,
              ...(action.done.searchedFor ? { searchedFor: action.done.searchedFor } : {}),
            }
          : m,
      );
    case "error":
      return updateAssistant(state, action.id, (m) =>
        m.status === "streaming" ? { ...m, status: "error", error: action.error } : m,
      );
    case "stop":
      return updateAssistant(state, action.id, (m) =>
        m.status === "streaming" ? { ...m, status: "stopped" } : m,
      );
    case "retry":
      return updateAssistant(state, action.id, (m) =>
        m.status === "error" || m.status === "stopped"
          ? {
              ...m,
              status: "streaming",
              text: "",
              error: null,
              citations: [],
              answered: null,
              confidence: null,
            }
          : m,
      );
    case "reset":
      return initialPlaygroundState;
  }
}

export const MAX_HISTORY_TURNS = 20;
const MAX_TURN_LENGTH = 8000;

/**
 * The `history` sent with a question: the completed exchanges before `beforeId` (or all of them),
 * oldest first, at most 20 turns. A question whose answer failed or was stopped is left out with
 * its partial answer, so the model never sees half an exchange.
 */
export function historyFor(messages: readonly PlaygroundMessage[], beforeId?: string): ChatTurn[] {
  const end = beforeId === undefined ? messages.length : messages.findIndex((m) => m.id === beforeId);
  const upTo = end < 0 ? messages.length : end;
  const turns: ChatTurn[] = [];
  for (let i = 0; i < upTo; i++) {
    const message = messages[i];
    const next = messages[i + 1];
    if (message?.role !== "user" || next?.role !== "assistant" || i + 1 >= upTo) continue;
    if (next.status !== "done" || !next.text.trim()) continue;
    turns.push({ role: "user", content: message.text.slice(0, MAX_TURN_LENGTH) });
    turns.push({ role: "assistant", content: next.text.slice(0, MAX_TURN_LENGTH) });
  }
  return turns.slice(-MAX_HISTORY_TURNS);
}

export function isStreaming(state: PlaygroundState): boolean {
  return state.messages.some((m) => m.role === "assistant" && m.status === "streaming");
}

const MODEL_FAILURES = new Set(["INTERNAL", "MODEL_NOT_CONFIGURED", "MODEL_UNAVAILABLE", "MODEL_ERROR"]);

/**
 * Plain words for a failed answer; the server's message when it gave one. With an AI model
 * configured, a server-side failure is most often the model settings (a wrong URL, model or key),
 * so the owner is pointed there.
 */
export function failureText(
  error: StreamFailure,
  provider: "builtin" | "openai-compatible" = "builtin",
  w: Words = ENGLISH,
): string {
  switch (error.code) {
    case "NETWORK_ERROR":
      return w.t("playground.networkShort");
    case "STREAM_INTERRUPTED":
      return w.t("playground.interruptedShort");
    default: {
      const message = w.error(error);
      return provider === "openai-compatible" && MODEL_FAILURES.has(error.code)
        ? w.t("playground.checkModel", { message: message.replace(/([^.!?؟])$/, "$1.") })
        : message;
    }
  }
}
