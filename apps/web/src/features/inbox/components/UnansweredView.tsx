import { zodResolver } from "@hookform/resolvers/zod";
import { type SourceCreate, sourceCreateSchema, type UnansweredGroup } from "@parley/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { useAddSource } from "../../chatbots/api";
import { ErrorNotice } from "../../chatbots/components/ErrorNotice";
import { useToast } from "../../chatbots/components/Toast";
import { inboxKeys, useUnanswered } from "../api";
import { countLabel, formatDateTime, formatWhen } from "../format";
import { BotSelect } from "./BotSelect";

/** The Q&A entry of the contract's source union, without its `kind`: the form's own schema. */
const answerSchema = sourceCreateSchema.options[1].omit({ kind: true });
type AnswerDraft = Omit<Extract<SourceCreate, { kind: "qa" }>, "kind">;

/**
 * Questions the bots met with their fallback reply or a thumbs-down, grouped when visitors ask
 * the same thing. Each group takes an answer in one step; it then leaves the list.
 */
export function UnansweredView({
  chatbotId,
  onChatbotChange,
}: {
  chatbotId?: string;
  onChatbotChange: (id?: string) => void;
}) {
  const query = useUnanswered(chatbotId);

  return (
    <div className="inbox-section">
      <div className="inbox-section-bar">
        <p className="inbox-section-lead">
          Questions your chatbots answered with their fallback reply, or whose answer a visitor rated not
          helpful. Similar questions are grouped. Add an answer and the next visitor who asks gets it word for
          word.
        </p>
        <BotSelect value={chatbotId} onChange={onChatbotChange} />
      </div>
      {query.isPending ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            Loading unanswered questions
          </span>
          <ul className="ua-list" aria-hidden="true">
            {[0, 1, 2].map((n) => (
              <li key={n} className="card ua-card">
                <span className="skeleton" style={{ width: "60%", height: 22 }} />
                <span className="skeleton" style={{ width: "35%", height: 16 }} />
              </li>
            ))}
          </ul>
        </div>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <div className="inbox-empty">
          <h2>Nothing unanswered</h2>
          <p>
            {chatbotId
              ? "This chatbot has answered every question from its knowledge, and no answer was rated not helpful."
              : "Your chatbots have answered every question from their knowledge, and no answer was rated not helpful."}
          </p>
        </div>
      ) : (
        <ul className="ua-list" aria-label="Unanswered questions">
          {query.data.map((group) => (
            <UnansweredCard key={group.key} group={group} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UnansweredCard({ group }: { group: UnansweredGroup }) {
  const [answering, setAnswering] = useState(false);
  const reasons = [
    group.reasons.fallback > 0
      ? countLabel(group.reasons.fallback, "fallback reply", "fallback replies")
      : null,
    group.reasons.thumbsDown > 0
      ? `${countLabel(group.reasons.thumbsDown, "answer")} rated not helpful`
      : null,
  ].filter((r): r is string => r !== null);
  // One visitor, one wording: the heading already shows it, so only the link to the chat is new.
  const [only] = group.examples;
  const single = group.examples.length === 1 && only?.question === group.question ? only : null;

  return (
    <li className="card ua-card">
      <div className="ua-main">
        <div className="ua-head">
          <h3 className="ua-question">{group.question}</h3>
          <span className="ua-count">Asked {group.count === 1 ? "once" : `${group.count} times`}</span>
        </div>
        <p className="ua-meta">
          {group.chatbotName} · last asked{" "}
          <time dateTime={group.lastAskedAt} title={formatDateTime(group.lastAskedAt)}>
            {formatWhen(group.lastAskedAt).replace(/^Just now$/, "just now")}
          </time>
          {single ? (
            <>
              {" · "}
              <Link to={`/inbox/${encodeURIComponent(single.conversationId)}`}>View the conversation</Link>
            </>
          ) : null}
        </p>
        <ul className="ua-reasons" aria-label="Why it's listed">
          {reasons.map((reason) => (
            <li key={reason} className="conv-badge conv-badge-warn">
              {reason}
            </li>
          ))}
        </ul>
        {single ? null : (
          <div className="ua-examples">
            <p className="ua-examples-title">Asked as</p>
            <ul>
              {group.examples.map((example) => (
                <li key={`${example.conversationId}-${example.askedAt}`}>
                  <Link to={`/inbox/${encodeURIComponent(example.conversationId)}`}>
                    “{example.question}”
                  </Link>{" "}
                  <time className="ua-example-when" dateTime={example.askedAt}>
                    {formatWhen(example.askedAt)}
                  </time>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {answering ? (
        <AddAnswerForm group={group} onDone={() => setAnswering(false)} />
      ) : (
        <button type="button" className="btn btn-primary btn-sm ua-answer" onClick={() => setAnswering(true)}>
          Add an answer
        </button>
      )}
    </li>
  );
}

/** Closes itself when saved; the group then leaves the list once the insights are fetched again. */
function AddAnswerForm({ group, onDone }: { group: UnansweredGroup; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const add = useAddSource(group.chatbotId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AnswerDraft>({
    resolver: zodResolver(answerSchema),
    defaultValues: { question: group.question, answer: "" },
  });

  const onSubmit = handleSubmit((draft) =>
    add.mutate(
      { draft: { kind: "qa", ...draft } },
      {
        onSuccess: () => {
          onDone();
          toast(`Answer added to ${group.chatbotName}. Visitors who ask this now get it.`);
          void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
        },
      },
    ),
  );

  return (
    <form className="ua-form" onSubmit={onSubmit} noValidate aria-label={`Answer for “${group.question}”`}>
      <div className={`field${errors.question ? " field-invalid" : ""}`}>
        <label htmlFor={`${id}-q`}>Question</label>
        <input
          id={`${id}-q`}
          {...register("question")}
          aria-invalid={errors.question ? true : undefined}
          aria-describedby={errors.question ? `${id}-q-error` : undefined}
        />
        {errors.question ? (
          <p id={`${id}-q-error`} className="field-error">
            {errors.question.message}
          </p>
        ) : null}
      </div>
      <div className={`field${errors.answer ? " field-invalid" : ""}`}>
        <label htmlFor={`${id}-a`}>Answer</label>
        <textarea
          id={`${id}-a`}
          rows={4}
          // biome-ignore lint/a11y/noAutofocus: the owner just asked to write this answer
          autoFocus
          placeholder={`What should ${group.chatbotName} say?`}
          {...register("answer")}
          aria-invalid={errors.answer ? true : undefined}
          aria-describedby={errors.answer ? `${id}-a-error` : `${id}-a-hint`}
        />
        {errors.answer ? (
          <p id={`${id}-a-error`} className="field-error">
            {errors.answer.message}
          </p>
        ) : (
          <p id={`${id}-a-hint`} className="field-hint">
            Saved as a Q&A source of {group.chatbotName}; visitors asking this get it word for word.
          </p>
        )}
      </div>
      {add.isError ? <ErrorNotice error={add.error} /> : null}
      <div className="ua-form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending}>
          {add.isPending ? "Saving…" : "Save answer"}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={add.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
