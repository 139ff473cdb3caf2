import { type Chatbot, type KnowledgeSource, MAX_MESSAGE_LENGTH } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useCan } from "../../../workspaces/public";
import { anyInProgress } from "../../chatbots";
import { usePlayground } from "../../use-playground";
import { BotIcon, RefreshIcon, SendIcon, StopIcon } from "../icons";
import { AnswerView } from "./AnswerView";

interface PlaygroundTabProps {
  bot: Chatbot;
  sources: KnowledgeSource[] | undefined;
  onGoToKnowledge: () => void;
}

/** Chat with the bot as a visitor would, seeing which knowledge each answer came from. */
export function PlaygroundTab({ bot, sources, onGoToKnowledge }: PlaygroundTabProps) {
  const { t } = useTranslation("builder");
  const { number } = useFormat();
  const chat = usePlayground(bot._id);
  // Everyone tries the bot; "add knowledge that covers it" is for those who may add it.
  const canAddKnowledge = useCan("knowledge:write");
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
    if (last.status === "done")
      setAnnouncement(t("playground.answered", { name: bot.name, text: last.text }));
    else if (last.status === "error") setAnnouncement(t("playground.failedAnnouncement"));
  }, [last, bot.name, t]);

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
          {reading ? t("playground.stillReading") : t("playground.noKnowledge")}{" "}
          <button type="button" className="link-button" onClick={onGoToKnowledge}>
            {t("playground.goToKnowledge")}
          </button>
        </div>
      ) : reading ? (
        <div className="playground-note" role="note">
          {t("playground.someReading")}
        </div>
      ) : null}

      <section className="card pg-chat" aria-label={t("playground.chatWith", { name: bot.name })}>
        <header className="pg-head">
          <span className="pg-avatar" aria-hidden="true">
            <BotIcon size={18} />
          </span>
          <div className="pg-head-text">
            <p className="pg-head-name">{bot.name}</p>
            <p className="pg-head-sub">
              {t("playground.usesSaved", {
                engine: bot.model.provider === "builtin" ? t("playground.builtin") : t("playground.openai"),
              })}
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
            <span className="btn-icon-label">{t("playground.startOver")}</span>
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
            <ul className="pg-chips" aria-label={t("playground.suggested")}>
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
            <p className="pg-empty">{t("playground.empty")}</p>
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
                {...(canAddKnowledge ? { onAddKnowledge: onGoToKnowledge } : {})}
              />
            ),
          )}
        </div>

        <form className="pg-composer" onSubmit={onSubmit}>
          <label htmlFor="playground-input" className="sr-only">
            {t("playground.message")}
          </label>
          <textarea
            ref={inputRef}
            id="playground-input"
            className="pg-input"
            rows={1}
            placeholder={t("playground.placeholder")}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={tooLong || undefined}
            aria-describedby="playground-hint"
          />
          {chat.streaming ? (
            <button type="button" className="btn btn-secondary pg-send" onClick={chat.stop}>
              <StopIcon size={16} />
              {t("playground.stop")}
            </button>
          ) : (
            <button type="submit" className="btn btn-primary pg-send" disabled={!draft.trim() || tooLong}>
              <SendIcon size={16} />
              {t("playground.send")}
            </button>
          )}
        </form>
        <p id="playground-hint" className="pg-hint" data-warn={tooLong || undefined}>
          {nearLimit
            ? t("playground.count", { length: number(draft.length), max: number(MAX_MESSAGE_LENGTH) })
            : t("playground.hint")}
        </p>
      </section>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
