import type { BotLanguage, LauncherStatus } from "@parley/contracts";

/**
 * The launcher's own words, sent with its status so embed.js (≤ 2 KB) carries no catalog:
 * the open launcher's label, the greeting bubble's dismiss button, the unread count ("{n}" is the
 * number) and the chat frame's title.
 */
export const LAUNCHER_LABELS: Record<BotLanguage, Extract<LauncherStatus, { available: true }>["labels"]> = {
  en: { close: "Close chat", dismiss: "Dismiss greeting", unread: "{n} new", title: "Chat" },
  ar: { close: "إغلاق المحادثة", dismiss: "إخفاء الترحيب", unread: "{n} جديدة", title: "المحادثة" },
};
