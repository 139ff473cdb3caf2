import type { Citation } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { useRef } from "react";
import { ConfidenceChip } from "../../../../components/ConfidenceChip";
import { answerParagraphs, citationSubtitle, safeLink } from "../../chatbots";
import { type AssistantMessage, failureText } from "../../playground";
import { useWords } from "../../words";
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
  const { t } = useTranslation("builder");
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
                aria-label={t("playground.citeLabel", {
                  n: piece.n,
                  title: citations[piece.n - 1]?.title ?? "",
                })}
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
  const { t } = useTranslation("builder");
  const words = useWords();
  return (
    <div className="pg-sources">
      <p className="pg-sources-title">
        {citations.length === 1 ? t("playground.source") : t("playground.sources")}
      </p>
      {searchedFor ? (
        <p className="pg-searched" data-testid="searched-for">
          {t("playground.searchedFor", { query: searchedFor })}
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
                    <span className="pg-source-sub">{citationSubtitle(citation, words)}</span>
                  </span>
                </summary>
                <blockquote className="pg-source-snippet">{citation.snippet}</blockquote>
                {link ? (
                  <a className="pg-source-link" href={link} target="_blank" rel="noopener noreferrer">
                    {t("playground.openPage")} <ExternalIcon size={13} />
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
  /** "Add knowledge that covers it", for members who may change the knowledge. */
  onAddKnowledge?: () => void;
  canRetry: boolean;
}

export function AnswerView({ message, provider, onRetry, onAddKnowledge, canRetry }: AnswerViewProps) {
  const { t } = useTranslation("builder");
  const words = useWords();
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
          <span className="typing" role="img" aria-label={t("playground.typing")}>
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

      {message.status === "done" && message.answered !== false && message.confidence !== null ? (
        <p className="pg-confidence">
          <ConfidenceChip confidence={message.confidence} answered={message.answered} />
        </p>
      ) : null}

      {message.status === "done" && message.answered === false ? (
        <p className="pg-fallback">
          <span className="pg-fallback-badge">{t("playground.notAnswered")}</span>
          <ConfidenceChip confidence={message.confidence} answered={message.answered} />
          <span>
            {message.confidence !== null ? t("playground.heldBackSent") : t("playground.fallbackSent")}
            {onAddKnowledge ? (
              <>
                {" "}
                <button type="button" className="link-button" onClick={onAddKnowledge}>
                  {t("playground.addCovering")}
                </button>
              </>
            ) : null}
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
            {empty ? "" : t("playground.stoppedEarly")}
            {failureText(message.error, provider, words)}
          </span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry} disabled={!canRetry}>
            {t("playground.retry")}
          </button>
        </p>
      ) : null}

      {message.status === "stopped" ? (
        <p className="pg-stopped">
          <span>{empty ? t("playground.stoppedBefore") : t("playground.stopped")}</span>
          <button type="button" className="link-button" onClick={onRetry} disabled={!canRetry}>
            {t("playground.askAgain")}
          </button>
        </p>
      ) : null}
    </div>
  );
}
