import { useTranslation } from "@parley/ui/i18n/react";
import { useState, useSyncExternalStore } from "react";
import {
  notificationAccess,
  notificationAccessEvents,
  requestNotificationAccess,
} from "../live/notifications";
import { BellIcon } from "./icons";

/**
 * "Enable desktop notifications": the browser asks for permission only when this is clicked.
 * Once granted, a visitor asking for a person while this tab is in the background shows one.
 */
export function DesktopNotifications() {
  const { t } = useTranslation("inbox");
  const access = useSyncExternalStore(
    notificationAccessEvents.subscribe,
    notificationAccess,
    () => "unsupported" as const,
  );
  const [asking, setAsking] = useState(false);
  if (access === "unsupported") return null;
  if (access === "granted") return <NotifyState state="on" text={t("live.notifications.on")} />;
  if (access === "denied") return <NotifyState state="blocked" text={t("live.notifications.blocked")} />;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm inbox-notify-button"
      disabled={asking}
      onClick={async () => {
        setAsking(true);
        try {
          await requestNotificationAccess();
        } finally {
          setAsking(false);
          notificationAccessEvents.changed();
        }
      }}
    >
      <BellIcon size={16} />
      {asking ? t("live.notifications.asking") : t("live.notifications.enable")}
    </button>
  );
}

/** The line shown instead of the button once the browser has answered (on, or blocked). */
function NotifyState({ state, text }: { state: "on" | "blocked"; text: string }) {
  return (
    <p className="inbox-notify" data-state={state}>
      <BellIcon size={16} />
      {text}
    </p>
  );
}
