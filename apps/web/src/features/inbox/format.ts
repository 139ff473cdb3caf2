import { formatDate, type Language } from "@parley/ui/i18n";
import type { useTranslation } from "@parley/ui/i18n/react";

/** Dates and counts as the inbox shows them, in the reader's language. Times are the viewer's local time. */

/** What the inbox's formatters need: the page's language and the inbox catalog. */
export interface InboxWords {
  language: Language;
  t: ReturnType<typeof useTranslation<"inbox">>["t"];
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/**
 * Short and relative for the list: "Just now", "12 min ago", "3:05 PM" (earlier today),
 * "Yesterday", "Mar 4", "Mar 4, 2025" (another year).
 */
export function formatWhen(iso: string, now: Date, { language, t }: InboxWords): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1 && minutes > -2) return t("when.justNow");
  if (minutes >= 1 && minutes < 60) return t("when.minutesAgo", { count: minutes });
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return formatDate(language, date, "time");
  if (days === 1) return t("when.yesterday");
  return formatDate(language, date, date.getFullYear() === now.getFullYear() ? "monthDay" : "date");
}

/** "Mar 4, 2026, 3:05 PM". */
export function formatDateTime(language: Language, iso: string): string {
  return formatDate(language, iso, "dateTime");
}

/** "3:05 PM" for a message inside a transcript. */
export function formatTime(language: Language, iso: string): string {
  return formatDate(language, iso, "time");
}

/** How a verified customer is named: their name, else their e-mail, else the business's id for them. */
export function customerLabel(customer: { id: string; email: string | null; name: string | null }): string {
  return customer.name || customer.email || customer.id;
}

/** The viewer's local calendar day of a time ("2026-03-04"), to tell where a new day begins. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * Where a transcript shows the day above a message: before the first message of each day, when
 * the conversation spans more than one (a WhatsApp customer may answer tomorrow). Indexes.
 */
export function dayBreaks(messages: readonly { createdAt: string }[]): Set<number> {
  const days = messages.map((m) => localDay(m.createdAt));
  if (new Set(days).size < 2) return new Set();
  return new Set(days.flatMap((day, i) => (i === 0 || day !== days[i - 1] ? [i] : [])));
}
