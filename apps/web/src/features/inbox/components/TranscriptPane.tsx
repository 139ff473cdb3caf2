import type { Citation, Transcript } from "@parley/contracts";
import { LTR_CODE, Ltr, Trans, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { ConfidenceChip } from "../../../components/ConfidenceChip";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { isApiError } from "../../../lib/api";
import { ArrowLeftIcon, ExternalIcon, KindIcon, TrashIcon } from "../../chatbots/public";
import { useSession } from "../../session/public";
import { useCan } from "../../workspaces/public";
import { useTranscript } from "../api";
import { customerLabel, dayBreaks } from "../format";
import { useMinuteClock } from "../live/use-now";
import { useInboxFormat } from "../use-inbox-format";
import { ChannelBadge, ContactLine, ContentTag, DeliveryState, ReplyWindowNote } from "./ChannelParts";
import { contactLabel, replyWindow } from "./channel-parts";
import { DeleteConversationDialog } from "./DeleteConversationDialog";
import { MailIcon, ThumbDownIcon, ThumbUpIcon, VerifiedIcon } from "./icons";
import { LeadAddress, leadAddress } from "./LeadAddress";
import { handlingOf, hasDraft, LivePanel, ReplyBox, VisitorTyping } from "./LivePanel";
import { TemplateComposer } from "./TemplateComposer";

interface TranscriptPaneProps {
  conversationId: string;
  /** Phones show one pane at a time: this returns to the list. */
  onBack: () => void;
  onDeleted: () => void;
}

/** One conversation as the visitor had it: questions, answers with their sources, ratings, leads. */
export function TranscriptPane({ conversationId, onBack, onDeleted }: TranscriptPaneProps) {
  const { t } = useTranslation("inbox");
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
      <ArrowLeftIcon size={16} className="icon-directional" />
      {t("transcript.back")}
    </button>
  );

  if (query.isPending) {
    return (
      <div className="tr" aria-busy="true">
        {back}
        <span className="sr-only" role="status">
          {t("transcript.loading")}
        </span>
        <div className="tr-skeleton" aria-hidden="true">
          <span className="skeleton" style={{ width: "55%", height: 26 }} />
          <span className="skeleton" style={{ width: "35%", height: 16 }} />
          <span className="skeleton" style={{ width: "70%", height: 56, marginTop: 16 }} />
          <span className="skeleton" style={{ width: "80%", height: 88, marginInlineStart: "auto" }} />
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
            <h2>{t("transcript.missingTitle")}</h2>
            <p>{t("transcript.missingBody")}</p>
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
  const { t } = useTranslation("inbox");
  const format = useInboxFormat();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const questions = transcript.messages.filter((m) => m.role === "user").length;
  const { customer } = transcript;
  const asker = customer
    ? customerLabel(customer)
    : transcript.contact
      ? contactLabel(transcript.contact)
      : t("transcript.visitorName");
  // Owners and admins delete conversations; agents work them.
  const canDelete = useCan("inbox:delete");
  const { user } = useSession();
  // The team answers on the website's widget and on WhatsApp; API conversations are read only.
  const live = transcript.channel === "widget" || transcript.channel === "whatsapp";
  const now = useMinuteClock();
  const templateOnly = replyWindow(transcript, now).kind === "closed";
  const handling = handlingOf(transcript, user?.id);
  // A draft keeps its box even when the conversation moved on (closed, taken by someone else):
  // sending then says why it cannot go, and the text is not lost.
  const canReply =
    live && (handling === "bot" || handling === "waiting" || handling === "mine" || hasDraft(transcript._id));
  const announcement = useLiveAnnouncement(transcript, asker);
  const breaks = dayBreaks(transcript.messages);
  const lastRef = useRef<HTMLLIElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  useFollowNewMessages(articleRef, lastRef, transcript.messages);

  // Another conversation opens at its top (the pane beside the list keeps its scroll otherwise).
  useEffect(() => {
    articleRef.current?.closest(".inbox-detail-pane")?.scrollTo({ top: 0 });
  }, []);

  return (
    <article ref={articleRef} className="tr" aria-labelledby={headingId}>
      {back}
      <header className="tr-head">
        <div className="tr-title-block">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="tr-title">
            {t("transcript.title", { bot: transcript.chatbotName })}
          </h2>
          <p className="tr-sub">
            <ChannelBadge channel={transcript.channel} />
            {transcript.channel !== "widget" ? " " : null}
            {t("transcript.started", { when: format.dateTime(transcript.createdAt) })} ·{" "}
            {t("transcript.questions", { count: questions })} ·{" "}
            {t("list.messages", { count: transcript.messageCount })}
            {transcript.visitorId ? (
              <>
                {" "}
                ·{" "}
                <Trans
                  t={t}
                  i18nKey="transcript.visitor"
                  values={{ id: transcript.visitorId.slice(0, 8) }}
                  components={{ code: <code className="tr-visitor" dir="ltr" /> }}
                />
              </>
            ) : null}
          </p>
          <ContactLine transcript={transcript} />
        </div>
        {canDelete ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm tr-delete"
            onClick={() => setConfirming(true)}
          >
            <TrashIcon size={16} />
            {t("transcript.delete")}
          </button>
        ) : null}
      </header>

      {live ? <LivePanel transcript={transcript} /> : null}

      {customer ? (
        <section className="tr-customer" aria-label={t("transcript.customerLabel")}>
          <PersonNote
            iconClass="tr-customer-icon"
            icon={<VerifiedIcon size={18} />}
            title={
              <>
                <Trans
                  t={t}
                  i18nKey="transcript.customerTitle"
                  values={{ name: customer.name ?? customer.email ?? customer.id }}
                  components={{ name: <bdi /> }}
                />
                {customer.name && customer.email ? (
                  <>
                    {" "}
                    ·{" "}
                    <a href={`mailto:${customer.email}`}>
                      <Ltr>{customer.email}</Ltr>
                    </a>
                  </>
                ) : null}
              </>
            }
            when={
              <Trans
                t={t}
                i18nKey="transcript.customerNote"
                values={{ id: customer.id }}
                components={LTR_CODE}
              />
            }
          />
        </section>
      ) : null}

      {transcript.leads.length > 0 ? (
        <section className="tr-leads" aria-label={t("transcript.leadsLabel")}>
          {transcript.leads.map((lead) => (
            <div key={lead._id} className="tr-lead">
              <PersonNote
                iconClass="tr-lead-icon"
                icon={<MailIcon size={18} />}
                title={
                  <>
                    <Trans
                      t={t}
                      i18nKey="transcript.lead"
                      values={{ email: leadAddress(lead) }}
                      components={{ email: <LeadAddress lead={lead} /> }}
                    />
                    {lead.name ? <span className="tr-lead-name"> · {lead.name}</span> : null}
                  </>
                }
                when={t("transcript.leftAt", { when: format.dateTime(lead.createdAt) })}
              />
            </div>
          ))}
        </section>
      ) : null}

      {transcript.messages.length === 0 ? (
        <p className="tr-empty">{t("transcript.noMessages")}</p>
      ) : (
        <ol className="tr-messages" aria-label={t("transcript.messages")}>
          {transcript.messages.flatMap((message, index) => [
            breaks.has(index) ? (
              <li key={`day-${message._id}`} className="tr-day">
                <time dateTime={message.createdAt}>{format.day(message.createdAt)}</time>
              </li>
            ) : null,
            message.role === "agent" ? (
              <li
                key={message._id}
                ref={index === transcript.messages.length - 1 ? lastRef : undefined}
                className="tr-msg tr-msg-agent"
              >
                <span className="tr-who">
                  <bdi>{message.author?.name ?? t("handle.team")}</bdi>{" "}
                  <span className="tr-team-badge">{t("handle.team")}</span>{" "}
                  <time dateTime={message.createdAt}>{format.time(message.createdAt)}</time>
                </span>
                <div className="tr-bubble" dir="auto">
                  <ContentTag contentType={message.contentType} />
                  {message.content}
                </div>
                <DeliveryState delivery={message.delivery} />
              </li>
            ) : message.role === "user" ? (
              <li
                key={message._id}
                ref={index === transcript.messages.length - 1 ? lastRef : undefined}
                className="tr-msg tr-msg-user"
              >
                <span className="tr-who">
                  <bdi>{asker}</bdi>{" "}
                  <time dateTime={message.createdAt}>{format.time(message.createdAt)}</time>
                </span>
                <div className="tr-bubble" dir="auto">
                  <ContentTag contentType={message.contentType} />
                  {message.content}
                </div>
              </li>
            ) : (
              <li
                key={message._id}
                ref={index === transcript.messages.length - 1 ? lastRef : undefined}
                className="tr-msg tr-msg-bot"
                data-fallback={message.answered === false || undefined}
              >
                <span className="tr-who">
                  {transcript.chatbotName}{" "}
                  <time dateTime={message.createdAt}>{format.time(message.createdAt)}</time>
                </span>
                <div className="tr-bubble" dir="auto">
                  {message.content}
                </div>
                <DeliveryState delivery={message.delivery} />
                <AnswerFlags
                  answered={message.answered}
                  confidence={message.confidence}
                  feedback={message.feedback}
                  interrupted={message.interrupted}
                />
                {message.citations.length > 0 ? <Sources citations={message.citations} /> : null}
              </li>
            ),
          ])}
        </ol>
      )}

      {live ? <VisitorTyping conversationId={transcript._id} /> : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {canReply && transcript.channel === "whatsapp" ? <ReplyWindowNote transcript={transcript} /> : null}
      {canReply ? (
        templateOnly ? (
          <TemplateComposer transcript={transcript} />
        ) : (
          <ReplyBox transcript={transcript} />
        )
      ) : null}

      <DeleteConversationDialog
        open={confirming}
        conversationId={transcript._id}
        onClose={() => setConfirming(false)}
        onDeleted={onDeleted}
      />
    </article>
  );
}

/**
 * New messages stay in view like a chat's: the pane beside the list follows them while the reader
 * is at (or near) its end, and always for the member's own reply; elsewhere (phones, where the
 * page scrolls) only the member's own reply is brought into view.
 */
function useFollowNewMessages(
  articleRef: RefObject<HTMLElement | null>,
  lastRef: RefObject<HTMLLIElement | null>,
  messages: Transcript["messages"],
) {
  const nearEnd = useRef(true);
  const count = useRef(messages.length);

  useEffect(() => {
    const pane = articleRef.current?.closest<HTMLElement>(".inbox-detail-pane");
    if (!pane) return;
    const onScroll = () => {
      nearEnd.current = pane.scrollHeight - pane.scrollTop - pane.clientHeight < 160;
    };
    onScroll();
    pane.addEventListener("scroll", onScroll, { passive: true });
    return () => pane.removeEventListener("scroll", onScroll);
  }, [articleRef]);

  useLayoutEffect(() => {
    const added = messages.length > count.current;
    count.current = messages.length;
    if (!added) return;
    const own = messages[messages.length - 1]?.role === "agent";
    const pane = articleRef.current?.closest<HTMLElement>(".inbox-detail-pane");
    const paneScrolls = pane && getComputedStyle(pane).overflowY !== "visible";
    if (pane && paneScrolls) {
      if (own || nearEnd.current) pane.scrollTo({ top: pane.scrollHeight });
    } else if (own) {
      lastRef.current?.scrollIntoView({ block: "nearest" });
    }
  }, [messages, articleRef, lastRef]);
}

/**
 * What a screen reader hears when a visitor's message arrives live ("Visitor: where is my
 * order?"); nothing for the messages there when the conversation opened, nor for the member's own.
 */
function useLiveAnnouncement(transcript: Transcript, asker: string): string {
  const { t } = useTranslation("inbox");
  const known = useRef<Set<string> | null>(null);
  const [text, setText] = useState("");
  useEffect(() => {
    const ids = transcript.messages.map((m) => m._id);
    if (known.current) {
      const fresh = transcript.messages.filter((m) => !known.current?.has(m._id) && m.role === "user");
      const last = fresh[fresh.length - 1];
      if (last) setText(t("handle.announce", { who: asker, text: last.content }));
    }
    known.current = new Set(ids);
  }, [transcript.messages, asker, t]);
  return text;
}

function AnswerFlags({
  answered,
  confidence,
  feedback,
  interrupted,
}: {
  answered: boolean | null;
  /** The built-in engine's (null for AI-model replies). */
  confidence: number | null | undefined;
  feedback: "up" | "down" | null;
  interrupted: boolean;
}) {
  const { t } = useTranslation("inbox");
  const hasConfidence = typeof confidence === "number";
  if (answered !== false && !feedback && !interrupted && !hasConfidence) return null;
  return (
    <p className="tr-flags">
      {answered === false ? (
        <span className="tr-flag tr-flag-fallback">{t("transcript.fallback")}</span>
      ) : null}
      <ConfidenceChip confidence={confidence} answered={answered} />
      {feedback === "down" ? (
        <span className="tr-flag tr-flag-down">
          <ThumbDownIcon size={12} />
          {t("transcript.ratedDown")}
        </span>
      ) : null}
      {feedback === "up" ? (
        <span className="tr-flag tr-flag-up">
          <ThumbUpIcon size={12} />
          {t("transcript.ratedUp")}
        </span>
      ) : null}
      {interrupted ? <span className="tr-flag">{t("transcript.interrupted")}</span> : null}
    </p>
  );
}

function Sources({ citations }: { citations: readonly Citation[] }) {
  const { t } = useTranslation("inbox");
  return (
    <div className="tr-sources">
      <p className="tr-sources-title">{t("transcript.sources", { count: citations.length })}</p>
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
                  <span className="sr-only">{t("transcript.newTab")}</span>
                </a>
              ) : (
                <span className="tr-source-title">{citation.title}</span>
              )}
              <span className="tr-source-kind">{t(`transcript.sourceKinds.${citation.kind}`)}</span>
            </span>
            {citation.snippet ? <span className="tr-source-snippet">{citation.snippet}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Who the visitor is (a signed-in customer, a lead they left): an icon, a line, and a note under it. */
function PersonNote({
  iconClass,
  icon,
  title,
  when,
}: {
  iconClass: string;
  icon: ReactNode;
  title: ReactNode;
  when: ReactNode;
}) {
  return (
    <>
      <span className={iconClass}>{icon}</span>
      <div>
        <p className="tr-lead-title">{title}</p>
        <p className="tr-lead-when">{when}</p>
      </div>
    </>
  );
}
