/**
 * Desktop notifications (the browser's Notification API): permission is asked for only when the
 * member clicks "Enable desktop notifications"; a notification is shown only while the tab is
 * hidden (see `shouldNotify`).
 */

export type NotificationAccess = NotificationPermission | "unsupported";

export function notificationAccess(): NotificationAccess {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  return window.Notification.permission;
}

export async function requestNotificationAccess(): Promise<NotificationAccess> {
  if (notificationAccess() === "unsupported") return "unsupported";
  try {
    return await window.Notification.requestPermission();
  } catch {
    return notificationAccess();
  }
}

const listeners = new Set<() => void>();

/** Permission changes made through this module (React re-reads `notificationAccess`). */
export const notificationAccessEvents = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  changed(): void {
    for (const listener of listeners) listener();
  },
};

export interface WaitingNotice {
  title: string;
  body: string;
  /** One notice per conversation: a second request replaces the first (across tabs too). */
  tag: string;
  lang: string;
  dir: "ltr" | "rtl";
  onClick: () => void;
}

export function showNotice(notice: WaitingNotice): void {
  if (notificationAccess() !== "granted") return;
  try {
    const shown = new window.Notification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      lang: notice.lang,
      dir: notice.dir,
    });
    shown.onclick = () => {
      window.focus();
      notice.onClick();
      shown.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker: none then.
  }
}
