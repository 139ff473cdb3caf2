import type { Analytics } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { formatCount } from "../numbers";

/** Conversations started in the range on each channel (website, WhatsApp, API), most first. */
export function ChannelsBreakdown({ channels }: { channels: Analytics["channels"] }) {
  const { t } = useTranslation("inbox");
  if (channels.length === 0) return <p className="an-empty">{t("analytics.channels.none")}</p>;
  const top = Math.max(...channels.map((c) => c.conversations));
  return (
    <ol className="top-questions">
      {channels.map((c) => (
        <li key={c.channel} className="top-question">
          <span className="top-question-text">{t(`channel.${c.channel}`)}</span>
          <span className="top-question-count">
            {formatCount(c.conversations)}
            <span className="sr-only">
              {t("analytics.channels.conversations", { count: c.conversations })}
            </span>
          </span>
          <span className="top-question-bar" aria-hidden="true">
            <span style={{ width: `${top ? (c.conversations / top) * 100 : 0}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
