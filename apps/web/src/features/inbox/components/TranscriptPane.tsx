import type { Citation, Transcript } from "@parley/contracts";
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { isApiError } from "../../../app/api";
import { SOURCE_KIND_LABEL } from "../../chatbots/chatbots";
import { ErrorNotice } from "../../chatbots/components/ErrorNotice";
import { ArrowLeftIcon, ExternalIcon, KindIcon, TrashIcon } from "../../chatbots/components/icons";
import { useTranscript } from "../api";
import { countLabel, customerLabel, formatDateTime, formatTime } from "../format";
import { DeleteConversationDialog } from "./DeleteConversationDialog";
import { MailIcon, ThumbDownIcon, ThumbUpIcon, VerifiedIcon } from "./icons";

interface TranscriptPaneProps {
  conversationId: string;
  /** Phones show one pane at a time: this returns to the list. */
  onBack: () => void;
  onDeleted: () => void;
}

/** One conversation as the visitor had it: questions, answers with their sources, ratings, leads. */
export function TranscriptPane({ conversationId, onBack, onDeleted }: TranscriptPaneProps) {
  const query = useTranscript(conversationId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = query.data?._id === conversationId;

  // Phones show the transcript instead of the list: start reading at its top.
  useEffect(() => {
    if (window.matchMedia("(max-width: 899px)").matches) window.scrollTo({ top: 0 });
  }, []);

  // Keyboard and screen reader users land on the conversation they opened.
  useEffect(() => {
    if (loaded && document.activeElement?.closest(".conv-item")) headingRef.current?.focus();
  }, [loaded]);

  const back = (
    <button type="button" className="btn btn-ghost btn-sm tr-back" onClick={onBack}>
      <ArrowLeftIcon size={16} />
      All conversations
    </button>
  );

  if (query.isPending) {
    return (
      <div className="tr" aria-busy="true">
        {back}
        <span className="sr-only" role="status">
          Loading the conversation
        </span>
        <div className="tr-skeleton" aria-hidden="true">
          <span className="skeleton" style={{ width: "55%", height: 26 }} />
          <span className="skeleton" style={{ width: "35%", height: 16 }} />
          <span className="skeleton" style={{ width: "70%", height: 56, marginTop: 16 }} />
          <span className="skeleton" style={{ width: "80%", height: 88, marginLeft: "auto" }} />
        </div>
      </div>
    );
  }

  if (query.isError) {
    const missing = isApiError(query.error) && query.error.code === "NOT_FOUND";
    return (
      <div className="tr">
        {back}
        {missing ? (
          <div className="tr-missing">
            <h2>This conversation isn't here anymore</h2>
            <p>It was deleted, or it passed its chatbot's retention period and was removed automatically.</p>
          </div>
        ) : (
          <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }

  return <TranscriptView transcript={query.data} back={back} headingRef={headingRef} onDeleted={onDeleted} />;
}

function TranscriptView({
  transcript,
  back,
  headingRef,
  onDeleted,
}: {
  transcript: Transcript;
  back: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDeleted: () => void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const questions = transcript.messages.filter((m) => m.role === "user").length;
  const { customer } = transcript;
  const asker = customer ? customerLabel(customer) : "Visitor";

  return (
    <article className="tr" aria-labelledby={headingId}>
      {back}
      <header className="tr-head">
        <div className="tr-title-block">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="tr-title">
            Conversation with {transcript.chatbotName}
          </h2>
          <p className="tr-sub">
            Started {formatDateTime(transcript.createdAt)} · {countLabel(questions, "question")} ·{" "}
            {countLabel(transcript.messageCount, "message")}
            {transcript.visitorId ? (
              <>
                {" "}
                · Visitor <code className="tr-visitor">{transcript.visitorId.slice(0, 8)}</code>
              </>
            ) : null}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-sm tr-delete"
          onClick={() => setConfirming(true)}
        >
          <TrashIcon size={16} />
          Delete conversation
        </button>
      </header>

      {customer ? (
        <section className="tr-customer" aria-label="Verified customer">
          <span className="tr-customer-icon">
            <VerifiedIcon size={18} />
          </span>
          <div>
            <p className="tr-lead-title">
              Verified customer: {customer.name ?? customer.email ?? customer.id}
              {customer.name && customer.email ? (
                <>
                  {" "}
                  · <a href={`mailto:${customer.email}`}>{customer.email}</a>
                </>
              ) : null}
            </p>
            <p className="tr-lead-when">
              Your customer id <code>{customer.id}</code>, signed by your server with this chatbot's identity
              secret. Name and e-mail are as your site sent them.
            </p>
          </div>
        </section>
      ) : null}

      {transcript.leads.length > 0 ? (
        <section className="tr-leads" aria-label="Contact details left">
          {transcript.leads.map((lead) => (
            <div key={lead._id} className="tr-lead">
              <span className="tr-lead-icon">
                <MailIcon size={18} />
              </span>
              <div>
                <p className="tr-lead-title">
                  Lead: <a href={`mailto:${lead.email}`}>{lead.email}</a>
                  {lead.name ? <span className="tr-lead-name"> · {lead.name}</span> : null}
                </p>
                <p className="tr-lead-when">Left {formatDateTime(lead.createdAt)}</p>
              </div>
            </div>
          ))}
        </section>
      ) : null}

      {transcript.messages.length === 0 ? (
        <p className="tr-empty">The visitor opened the chat but hasn't asked anything.</p>
      ) : (
        <ol className="tr-messages" aria-label="Messages">
          {transcript.messages.map((message) =>
            message.role === "user" ? (
              <li key={message._id} className="tr-msg tr-msg-user">
                <span className="tr-who">
                  {asker} <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                </span>
                <div className="tr-bubble">{message.content}</div>
              </li>
            ) : (
              <li
                key={message._id}
                className="tr-msg tr-msg-bot"
                data-fallback={message.answered === false || undefined}
              >
                <span className="tr-who">
                  {transcript.chatbotName}{" "}
                  <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                </span>
                <div className="tr-bubble">{message.content}</div>
                <AnswerFlags
                  answered={message.answered}
                  feedback={message.feedback}
                  interrupted={message.interrupted}
                />
                {message.citations.length > 0 ? <Sources citations={message.citations} /> : null}
              </li>
            ),
          )}
        </ol>
      )}

      <DeleteConversationDialog
        open={confirming}
        conversationId={transcript._id}
        onClose={() => setConfirming(false)}
        onDeleted={onDeleted}
      />
    </article>
  );
}

function AnswerFlags({
  answered,
  feedback,
  interrupted,
}: {
  answered: boolean | null;
  feedback: "up" | "down" | null;
  interrupted: boolean;
}) {
  if (answered !== false && !feedback && !interrupted) return null;
  return (
    <p className="tr-flags">
      {answered === false ? (
        <span className="tr-flag tr-flag-fallback">Fallback reply: not answered from your knowledge</span>
      ) : null}
      {feedback === "down" ? (
        <span className="tr-flag tr-flag-down">
          <ThumbDownIcon size={12} />
          Visitor rated this not helpful
        </span>
      ) : null}
      {feedback === "up" ? (
        <span className="tr-flag tr-flag-up">
          <ThumbUpIcon size={12} />
          Visitor rated this helpful
        </span>
      ) : null}
      {interrupted ? <span className="tr-flag">Cut off before it finished</span> : null}
    </p>
  );
}

function Sources({ citations }: { citations: readonly Citation[] }) {
  return (
    <div className="tr-sources">
      <p className="tr-sources-title">{citations.length === 1 ? "Source used" : "Sources used"}</p>
      <ol>
        {citations.map((citation, index) => (
          // A source can be cited twice with different passages: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once the answer is stored
          <li key={`${citation.sourceId}-${index}`} className="tr-source">
            <span className="tr-source-head">
              <span className="tr-source-num">{index + 1}</span>
              <KindIcon kind={citation.kind} size={14} />
              {citation.url ? (
                <a href={citation.url} target="_blank" rel="noopener noreferrer" className="tr-source-title">
                  {citation.title}
                  <ExternalIcon size={12} />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className="tr-source-title">{citation.title}</span>
              )}
              <span className="tr-source-kind">{SOURCE_KIND_LABEL[citation.kind]}</span>
            </span>
            {citation.snippet ? <span className="tr-source-snippet">{citation.snippet}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
