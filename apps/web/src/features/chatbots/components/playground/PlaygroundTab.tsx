import { type Chatbot, type KnowledgeSource, MAX_MESSAGE_LENGTH } from "@parley/contracts";
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { anyInProgress } from "../../chatbots";
import { usePlayground } from "../../use-playground";
import { BotIcon, RefreshIcon, SendIcon, StopIcon } from "../icons";
import { AnswerView } from "./AnswerView";

interface PlaygroundTabProps {
  bot: Chatbot;
  sources: KnowledgeSource[] | undefined;
  onGoToKnowledge: () => void;
}

const numberFormat = new Intl.NumberFormat("en-US");

/** Chat with the bot as a visitor would, seeing which knowledge each answer came from. */
export function PlaygroundTab({ bot, sources, onGoToKnowledge }: PlaygroundTabProps) {
  const chat = usePlayground(bot._id);
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const [announcement, setAnnouncement] = useState("");

  const readyCount = sources?.filter((s) => s.status === "ready").length ?? 0;
  const reading = anyInProgress(sources);
  const last = chat.messages.at(-1);

  // Keep the newest text in view while it streams, unless the user scrolled up to read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the conversation
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [chat.messages]);

  // Screen readers hear the finished answer once, not every streamed word.
  useEffect(() => {
    if (last?.role !== "assistant") return;
    if (last.status === "done") setAnnouncement(`${bot.name} answered: ${last.text}`);
    else if (last.status === "error") setAnnouncement("The answer failed. A Retry button is below it.");
  }, [last, bot.name]);

  const send = (text: string) => {
    const question = text.trim();
    if (!question || chat.streaming || question.length > MAX_MESSAGE_LENGTH) return;
    stickToBottom.current = true;
    chat.ask(question);
    setDraft("");
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send(draft);
    }
  };

  const tooLong = draft.length > MAX_MESSAGE_LENGTH;
  const nearLimit = draft.length > MAX_MESSAGE_LENGTH * 0.8;

  return (
    <div className="playground">
      {readyCount === 0 ? (
        <div className="playground-note" role="note">
          {reading
            ? "Your knowledge is still being read. Until a source is ready, the bot can only send its fallback reply."
            : "This chatbot has no ready knowledge yet, so it can only send its fallback reply."}{" "}
          <button type="button" className="link-button" onClick={onGoToKnowledge}>
            Go to Knowledge
          </button>
        </div>
      ) : reading ? (
        <div className="playground-note" role="note">
          Some sources are still being read. Answers will draw on them once they're ready.
        </div>
      ) : null}

      <section className="card pg-chat" aria-label={`Chat with ${bot.name}`}>
        <header className="pg-head">
          <span className="pg-avatar" aria-hidden="true">
            <BotIcon size={18} />
          </span>
          <div className="pg-head-text">
            <p className="pg-head-name">{bot.name}</p>
            <p className="pg-head-sub">
              {bot.model.provider === "builtin" ? "Built-in answer engine" : "OpenAI-compatible model"} · uses
              your saved settings
            </p>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              chat.reset();
              setAnnouncement("");
              inputRef.current?.focus();
            }}
            disabled={chat.messages.length === 0}
          >
            <RefreshIcon size={15} />
            <span className="btn-icon-label">Start over</span>
          </button>
        </header>

        <div
          ref={logRef}
          className="pg-log"
          onScroll={(event) => {
            const el = event.currentTarget;
            stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
          }}
        >
          {bot.greeting.trim() ? (
            <div className="pg-answer">
              <div className="pg-bubble pg-bubble-bot">
                <p className="pg-paragraph">{bot.greeting}</p>
              </div>
            </div>
          ) : null}
          {chat.messages.length === 0 && bot.suggestedQuestions.length > 0 ? (
            <ul className="pg-chips" aria-label="Suggested questions">
              {bot.suggestedQuestions.map((question) => (
                <li key={question}>
                  <button type="button" className="pg-chip" onClick={() => send(question)}>
                    {question}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {chat.messages.length === 0 && !bot.greeting.trim() && bot.suggestedQuestions.length === 0 ? (
            <p className="pg-empty">Ask a question your customers would ask.</p>
          ) : null}
          {chat.messages.map((message) =>
            message.role === "user" ? (
              <div key={message.id} className="pg-question">
                <p className="pg-bubble pg-bubble-user">{message.text}</p>
              </div>
            ) : (
              <AnswerView
                key={message.id}
                message={message}
                provider={bot.model.provider}
                canRetry={!chat.streaming}
                onRetry={() => chat.retry(message.id)}
                onAddKnowledge={onGoToKnowledge}
              />
            ),
          )}
        </div>

        <form className="pg-composer" onSubmit={onSubmit}>
          <label htmlFor="playground-input" className="sr-only">
            Message
          </label>
          <textarea
            ref={inputRef}
            id="playground-input"
            className="pg-input"
            rows={1}
            placeholder="Ask a question…"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={tooLong || undefined}
            aria-describedby="playground-hint"
          />
          {chat.streaming ? (
            <button type="button" className="btn btn-secondary pg-send" onClick={chat.stop}>
              <StopIcon size={16} />
              Stop
            </button>
          ) : (
            <button type="submit" className="btn btn-primary pg-send" disabled={!draft.trim() || tooLong}>
              <SendIcon size={16} />
              Send
            </button>
          )}
        </form>
        <p id="playground-hint" className="pg-hint" data-warn={tooLong || undefined}>
          {nearLimit
            ? `${numberFormat.format(draft.length)} of ${numberFormat.format(MAX_MESSAGE_LENGTH)} characters`
            : "Enter to send, Shift+Enter for a new line. Playground chats aren't saved and don't count toward your messages."}
        </p>
      </section>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
