import { MAX_MESSAGE_LENGTH, type Transcript } from "@parley/contracts";
import { buttonClass } from "@parley/ui/components/Button";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { useSession } from "../../session/public";
import { useCan } from "../../workspaces/public";
import { liveStore } from "../live/live-store";
import { useLiveAction, useReply, useTypingSignal } from "../live-api";
import { LiveBadge } from "./LiveBadge";

/** Who handles the conversation, as this member sees it. */
export function handlingOf(transcript: Pick<Transcript, "status" | "assignee">, userId: string | undefined) {
  if (transcript.status !== "claimed") return transcript.status;
  return transcript.assignee && transcript.assignee.id === userId ? "mine" : "other";
}

/**
 * The live-chat bar of an open conversation: who answers it now, and Take over, Hand back to the
 * bot, Close. A refusal (another member was quicker: "Sara is already handling this
 * conversation.") is shown in the reader's language; the conversation reloads to show who has it.
 */
export function LivePanel({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation("inbox");
  const { user } = useSession();
  const id = transcript._id;
  const claim = useLiveAction(id, "claim");
  const release = useLiveAction(id, "release");
  const close = useLiveAction(id, "close");
  const actions = [claim, release, close];
  const pending = actions.some((a) => a.isPending);
  const failed = actions.find((a) => a.isError);
  const handling = handlingOf(transcript, user?.id);
  // Another member's conversation: only an owner or admin may end it, and is asked first.
  const canOverride = useCan("inbox:override");
  const [confirming, setConfirming] = useState<"release" | "close" | null>(null);
  const mayEnd = handling !== "other" || canOverride;

  const run = (action: typeof claim) => {
    setConfirming(null);
    for (const other of actions) if (other !== action) other.reset();
    action.mutate();
  };
  const ask = (which: "release" | "close") => {
    if (handling === "other") setConfirming(which);
    else run(which === "release" ? release : close);
  };

  let state: ReactNode;
  if (handling === "other")
    state = (
      <Trans
        t={t}
        i18nKey="handle.state.other"
        values={{ name: transcript.assignee?.name ?? "" }}
        components={{ name: <bdi className="tr-live-name" /> }}
      />
    );
  else state = t(`handle.state.${handling}`);

  return (
    <section className="tr-live" data-status={transcript.status} aria-label={t("handle.label")}>
      <div className="tr-live-row">
        <p className="tr-live-state">
          <LiveBadge conversation={transcript} />
          <span>{state}</span>
        </p>
        {handling !== "closed" ? (
          <div className="tr-live-actions">
            {handling === "bot" || handling === "waiting" ? (
              <HandleButton primary disabled={pending} onClick={() => run(claim)}>
                {claim.isPending ? t("handle.takingOver") : t("handle.takeOver")}
              </HandleButton>
            ) : null}
            {handling !== "bot" && mayEnd ? (
              <HandleButton disabled={pending} onClick={() => ask("release")}>
                {release.isPending ? t("handle.handingBack") : t("handle.handBack")}
              </HandleButton>
            ) : null}
            {mayEnd ? (
              <HandleButton disabled={pending} onClick={() => ask("close")}>
                {close.isPending ? t("handle.closing") : t("handle.close")}
              </HandleButton>
            ) : null}
          </div>
        ) : null}
      </div>
      {confirming && handling === "other" ? (
        <div className="tr-live-confirm" role="alert">
          <p>
            <Trans
              t={t}
              i18nKey={confirming === "release" ? "handle.confirmHandBack" : "handle.confirmClose"}
              values={{ name: transcript.assignee?.name ?? "" }}
              components={{ name: <bdi className="tr-live-name" /> }}
            />
          </p>
          <div className="tr-live-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => run(confirming === "release" ? release : close)}
            >
              {confirming === "release" ? t("handle.handBack") : t("handle.close")}
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setConfirming(null)}>
              {t("handle.keep")}
            </button>
          </div>
        </div>
      ) : null}
      {failed ? <ErrorNotice error={failed.error} /> : null}
    </section>
  );
}

/** What was typed but not sent, per conversation (switching conversations keeps each draft). */
const drafts = new Map<string, string>();

/** Whether an unsent reply waits for this conversation (its box stays, whatever happened since). */
export const hasDraft = (conversationId: string) => Boolean(drafts.get(conversationId));

/**
 * The member's reply: Enter sends, Shift+Enter adds a line; the visitor's limit applies. The text
 * stays in the box until the server has it (a failure shows why, and nothing is lost); the
 * visitor is told "typing…" at most every 3 s.
 */
export function ReplyBox({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation("inbox");
  const { user } = useSession();
  const id = useId();
  const conversationId = transcript._id;
  const [text, setTextState] = useState(() => drafts.get(conversationId) ?? "");
  const reply = useReply(conversationId);
  const typing = useTypingSignal(conversationId);
  const box = useRef<HTMLTextAreaElement>(null);
  const handling = handlingOf(transcript, user?.id);

  const setText = (value: string) => {
    setTextState(value);
    if (value) drafts.set(conversationId, value);
    else drafts.delete(conversationId);
  };

  const content = text.trim();
  const over = text.length - MAX_MESSAGE_LENGTH;
  const canSend = content.length > 0 && over <= 0 && !reply.isPending;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    reply.mutate(content, {
      onSuccess: () => {
        setText("");
        typing.sent();
        box.current?.focus();
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is not a send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const remaining = MAX_MESSAGE_LENGTH - text.length;
  return (
    <form className="tr-reply" onSubmit={send} aria-busy={reply.isPending || undefined}>
      <div className="tr-reply-head">
        <label htmlFor={`${id}-reply`} className="tr-reply-label">
          {t("handle.reply")}
        </label>
        {handling === "bot" || handling === "waiting" ? (
          <p className="tr-reply-note" id={`${id}-note`}>
            {t("handle.replyTakesOver")}
          </p>
        ) : null}
      </div>
      <textarea
        ref={box}
        id={`${id}-reply`}
        className="tr-reply-input"
        rows={2}
        value={text}
        placeholder={t("handle.replyPlaceholder")}
        aria-describedby={`${id}-hint${handling === "bot" || handling === "waiting" ? ` ${id}-note` : ""}`}
        aria-invalid={over > 0 || undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) typing.typed();
        }}
        onKeyDown={onKeyDown}
      />
      <div className="tr-reply-foot">
        <span className="tr-reply-hint" id={`${id}-hint`}>
          {over > 0 ? (
            <span className="tr-reply-over">{t("handle.tooLong", { count: over })}</span>
          ) : remaining <= 200 ? (
            t("handle.remaining", { count: remaining })
          ) : (
            t("handle.replyHint")
          )}
        </span>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!canSend}>
          {reply.isPending ? t("handle.sending") : t("handle.send")}
        </button>
      </div>
      {reply.isError ? <ErrorNotice error={reply.error} /> : null}
    </form>
  );
}

/** "The visitor is typing…" while their signals keep coming. */
export function VisitorTyping({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation("inbox");
  const typing = useSyncExternalStore(liveStore.subscribe, () => liveStore.get().typing.has(conversationId));
  if (!typing) return null;
  return (
    <p className="tr-typing">
      <span className="tr-typing-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      {t("handle.typing")}
    </p>
  );
}

/** One of the panel's take over / hand back / close buttons, all disabled while one is running. */
function HandleButton({
  primary = false,
  disabled,
  onClick,
  children,
}: {
  primary?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={buttonClass({ variant: primary ? "primary" : "secondary", size: "sm" })}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
