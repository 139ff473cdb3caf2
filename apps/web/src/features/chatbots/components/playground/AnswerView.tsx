import type { Citation } from "@parley/contracts";
import { useRef } from "react";
import { answerParagraphs, citationSubtitle, safeLink } from "../../chatbots";
import { type AssistantMessage, failureText } from "../../playground";
import { AlertIcon, ExternalIcon, KindIcon } from "../icons";

/**
 * An answer as React text: paragraphs, and [n] markers as buttons that open the cited source
 * below. Nothing in the answer is ever parsed as HTML.
 */
function AnswerText({
  text,
  citations,
  onCite,
}: {
  text: string;
  citations: Citation[];
  onCite: (n: number) => void;
}) {
  const paragraphs = answerParagraphs(text, citations.length);
  return (
    <>
      {paragraphs.map((pieces, p) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs only grow at the end while streaming
        <p key={p} className="pg-paragraph">
          {pieces.map((piece, i) =>
            piece.type === "text" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one paragraph
              <span key={i}>{piece.text}</span>
            ) : (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one paragraph
                key={i}
                type="button"
                className="cite-marker"
                onClick={() => onCite(piece.n)}
                aria-label={`Source ${piece.n}: ${citations[piece.n - 1]?.title ?? ""}`}
              >
                {piece.n}
              </button>
            ),
          )}
        </p>
      ))}
    </>
  );
}

function CitationList({
  messageId,
  citations,
  searchedFor,
}: {
  messageId: string;
  citations: Citation[];
  searchedFor: string | undefined;
}) {
  return (
    <div className="pg-sources">
      <p className="pg-sources-title">{citations.length === 1 ? "Source" : "Sources"}</p>
      {searchedFor ? (
        <p className="pg-searched" data-testid="searched-for">
          Read as a follow-up; searched for: “{searchedFor}”
        </p>
      ) : null}
      <ol className="pg-source-list">
        {citations.map((citation, index) => {
          const link = safeLink(citation.url);
          return (
            <li key={citation.sourceId}>
              <details className="pg-source" id={`${messageId}-source-${index + 1}`}>
                <summary>
                  <span className="pg-source-n">{index + 1}</span>
                  <span className="pg-source-icon">
                    <KindIcon kind={citation.kind} size={15} />
                  </span>
                  <span className="pg-source-text">
                    <span className="pg-source-name">{citation.title}</span>
                    <span className="pg-source-sub">{citationSubtitle(citation)}</span>
                  </span>
                </summary>
                <blockquote className="pg-source-snippet">{citation.snippet}</blockquote>
                {link ? (
                  <a className="pg-source-link" href={link} target="_blank" rel="noopener noreferrer">
                    Open page <ExternalIcon size={13} />
                  </a>
                ) : null}
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

interface AnswerViewProps {
  message: AssistantMessage;
  provider: "builtin" | "openai-compatible";
  onRetry: () => void;
  onAddKnowledge: () => void;
  canRetry: boolean;
}

export function AnswerView({ message, provider, onRetry, onAddKnowledge, canRetry }: AnswerViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const openCitation = (n: number) => {
    const details = ref.current?.querySelector<HTMLDetailsElement>(`[id="${message.id}-source-${n}"]`);
    if (!details) return;
    details.open = true;
    details.querySelector("summary")?.focus();
    details.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  const empty = message.text.trim() === "";
  const streaming = message.status === "streaming";

  return (
    <div ref={ref} className="pg-answer" data-status={message.status}>
      <div className="pg-bubble pg-bubble-bot">
        {streaming && empty ? (
          <span className="typing" role="img" aria-label="The chatbot is typing">
            <span />
            <span />
            <span />
          </span>
        ) : (
          <>
            <AnswerText text={message.text} citations={message.citations} onCite={openCitation} />
            {streaming ? <span className="pg-caret" aria-hidden="true" /> : null}
          </>
        )}
      </div>

      {message.status === "done" && message.answered === false ? (
        <p className="pg-fallback">
          <span className="pg-fallback-badge">Not answered from your knowledge</span>
          <span>
            Nothing in your knowledge matched, so the bot sent its fallback reply.{" "}
            <button type="button" className="link-button" onClick={onAddKnowledge}>
              Add knowledge that covers it
            </button>
          </span>
        </p>
      ) : null}

      {message.status === "done" && message.citations.length > 0 ? (
        <CitationList
          messageId={message.id}
          citations={message.citations}
          searchedFor={message.searchedFor}
        />
      ) : null}

      {message.status === "error" && message.error ? (
        <p className="pg-error" role="alert">
          <AlertIcon size={16} />
          <span>
            {empty ? "" : "The answer stopped early. "}
            {failureText(message.error, provider)}
          </span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry} disabled={!canRetry}>
            Retry
          </button>
        </p>
      ) : null}

      {message.status === "stopped" ? (
        <p className="pg-stopped">
          <span>{empty ? "You stopped the answer before it began." : "You stopped this answer."}</span>
          <button type="button" className="link-button" onClick={onRetry} disabled={!canRetry}>
            Ask again
          </button>
        </p>
      ) : null}
    </div>
  );
}
