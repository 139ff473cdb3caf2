import { LogoMark } from "@parley/ui/components/Logo";
import { useTranslation } from "@parley/ui/i18n/react";

/**
 * A static illustration of the widget on a customer's site (not a live chat). It is marked
 * as an example so nobody mistakes it for a working demo.
 */
export function ChatPreview() {
  const { t } = useTranslation("site");
  return (
    <figure className="chat-preview">
      <div className="chat-window" aria-hidden="true">
        <div className="chat-header">
          <LogoMark size={30} />
          <div>
            <p className="chat-title">{t("preview.business")}</p>
            <p className="chat-status">
              <span className="status-dot" /> {t("preview.status")}
            </p>
          </div>
        </div>
        <div className="chat-body">
          <p className="bubble bubble-bot">{t("preview.greeting")}</p>
          <p className="bubble bubble-user">{t("preview.question")}</p>
          <div className="bubble bubble-bot">
            <p>{t("preview.answer")}</p>
            <p className="bubble-source">
              <span>{t("preview.source")}</span> {t("preview.sourceName")}
            </p>
          </div>
          <div className="chip-row">
            <span className="chip">{t("preview.chipTrack")}</span>
            <span className="chip">{t("preview.chipWholesale")}</span>
          </div>
        </div>
        <div className="chat-input">
          <span>{t("preview.inputPlaceholder")}</span>
          <span className="chat-send">
            <svg className="icon-directional" aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
              <path d="M3 10 17 3l-4 14-3-6-7-1Z" fill="currentColor" />
            </svg>
          </span>
        </div>
      </div>
      <figcaption>{t("preview.caption")}</figcaption>
    </figure>
  );
}
