import { zodResolver } from "@hookform/resolvers/zod";
import { type SourceCreate, sourceCreateSchema, type UnansweredGroup } from "@parley/contracts";
import { Trans, useServerText, useTranslation } from "@parley/ui/i18n/react";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { LoadingPlaceholder } from "../../../components/LoadingPlaceholder";
import { BotSelect, useAddSource, useToast } from "../../chatbots/public";
import { inboxKeys, useUnanswered } from "../api";
import { useInboxFormat } from "../use-inbox-format";

/** The Q&A entry of the contract's source union, without its `kind`: the form's own schema. */
const answerSchema = sourceCreateSchema.options[1].omit({ kind: true });
type AnswerDraft = Omit<Extract<SourceCreate, { kind: "qa" }>, "kind">;

/**
 * Questions the bots met with their fallback reply, a low-confidence answer or a thumbs-down, grouped when visitors ask
 * the same thing. Each group takes an answer in one step; it then leaves the list.
 */
export function UnansweredView({
  chatbotId,
  onChatbotChange,
}: {
  chatbotId?: string;
  onChatbotChange: (id?: string) => void;
}) {
  const { t } = useTranslation("inbox");
  const query = useUnanswered(chatbotId);

  return (
    <div className="inbox-section">
      <div className="inbox-section-bar">
        <p className="inbox-section-lead">{t("unanswered.lead")}</p>
        <BotSelect value={chatbotId} onChange={onChatbotChange} />
      </div>
      {query.isPending ? (
        <LoadingPlaceholder label={t("unanswered.loading")}>
          <ul className="ua-list" aria-hidden="true">
            {[0, 1, 2].map((n) => (
              <li key={n} className="card ua-card">
                <span className="skeleton" style={{ width: "60%", height: 22 }} />
                <span className="skeleton" style={{ width: "35%", height: 16 }} />
              </li>
            ))}
          </ul>
        </LoadingPlaceholder>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <div className="inbox-empty">
          <h2>{t("unanswered.emptyTitle")}</h2>
          <p>{chatbotId ? t("unanswered.emptyOneBot") : t("unanswered.emptyAll")}</p>
        </div>
      ) : (
        <ul className="ua-list" aria-label={t("unanswered.listLabel")}>
          {query.data.map((group) => (
            <UnansweredCard key={group.key} group={group} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UnansweredCard({ group }: { group: UnansweredGroup }) {
  const { t } = useTranslation("inbox");
  const format = useInboxFormat();
  const [answering, setAnswering] = useState(false);
  const reasons = [
    group.reasons.fallback > 0 ? t("unanswered.fallbacks", { count: group.reasons.fallback }) : null,
    group.reasons.thumbsDown > 0 ? t("unanswered.ratedDown", { count: group.reasons.thumbsDown }) : null,
    group.reasons.lowConfidence > 0
      ? t("unanswered.lowConfidence", { count: group.reasons.lowConfidence })
      : null,
  ].filter((r): r is NonNullable<typeof r> => r !== null);
  // One visitor, one wording: the heading already shows it, so only the link to the chat is new.
  const [only] = group.examples;
  const single = group.examples.length === 1 && only?.question === group.question ? only : null;
  const lastAsked = format.when(group.lastAskedAt);

  return (
    <li className="card ua-card">
      <div className="ua-main">
        <div className="ua-head">
          <h3 className="ua-question">{group.question}</h3>
          <span className="ua-count">{t("unanswered.asked", { count: group.count })}</span>
        </div>
        <p className="ua-meta">
          <Trans
            t={t}
            i18nKey="unanswered.lastAsked"
            values={{
              bot: group.chatbotName,
              when: lastAsked === t("when.justNow") ? t("when.justNowInline") : lastAsked,
            }}
            components={{
              time: <time dateTime={group.lastAskedAt} title={format.dateTime(group.lastAskedAt)} />,
            }}
          />
          {single ? (
            <>
              {" · "}
              <Link to={`/inbox/${encodeURIComponent(single.conversationId)}`}>
                {t("unanswered.viewConversation")}
              </Link>
            </>
          ) : null}
        </p>
        <ul className="ua-reasons" aria-label={t("unanswered.whyListed")}>
          {reasons.map((reason) => (
            <li key={reason} className="conv-badge conv-badge-warn">
              {reason}
            </li>
          ))}
        </ul>
        {single ? null : (
          <div className="ua-examples">
            <p className="ua-examples-title">{t("unanswered.askedAs")}</p>
            <ul>
              {group.examples.map((example) => (
                <li key={`${example.conversationId}-${example.askedAt}`}>
                  <Link to={`/inbox/${encodeURIComponent(example.conversationId)}`}>
                    {t("unanswered.quoted", { question: example.question })}
                  </Link>{" "}
                  <time className="ua-example-when" dateTime={example.askedAt}>
                    {format.when(example.askedAt)}
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
          {t("unanswered.addAnswer")}
        </button>
      )}
    </li>
  );
}

/** Closes itself when saved; the group then leaves the list once the insights are fetched again. */
function AddAnswerForm({ group, onDone }: { group: UnansweredGroup; onDone: () => void }) {
  const { t } = useTranslation("inbox");
  const serverText = useServerText();
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
          toast(t("unanswered.added", { bot: group.chatbotName }));
          void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
        },
      },
    ),
  );

  return (
    <form
      className="ua-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t("unanswered.formLabel", { question: group.question })}
    >
      <div className={`field${errors.question ? " field-invalid" : ""}`}>
        <label htmlFor={`${id}-q`}>{t("unanswered.question")}</label>
        <input
          id={`${id}-q`}
          {...register("question")}
          aria-invalid={errors.question ? true : undefined}
          aria-describedby={errors.question ? `${id}-q-error` : undefined}
        />
        {errors.question ? (
          <p id={`${id}-q-error`} className="field-error">
            {serverText(errors.question.message ?? "")}
          </p>
        ) : null}
      </div>
      <div className={`field${errors.answer ? " field-invalid" : ""}`}>
        <label htmlFor={`${id}-a`}>{t("unanswered.answer")}</label>
        <textarea
          id={`${id}-a`}
          rows={4}
          // biome-ignore lint/a11y/noAutofocus: the owner just asked to write this answer
          autoFocus
          placeholder={t("unanswered.answerPlaceholder", { bot: group.chatbotName })}
          {...register("answer")}
          aria-invalid={errors.answer ? true : undefined}
          aria-describedby={errors.answer ? `${id}-a-error` : `${id}-a-hint`}
        />
        {errors.answer ? (
          <p id={`${id}-a-error`} className="field-error">
            {serverText(errors.answer.message ?? "")}
          </p>
        ) : (
          <p id={`${id}-a-hint`} className="field-hint">
            {t("unanswered.answerHint", { bot: group.chatbotName })}
          </p>
        )}
      </div>
      {add.isError ? <ErrorNotice error={add.error} /> : null}
      <div className="ua-form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending}>
          {add.isPending ? t("unanswered.saving") : t("unanswered.save")}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={add.isPending}>
          {t("unanswered.cancel")}
        </button>
      </div>
    </form>
  );
}
