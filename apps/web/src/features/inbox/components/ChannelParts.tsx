import type { ConversationChannel, Delivery, MessageContentType, Transcript } from "@parley/contracts";
import { serverTableOf } from "@parley/ui/i18n";
import { Trans, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { lookupServerMessage } from "@parley/ui/i18n/server-match";
import { useMinuteClock } from "../live/use-now";
import { closingSoon, contactLabel, replyWindow, windowLeft } from "./channel-parts";
import { CodeIcon, WhatsappIcon } from "./icons";

/** WhatsApp or API beside a conversation; nothing for the website's widget (the usual case). */
export function ChannelBadge({ channel }: { channel: ConversationChannel }) {
  const { t } = useTranslation("inbox");
  if (channel === "widget") return null;
  return (
    <span className={`conv-badge conv-badge-channel conv-badge-${channel}`}>
      {channel === "whatsapp" ? <WhatsappIcon size={12} /> : <CodeIcon size={12} />}
      {t(`channel.${channel}`)}
    </span>
  );
}

/** A WhatsApp customer as the transcript's header names them: name, number (opens WhatsApp). */
export function ContactLine({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation("inbox");
  const { contact } = transcript;
  if (!contact) return null;
  return (
    <p className="tr-contact">
      <WhatsappIcon size={16} />
      <span>
        <Trans
          t={t}
          i18nKey="contact.line"
          values={{ name: contactLabel(contact) }}
          components={{ name: <bdi className="tr-contact-name" /> }}
        />{" "}
        {/^\d{5,20}$/.test(contact.id) ? (
          <a href={`https://wa.me/${contact.id}`} target="_blank" rel="noreferrer noopener" dir="ltr">
            +{contact.id}
          </a>
        ) : null}
        {transcript.language ? <> · {t(`contact.writes.${transcript.language}`)}</> : null}
      </span>
    </p>
  );
}

/** What a customer sent that is not text (a photo, a voice note…): named above its caption. */
export function ContentTag({ contentType }: { contentType: MessageContentType }) {
  const { t } = useTranslation("inbox");
  if (contentType === "text") return null;
  return <span className="tr-kind">{t(`contentType.${contentType}`)}</span>;
}

/**
 * How far a reply sent on a channel got: sending, sent, delivered, read — or why it failed, in the
 * reader's language (the server's words through its message table).
 */
export function DeliveryState({ delivery }: { delivery: Delivery | null }) {
  const { t } = useTranslation("inbox");
  const { language } = useLanguage();
  if (!delivery) return null;
  const reason = delivery.error
    ? (lookupServerMessage(serverTableOf(language), delivery.error.message) ?? delivery.error.message)
    : null;
  return (
    <span className="tr-delivery" data-status={delivery.status}>
      <span className="tr-delivery-ticks" aria-hidden="true">
        {delivery.status === "failed"
          ? "!"
          : delivery.status === "queued"
            ? "…"
            : delivery.status === "sent"
              ? "✓"
              : "✓✓"}
      </span>
      {t(`delivery.${delivery.status}`)}
      {reason ? <span className="tr-delivery-reason">{reason}</span> : null}
    </span>
  );
}

/**
 * WhatsApp's 24-hour window above the reply box: how long free text may still be sent, or that
 * only a template may be sent now. Re-read every minute.
 */
export function ReplyWindowNote({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation("inbox");
  const now = useMinuteClock();
  const window = replyWindow(transcript, now);
  if (window.kind === "none") return null;
  if (window.kind === "closed")
    return (
      <p className="tr-window" data-state="closed" role="note">
        {t("window.closed")}
      </p>
    );
  const left = windowLeft(window.minutesLeft);
  return (
    <p className="tr-window" data-state={closingSoon(window) ? "soon" : "open"}>
      {left.hours > 0
        ? t("window.openHours", { hours: left.hours, minutes: left.minutes })
        : t("window.openMinutes", { minutes: left.minutes })}
    </p>
  );
}
