import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import {
  buttonsUsable,
  type ChatButton,
  type ChatItem,
  type DeliveryOutcome,
  excerpt,
  groupThread,
  MEDIA_TYPES,
  type MediaType,
  quotedItem,
  tickOf,
} from "../simulator";
import { Ticks } from "./Ticks";

const MEDIA_ICONS: Record<MediaType, string> = {
  image: "📷",
  document: "📄",
  audio: "🎤",
  location: "📍",
  sticker: "🙂",
};

const isMedia = (type: string): type is MediaType => (MEDIA_TYPES as readonly string[]).includes(type);

interface ChatThreadProps {
  items: ChatItem[];
  businessName: string;
  /** What happened to the customer's messages sent from this page that Parley did not take. */
  outcomes: Record<string, DeliveryOutcome>;
  /** A tap on a reply button under a business message. */
  onButton: (message: ChatItem, button: ChatButton) => void;
  buttonsDisabled: boolean;
  /** Shown instead of the messages (loading, an error, nothing yet). */
  placeholder?: ReactNode;
  /** Bumped when the customer sends: the thread scrolls to the newest message whatever the position. */
  followToken: number;
}

/** The customer's phone: their bubbles at the inline end, the business's at the start, by day. */
export function ChatThread({
  items,
  businessName,
  outcomes,
  onButton,
  buttonsDisabled,
  placeholder,
  followToken,
}: ChatThreadProps) {
  const { t } = useTranslation("developers");
  const format = useFormat();
  const ref = useRef<HTMLDivElement>(null);
  // Follow new messages while the reader is at the bottom; leave them be when they scrolled up.
  const atBottom = useRef(true);
  const last = items.at(-1);
  const lastKey = last ? `${items.length}:${last.id}:${last.status ?? ""}` : "";
  const showsPlaceholder = Boolean(placeholder);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last message (or status) is the trigger
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastKey, showsPlaceholder]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: followToken is the trigger
  useLayoutEffect(() => {
    const el = ref.current;
    atBottom.current = true;
    if (el) el.scrollTop = el.scrollHeight;
  }, [followToken]);

  const days = groupThread(items);
  return (
    <div
      ref={ref}
      className="wa-thread"
      role="log"
      aria-live="polite"
      aria-label={t("simulator.chat.threadLabel")}
      // A scrollable region must be reachable by keyboard.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls
      tabIndex={0}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
    >
      {placeholder ??
        days.map((day) => (
          <section key={day.day} className="wa-day" aria-label={format.date(day.at, "date")}>
            <p className="wa-day-label" aria-hidden="true">
              <span>{format.date(day.at, "date")}</span>
            </p>
            {day.runs.map((run) => (
              <div key={run.items[0]?.id} className={`wa-run wa-run-${run.from}`}>
                {run.items.map((item, index) => {
                  const tick = tickOf(item);
                  const quoted = quotedItem(items, item.replyTo);
                  const outcome = outcomes[item.id];
                  const mediaType = isMedia(item.type) ? item.type : null;
                  return (
                    <div key={item.id} className="wa-message">
                      <div className={`wa-bubble${index === 0 ? " wa-bubble-tail" : ""}`}>
                        <span className="sr-only">
                          {item.from === "customer" ? t("simulator.chat.you") : businessName}:{" "}
                        </span>
                        {quoted ? (
                          <div className={`wa-quote wa-quote-${quoted.from}`}>
                            <span className="wa-quote-who">
                              {quoted.from === "customer" ? t("simulator.chat.you") : businessName}
                            </span>
                            <span className="wa-quote-text" dir="auto">
                              {excerpt(quoted.text) ||
                                (isMedia(quoted.type) ? t(`simulator.chat.media.${quoted.type}`) : "")}
                            </span>
                          </div>
                        ) : null}
                        {item.type === "template" ? (
                          <span className="wa-tag">{t("simulator.chat.template")}</span>
                        ) : null}
                        {item.type === "button_reply" ? (
                          <span className="wa-tag">{t("simulator.chat.buttonReply")}</span>
                        ) : null}
                        {mediaType ? (
                          <span className="wa-media">
                            <span aria-hidden="true">{MEDIA_ICONS[mediaType]}</span>
                            {t(`simulator.chat.media.${mediaType}`)}
                          </span>
                        ) : null}
                        {item.text ? (
                          <p className="wa-text" dir="auto">
                            {item.text}
                          </p>
                        ) : null}
                        <span className="wa-meta">
                          <time dateTime={item.at}>{format.date(item.at, "time")}</time>
                          {tick ? <Ticks tick={tick} /> : null}
                        </span>
                      </div>
                      {item.error ? (
                        <p className="wa-note wa-note-error">
                          {t("simulator.chat.failedWith", { title: item.error.title, code: item.error.code })}
                        </p>
                      ) : null}
                      {outcome && outcome.kind !== "delivered" ? (
                        <p className="wa-note wa-note-error">
                          {outcome.kind === "refused"
                            ? t("simulator.delivery.shortRefused", { status: outcome.status })
                            : outcome.kind === "notSubscribed"
                              ? t("simulator.delivery.shortNotSubscribed")
                              : t("simulator.delivery.shortUnreachable")}
                        </p>
                      ) : null}
                      {item.buttons?.length ? (
                        <fieldset className="wa-buttons" aria-label={t("simulator.chat.buttonsLabel")}>
                          {item.buttons.map((button) => (
                            <button
                              key={`${button.id}:${button.title}`}
                              type="button"
                              className="wa-reply-button"
                              dir="auto"
                              disabled={buttonsDisabled || !button.id || !buttonsUsable(item)}
                              onClick={() => onButton(item, button)}
                            >
                              <svg
                                className="icon-directional"
                                viewBox="0 0 16 16"
                                aria-hidden="true"
                                focusable="false"
                              >
                                <path
                                  d="M6.5 4L2.5 8l4 4M3 8h6.5a4 4 0 0 1 4 4"
                                  fill="none"
                                  stroke="currentColor"
                                  strokeWidth="1.5"
                                  strokeLinecap="round"
                                  strokeLinejoin="round"
                                />
                              </svg>
                              {button.title}
                            </button>
                          ))}
                        </fieldset>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ))}
          </section>
        ))}
    </div>
  );
}
