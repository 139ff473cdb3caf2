import { useCallback, useEffect, useReducer, useRef } from "react";
import { getAccessToken } from "../session/public";
import {
  historyFor,
  initialPlaygroundState,
  isStreaming,
  type PlaygroundMessage,
  playgroundReducer,
} from "./playground";
import { streamEvents } from "./stream";

let nextId = 0;
const newId = (prefix: string) => `${prefix}-${++nextId}`;

/**
 * One playground conversation with a bot: ask, stream the answer, stop it (aborting the fetch,
 * which makes the server stop the model), retry a failed answer, start over.
 */
export function usePlayground(chatbotId: string) {
  const [state, dispatch] = useReducer(playgroundReducer, initialPlaygroundState);
  const controller = useRef<AbortController | null>(null);
  // The latest messages for callbacks, without re-creating them on every delta.
  const messages = useRef<PlaygroundMessage[]>(state.messages);
  messages.current = state.messages;

  const run = useCallback(
    (assistantId: string, question: string, history: ReturnType<typeof historyFor>) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      void streamEvents({
        url: `/api/chatbots/${encodeURIComponent(chatbotId)}/playground/messages`,
        body: history.length > 0 ? { content: question, history } : { content: question },
        signal: abort.signal,
        getToken: getAccessToken,
        onDelta: (text) => dispatch({ type: "delta", id: assistantId, text }),
        onDone: (done) => dispatch({ type: "done", id: assistantId, done }),
        onError: (error) => dispatch({ type: "error", id: assistantId, error }),
      }).finally(() => {
        if (controller.current === abort) controller.current = null;
      });
    },
    [chatbotId],
  );

  const ask = useCallback(
    (text: string) => {
      const question = text.trim();
      if (!question || controller.current) return;
      const history = historyFor(messages.current);
      const assistantId = newId("a");
      dispatch({ type: "ask", userId: newId("u"), assistantId, text: question });
      run(assistantId, question, history);
    },
    [run],
  );

  const stop = useCallback(() => {
    const streaming = messages.current.find((m) => m.role === "assistant" && m.status === "streaming");
    controller.current?.abort();
    controller.current = null;
    if (streaming) dispatch({ type: "stop", id: streaming.id });
  }, []);

  const retry = useCallback(
    (assistantId: string) => {
      const message = messages.current.find((m) => m.id === assistantId);
      if (message?.role !== "assistant" || controller.current) return;
      // The history is what came before the question this answer belongs to.
      const index = messages.current.indexOf(message);
      const questionId = messages.current[index - 1]?.id;
      dispatch({ type: "retry", id: assistantId });
      run(assistantId, message.question, historyFor(messages.current, questionId));
    },
    [run],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    dispatch({ type: "reset" });
  }, []);

  // Leaving the page stops a reply in flight.
  useEffect(() => () => controller.current?.abort(), []);

  return { messages: state.messages, streaming: isStreaming(state), ask, stop, retry, reset };
}
